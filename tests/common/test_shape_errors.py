"""Operands whose shapes do not fit raise MindSpore's exception type (golden types from
MindSpore 2.10, tests/oracle/shape_error_cases.py), not JAX's TypeError."""

import json
import sys

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
from shape_error_cases import CASES  # noqa: E402

GOLDEN_TYPES = json.loads((GOLDEN / "shape_errors.json").read_text())
# MindSpore's ops.matmul reaches its kernel's RuntimeError; msfunc's checks the shapes first
DIFFERENT = {"ops_matmul": "ValueError"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_exception_type_matches_mindspores(name):
    assert CASES[name](ms) == DIFFERENT.get(name, GOLDEN_TYPES[name])


def test_the_message_names_the_operator_and_both_shapes():
    a, b = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([1.0, 2.0])
    with pytest.raises(ValueError, match=r"__add__.*\(3,\).*\(2,\)"):
        a + b
