"""``mindspore.ops.functional``'s scalar and sequence helpers give MindSpore 2.10's values and
types (tests/golden/functional_scalars.json, from the cases of
tests/oracle/functional_scalar_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc.compat import functional_scalars as F
from msfunc.ops.composite import HyperMap

_CASES = case_table("functional_scalar_cases").CASES
_GOLDEN = golden("functional_scalars")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](F) == _GOLDEN[name]


def test_scalar_helpers_take_traced_numbers_in_jit():
    """Under jit a `mutable` number is traced: the helpers still compute (as graph mode does)."""
    run = ms.jit(lambda a, b: (F.scalar_add(a, b), F.scalar_max(a, b), F.scalar_log(b)))
    total, larger, log = run(ms.mutable(2), ms.mutable(3.0))
    assert float(total) == 5.0 and float(larger) == 3.0 and abs(float(log) - 1.0986123) < 1e-6
    assert HyperMap(F.scalar_add)((1, 2), (3, 4)) == (4, 6)
