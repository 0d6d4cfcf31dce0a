"""Assignment ops (assign, assign_add, assign_sub and their primitives): in-place updates,
the shapes and dtypes accepted, errors before tracing, against MindSpore 2.10 golden values
(tests/oracle/gen_ops_assignment_golden.py) and numpy."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import Parameter, Tensor, ops
from msfunc.ops import operations as P

GOLDEN = json.loads((TESTS / "golden" / "ops_assignment.json").read_text())
ASSIGN_OPS = {
    "assign": ops.assign,
    "assign_add": ops.assign_add,
    "assign_sub": ops.assign_sub,
    "Assign": P.Assign(),
    "AssignAdd": P.AssignAdd(),
    "AssignSub": P.AssignSub(),
}


@pytest.mark.parametrize(
    "fn, ref",
    [
        (ops.assign_sub, np.subtract),
        (ops.assign_add, np.add),
        (ops.assign, lambda x, y: y),
        (P.AssignSub(), np.subtract),
        (P.AssignAdd(), np.add),
        (P.Assign(), lambda x, y: y),
    ],
)
def test_assignment_updates_a_tensor_in_place(fn, ref):
    x0 = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 1.5, np.float32)
    x = Tensor(x0.copy())
    out = fn(x, Tensor(y))
    np.testing.assert_array_equal(x.asnumpy(), ref(x0, y))
    np.testing.assert_array_equal(out.asnumpy(), ref(x0, y))
    assert x.dtype == np.float32
    w = Parameter(Tensor(x0.copy()), name="w")
    fn(w, Tensor(y))
    np.testing.assert_array_equal(w.asnumpy(), ref(x0, y))


def test_assign_sub_rejects_a_non_tensor():
    with pytest.raises(TypeError, match="variable"):
        ops.assign_sub(np.ones(2, np.float32), Tensor(np.ones(2, np.float32)))


@pytest.mark.parametrize("name", sorted(ASSIGN_OPS))
def test_assignment_shapes_match_mindspore(name):
    for case in GOLDEN["assign"][name]:
        shape, vshape = tuple(case["variable"]), case["value_shape"]
        x0 = np.arange(1, int(np.prod(shape)) + 1, dtype=np.float32).reshape(shape)
        w = Parameter(Tensor(x0), name="w")
        value = 1.5 if vshape == "py" else Tensor(np.full(vshape, 1.5, np.float32))
        where = f"{name}: variable {shape}, value {vshape}"
        if "error" in case:
            with pytest.raises((ValueError, RuntimeError), match="`value`") as info:
                ASSIGN_OPS[name](w, value)
            assert type(info.value).__name__ == case["error"], where
            np.testing.assert_array_equal(w.asnumpy(), x0, err_msg=where)  # left unchanged
        else:
            ASSIGN_OPS[name](w, value)
            assert list(w.shape) == case["shape"], where
            np.testing.assert_array_equal(w.asnumpy(), case["result"], err_msg=where)


def test_assignment_shape_error_is_raised_before_tracing():
    w = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="w")
    step = ms.jit(lambda v: ops.assign_sub(w, v))
    with pytest.raises(ValueError, match=r"`value` of shape \(3,\).*`variable` of shape \(2, 3\)"):
        step(Tensor(np.ones(3, np.float32)))
    t = Tensor(np.zeros((2, 3), np.float32))  # a plain Tensor variable is checked alike
    with pytest.raises(ValueError, match="AssignAdd"):
        P.AssignAdd()(t, Tensor(np.ones((1, 3), np.float32)))


@pytest.mark.parametrize("kind", ["parameter", "tensor"])
def test_assignment_dtypes_match_mindspore(kind):
    # A variable keeps its dtype: the value's must promote into it.
    ops_by_name = {"assign": ops.assign, "assign_add": ops.assign_add, "Assign": P.Assign()}
    cases = {k: v for k, v in GOLDEN["assign_dtypes"].items() if k.split("/")[1] == kind}
    assert len(cases) == 3 * 19
    for key, expected in cases.items():
        name, _, var_dtype, value_dtype = key.split("/")
        scalar = value_dtype.startswith("py_")
        x0 = np.array(1 if scalar else [1, 0, 1]).astype(var_dtype)
        w = Parameter(Tensor(x0), name="w") if kind == "parameter" else Tensor(x0)
        value = (
            {"py_float": 2.5, "py_int": 2}[value_dtype]
            if scalar
            else Tensor(np.array([2, 1, 0]).astype(value_dtype))
        )
        if key == "assign_add/tensor/float16/int64":
            # MindSpore 2.10 leaves this plain Tensor unchanged (the sum lands in a cast
            # copy); msfunc updates it as it does a Parameter: numpy gives the sum.
            expected = {"dtype": "float16", "result": x0 + np.array([2, 1, 0])}
        if "error" in expected:
            with pytest.raises(TypeError, match="keeps its dtype"):
                ops_by_name[name](w, value)
            np.testing.assert_array_equal(w.asnumpy(), x0, err_msg=key)  # left unchanged
        else:
            ops_by_name[name](w, value)
            assert str(w.dtype).lower() == expected["dtype"], key
            np.testing.assert_array_equal(w.asnumpy(), expected["result"], err_msg=key)


@pytest.mark.parametrize("assign", [ops.assign, ops.Assign()], ids=["function", "primitive"])
def test_assign_gradient_goes_to_the_variable(assign):
    # MindSpore 2.10 (grad of assign(x, y) * [3, 4] by x and y, both forms): ([3, 4], [0, 0])
    x = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="x")
    y = Tensor(np.array([2.0, 3.0], np.float32))
    dx, dy = ops.grad(lambda a, b: assign(a, b) * Tensor([3.0, 4.0]), (0, 1))(x, y)
    np.testing.assert_array_equal(dx.asnumpy(), [3.0, 4.0])
    np.testing.assert_array_equal(dy.asnumpy(), [0.0, 0.0])
