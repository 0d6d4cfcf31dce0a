"""Python state a compiled function reads, changed between calls: Tensors named by module
globals are read by reference, and in MindSpore programs Cell attributes keep the values of
the first compile, as graph mode's do.

Against MindSpore 2.10's answers (tests/golden/jit_state.json, from
tests/oracle/jit_state_cases.py: the same functions run here with ``ms = msfunc``),
and against the uncompiled function after arbitrary item writes.
"""

import numpy as np
import pytest
from _paths import case_table, golden
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms

_CASES = case_table("jit_state_cases").CASES
_GOLDEN = golden("jit_state")

SCALE = ms.Tensor(np.ones(4, np.float32))  # the module global the functions below read


def _affine(x):
    return x * SCALE + SCALE.sum()


# cases of rules msfunc keeps for MindSpore programs only (the `import mindspore` alias)
_PROGRAM_RULE_CASES = {
    "graph_mode_cell_attributes",
    "jit_attributes",
    "attributes_assigned_inside",
    "global_lists_changed_inside",
}


def test_cases_match_mindspore():
    for name in sorted(set(_CASES) - _PROGRAM_RULE_CASES):
        assert _CASES[name](ms) == _GOLDEN[name], name


def test_program_rule_cases_match_mindspore(mindspore_checks):
    for name in sorted(_PROGRAM_RULE_CASES):
        assert _CASES[name](ms) == _GOLDEN[name], name


ORDER = [1, 2, 3]


def test_msfunc_own_jit_changes_a_global_list_when_traced_only():
    # JAX's rule outside MindSpore programs: a Python effect happens when the function traces
    @ms.jit
    def reverse(x):
        ORDER.reverse()
        return x + 1

    for _ in range(3):
        reverse(ms.Tensor(1.0))
    assert ORDER == [3, 2, 1]  # (reversed once, by the one trace)


def test_msfunc_own_jit_compiles_again_for_changed_attributes():
    # outside MindSpore programs a compiled Cell sees what the uncompiled one computes
    rows = _CASES["jit_attributes"](ms)
    assert rows[1] == [4.0, 4.0] and rows[4] == [6.0, 6.0] and rows[6] == [7.0, 7.0]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.floats(-4, 4, width=32)), max_size=4))
def test_compiled_call_after_item_writes_equals_the_uncompiled_one(writes):
    compiled = ms.jit(_affine)
    x = ms.Tensor(np.arange(4, dtype=np.float32))
    compiled(x)
    for index, value in writes:
        SCALE[index] = value
        np.testing.assert_array_equal(compiled(x).asnumpy(), _affine(x).asnumpy())
    assert len(compiled.compile_cache) == 1  # (values are inputs: nothing compiled again)
    SCALE[:] = 1.0


COUNTS = {"calls": 0}


def test_an_abandoned_trace_leaves_global_dicts_as_they_were(mindspore_checks):
    # the trace that changed a global list is undone, dict writes included, before the
    # function runs eagerly: one call counts once, as the uncompiled function does
    @ms.jit
    def count(x):
        ORDER.reverse()
        COUNTS["calls"] = COUNTS["calls"] + 1
        return x + 1

    order = list(ORDER)
    with pytest.warns(RuntimeWarning, match="global list 'ORDER'"):
        count(ms.Tensor(1.0))
    assert COUNTS["calls"] == 1 and ORDER == order[::-1]
    count(ms.Tensor(1.0))
    assert COUNTS["calls"] == 2 and ORDER == order
