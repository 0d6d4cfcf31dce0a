"""Graph-mode syntax rules and the graph helpers of ``mindspore.ops`` match MindSpore 2.10
(tests/golden/jit_syntax.json, from the cases of tests/oracle/jit_syntax_cases.py run here with
msfunc under its ``mindspore`` alias)."""

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc.errors import StateError

_CASES = case_table("jit_syntax_cases").CASES
_GOLDEN = golden("jit_syntax")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]


def test_a_parameter_built_in_the_trace_and_written_there_is_refused(aliased_mindspore):
    # MindSpore keeps such an object across calls (its Parameter's writes accumulate);
    # msfunc builds it again on each trace, so the write is refused, never dropped
    class Counter(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.z = ms.Parameter(ms.Tensor([1.0]), name="z")

        def construct(self, x):
            ms.ops.assign_add(self.z, x)
            return self.z * 2

    def step(x):
        return Counter()(x)

    with pytest.raises(StateError, match="'z' was created inside"):
        ms.jit(step)(ms.Tensor([1.0]))
