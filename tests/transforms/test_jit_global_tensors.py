"""`jit` reads Tensors named by module globals by reference, as graph mode does.

Against MindSpore 2.10's answers (tests/golden/jit_global_tensors.json, from
tests/oracle/jit_global_tensor_cases.py: the same functions run here with ``ms = msfunc``),
and against the uncompiled function after arbitrary item writes.
"""

import numpy as np
from _paths import case_table, golden
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms

_CASES = case_table("jit_global_tensor_cases").CASES
_GOLDEN = golden("jit_global_tensors")

SCALE = ms.Tensor(np.ones(4, np.float32))  # the module global the functions below read


def _affine(x):
    return x * SCALE + SCALE.sum()


def test_cases_match_mindspore():
    for name, case in sorted(_CASES.items()):
        assert case(ms) == _GOLDEN[name], name


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
