"""Operands whose shapes do not fit raise MindSpore's exception type (golden types from
MindSpore 2.10, tests/oracle/shape_error_cases.py), not JAX's TypeError."""

import json
import sys

import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.compat import alias_mindspore, unalias_mindspore

sys.path.insert(0, str(ORACLE))
from shape_error_cases import CASES  # noqa: E402

GOLDEN_TYPES = json.loads((GOLDEN / "shape_errors.json").read_text())


PRODUCTS = ["matmul", "tensor_matmul", "ops_matmul", "ops_matmul_1d", "ops_mm", "ops_bmm"]


@pytest.fixture(scope="module")
def mindspore():
    """`import mindspore` as programs see it (`ops.mm` is one of its legacy names)."""
    alias_mindspore()
    import mindspore

    yield mindspore
    unalias_mindspore()


@pytest.mark.parametrize("name", sorted(CASES))
def test_exception_type_matches_mindspores(name, mindspore):
    assert CASES[name](mindspore) == GOLDEN_TYPES[name]


@pytest.mark.parametrize("name", PRODUCTS + ["MatMul", "BatchMatMul"])
def test_the_cpu_matmul_kernel_raises_the_same_types(name, mindspore):
    # MindSpore programs take MindSpore's CPU MatMul kernel (cpu_matmul), which checks first
    with mindspore_numerics():
        assert CASES[name](mindspore) == GOLDEN_TYPES[name]


def test_the_message_names_the_operator_and_both_shapes():
    a, b = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([1.0, 2.0])
    with pytest.raises(ValueError, match=r"__add__.*\(3,\).*\(2,\)"):
        a + b
