"""A few ops' input edges as MindSpore 2.10 has them (golden answers from
tests/oracle/op_input_rules_cases.py): Unique's rank, hypot's dtypes and its correctly rounded
float32 values and gradient, an empty ``set_inputs()`` in each mode."""

import json
import sys

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

from msfunc.compat import alias_mindspore, unalias_mindspore

sys.path.insert(0, str(ORACLE))
from op_input_rules_cases import CASES  # noqa: E402

GOLDEN_ANSWERS = json.loads((GOLDEN / "op_input_rules.json").read_text())


@pytest.fixture(scope="module")
def mindspore():
    """`import mindspore` as programs see it."""
    alias_mindspore()
    import mindspore

    yield mindspore
    unalias_mindspore()


# float64 hypot: XLA's scaled formula may differ from MindSpore's std::hypot in the last bit
ONE_ULP = {"hypot_float64"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_answer_matches_mindspores(name, mindspore):
    # exact equality elsewhere: the float32 values are compared as the floats MindSpore stored
    with mindspore_numerics():
        answer = CASES[name](mindspore)
    if name in ONE_ULP:
        np.testing.assert_allclose(answer, GOLDEN_ANSWERS[name], rtol=2.5e-16, atol=0)
    else:
        assert answer == GOLDEN_ANSWERS[name]


def test_hypot_is_correctly_rounded_outside_mindspore_programs_too(mindspore):
    assert CASES["hypot_float32"](mindspore) == GOLDEN_ANSWERS["hypot_float32"]
