"""``ops.interpolate`` and ``mint.nn.functional.interpolate`` refuse what MindSpore 2.10 refuses
(int scale factors, factor counts other than the spatial rank, integer and bool inputs) with its
exception classes (tests/golden/interpolate_arguments.json, from the cases of
tests/oracle/interpolate_argument_cases.py run here with msfunc)."""

import numpy as np
import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import mint, ops

_CASES = case_table("interpolate_argument_cases").CASES
_GOLDEN = golden("interpolate_arguments")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ops, mint, ms.Tensor) == _GOLDEN[name]


def test_size_may_hold_integer_scalars():
    """A size sequence of 0-d integer Tensors (mutable ints) is read as ints."""
    x = ms.Tensor(np.ones((1, 1, 3), np.float32))
    assert ops.interpolate(x, [ms.Tensor(5)]).shape == (1, 1, 5)
