"""Tensor conversions, views and integer gradients as MindSpore 2.10 gives them
(tests/oracle/gen_tensor_conversions_golden.py), views also against numpy's view semantics."""

import json

import _alias_scenarios
import numpy as np
import pytest
from _paths import TESTS, case_table

import msfunc as ms
from msfunc import nn, ops

GOLDEN = json.loads((TESTS / "golden" / "tensor_conversions.json").read_text())


def _error_name(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001  (the type is what is compared)
        return type(exc).__name__
    return None


def test_python_scalars_of_one_element_tensors():
    want = GOLDEN["conversions"]
    assert (
        list(ms.Tensor(np.ones(3, np.float32)).expand_dims(axis=0).shape)
        == want["expand_dims_axis"]
    )
    assert [
        int(ms.Tensor([3])),
        int(ms.Tensor(np.array([[[-7]]]))),
        int(ms.Tensor([[3.7]])),
    ] == want["int"]
    assert [float(ms.Tensor([2])), float(ms.Tensor([[2.5]]))] == want["float"]
    assert [bool(ms.Tensor([[0]])), bool(ms.Tensor([0.5]))] == want["bool"]
    assert _error_name(lambda: int(ms.Tensor([1, 2]))) == want["int_two_elements"]
    assert _error_name(lambda: float(ms.Tensor([1.0, 2.0]))) == want["float_two_elements"]
    assert _error_name(lambda: bool(ms.Tensor([1, 2]))) == want["bool_two_elements"]
    assert _error_name(lambda: bool(ms.Tensor(np.zeros((0,), np.float32)))) == want["bool_empty"]
    with pytest.raises(ValueError, match="2 elements"):
        int(ms.Tensor([1, 2]))


def test_grad_operation_of_one_parameter_is_bare():
    want = GOLDEN["grad_operation"]
    dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = ms.Tensor(np.ones((1, 2), np.float32))
    one = ops.GradOperation(get_by_list=True)(dense, dense.weight)(x)
    assert isinstance(one, ms.Tensor) == want["one_parameter_is_tensor"]
    assert one.asnumpy().tolist() == want["one_parameter"]
    in_list = ops.GradOperation(get_by_list=True)(dense, [dense.weight])(x)
    assert isinstance(in_list, tuple) == want["list_is_tuple"]
    both = ops.GradOperation(get_all=True, get_by_list=True)(dense, dense.weight)(x)
    assert isinstance(both[1], ms.Tensor) and isinstance(both[0], tuple)


def test_views_write_through_as_mindspore_and_numpy():
    want = GOLDEN["views"]
    t = ms.Tensor(np.arange(6, dtype=np.float32))
    b = t.view((3, 2))
    b[0, 0] = 7
    assert t.asnumpy().tolist() == want["view_write"]
    t[1] = 9
    assert b.asnumpy().tolist() == want["base_write_seen"]
    t = ms.Tensor(np.arange(6, dtype=np.float32))
    r = t.reshape(2, 3)
    r[1, 2] = -1
    assert t.asnumpy().tolist() == want["reshape_write"]
    u = ms.Tensor(np.zeros((2, 2), np.float32))
    u[0][0] = 5
    assert u.asnumpy().tolist() == want["chained_index"]
    t = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    col = t[:, 1]
    col[1] = 50
    assert t.asnumpy().tolist() == want["column_write"]
    t = ms.Tensor(np.arange(6, dtype=np.float32))
    s = t[::2]
    s[1] = -5
    e = t[None, 3:]
    e[0, 0] = 100
    assert t.asnumpy().tolist() == want["step_and_none"]
    t = ms.Tensor(np.arange(6, dtype=np.float32))
    v = t.view(2, 3)
    w = v[1]
    w[2] = -1
    assert [t.asnumpy().tolist(), v.asnumpy().tolist()] == want["view_of_view"]
    t = ms.Tensor(np.arange(4, dtype=np.float32))
    c = t[1:]
    c += 1  # MindSpore (CPU) shares item writes only
    assert t.asnumpy().tolist() == want["inplace_add_not_shared"]
    n = np.zeros(3, np.float32)
    x = ms.Tensor.from_numpy(n)
    x[1] = 3
    tail = x[1:]
    tail[1] = 8
    assert n.tolist() == want["from_numpy_writes"]


@pytest.mark.parametrize(
    "index",
    [
        (1,),
        (slice(None), 2),
        (Ellipsis, slice(1, None, 2)),
        (None, 0, slice(None, None, -1)),
        (slice(2, 3), Ellipsis),
    ],
)
def test_basic_index_views_follow_numpy(index):
    ref = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = ms.Tensor(ref.copy())
    view, ref_view = t[index], ref[index]
    patch = -np.arange(ref_view.size, dtype=np.float32).reshape(ref_view.shape) - 1
    view[...] = ms.Tensor(patch)
    ref_view[...] = patch
    np.testing.assert_array_equal(t.asnumpy(), ref)
    t[0, 0, 0] = 1000  # a write into the base shows in the view, as in numpy
    ref[0, 0, 0] = 1000
    np.testing.assert_array_equal(view.asnumpy(), ref_view)


def test_advanced_index_and_parameter_are_not_views():
    t = ms.Tensor(np.arange(4, dtype=np.float32))
    picked = t[ms.Tensor([0, 1])]
    picked[0] = 9
    assert t.asnumpy().tolist() == [0.0, 1.0, 2.0, 3.0]
    p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="p")
    part = p[1:]
    part[0] = 4
    assert p.asnumpy().tolist() == [0.0, 0.0, 0.0]  # msfunc: Parameters share no storage


@pytest.mark.parametrize("case", sorted(GOLDEN["int_grads"]))
def test_integer_gradients_match_mindspore(case):
    i2, i3 = ms.Tensor(2), ms.Tensor(3)
    calls = {
        "add": lambda: ms.grad(lambda x, z: x + z, (0, 1))(i2, i3),
        "mul": lambda: ms.grad(lambda x, z: x * z, (0, 1))(i2, i3),
        "div": lambda: ms.grad(lambda x, z: x / z, (0, 1))(i2, i3),
        "times_half": lambda: ms.grad(lambda x: x * 0.5)(i3),
        "cube": lambda: ms.grad(lambda x: x**3)(i2),
        "int32_sum": lambda: ms.grad(lambda x: (x * x).sum())(
            ms.Tensor(np.array([1, -2, 3], np.int32))
        ),
        "uint8": lambda: ms.grad(lambda x: x * x)(ms.Tensor(np.uint8(3))),
        "mixed": lambda: ms.grad(lambda x, w: (x * w).sum(), (0, 1))(
            ms.Tensor([1, 2]), ms.Tensor(np.array([0.5, 1.5], np.float32))
        ),
        "sens": lambda: ms.grad(lambda x: x * 3, sens_param=True)(i2, ms.Tensor(5)),
        "matmul": lambda: ms.grad(lambda x, y: ops.matmul(x, y).sum(), (0, 1))(
            ms.Tensor([[1, 2]]), ms.Tensor([[3], [4]])
        ),
        "value_and_grad": lambda: ms.value_and_grad(lambda x, z: x * z, (0, 1))(i2, i3),
    }

    def values(result):
        if isinstance(result, tuple):
            return [values(r) for r in result]
        return [result.asnumpy().tolist(), ms.common.tensor_format.dtype_name(result.dtype)]

    assert values(calls[case]()) == GOLDEN["int_grads"][case]


# Which writes reach the numpy array `Tensor.from_numpy` was given: the functions of
# tests/oracle/tensor_conversion_cases.py, run here with ``ms = msfunc``.
_CASES = case_table("tensor_conversion_cases").CASES


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ms) == GOLDEN[name]


# Tensors from Python data (NaN, inf, complex, ragged, dtype arguments) and as Python values
# (``__index__``, ``in``, bfloat16's printed form), against MindSpore 2.10
# (tests/oracle/gen_tensor_python_golden.py, whose scenarios run here unchanged under the
# ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("tensor_python"))
def test_matches_mindspore(name):
    _alias_scenarios.check("tensor_python", name)


def test_numpy_sharing_costs_nothing_once_the_shared_tensors_are_gone():
    # While a from_numpy Tensor lives, every Tensor read goes through a property that checks
    # the shared array; the plain slot must come back when the last one (and its views) dies.
    import gc

    from msfunc.common import tensor_numpy_share

    links_before = len(tensor_numpy_share._LINKS)
    n = np.zeros(4, np.float32)
    t = ms.Tensor.from_numpy(n)
    view = t[1:]
    n[2] = 5.0
    assert view.asnumpy().tolist() == [0.0, 5.0, 0.0]
    assert isinstance(ms.Tensor.__dict__["_value"], property)
    del t, view
    gc.collect()
    assert len(tensor_numpy_share._LINKS) == links_before
    if links_before == 0:
        assert not isinstance(ms.Tensor.__dict__["_value"], property)


def test_deep_copies_are_copies_outside_a_mindspore_program():
    # Sharing storage is MindSpore's (tensor_deepcopy and tensor_of_a_tensor above, under the
    # alias); msfunc's own API keeps Python's meaning of a deep copy and of a new Tensor.
    import copy

    assert not ms.context.mindspore_shared_copies()
    a = ms.Tensor([1.0, 2.0])
    b = copy.deepcopy(a)
    b[0] = 5.0
    c = ms.Tensor(a)
    c[1] = 6.0
    assert a.tolist() == [1.0, 2.0] and b.tolist() == [5.0, 2.0] and c.tolist() == [1.0, 6.0]
