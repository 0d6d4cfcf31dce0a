"""`vmap` over Parameters inside tuple, list and dict arguments: each behaves as a Parameter
passed at the top level (per-element writes stacked back, unmapped ones shared)."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import ops
from msfunc.ops import operations as P


def _param(array, name):
    return ms.Parameter(ms.Tensor(np.asarray(array, np.float32)), name=name)


def _x():
    return np.arange(6, dtype=np.float32).reshape(3, 2)


def test_tuple_of_two_parameters_takes_each_elements_writes_along_its_own_axis():
    p, q = _param(np.ones((3, 2)), "p"), _param(np.full((2, 3), 2.0), "q")  # q mapped on axis 1

    def step(pq, x):
        a, b = pq
        ops.assign(a, a + x)
        P.AssignAdd()(b, a * x)  # reads a after its write
        return b

    out = ms.vmap(step, in_axes=((0, 1), 0))((p, q), ms.Tensor(_x()))
    x = _x()
    want_p = np.stack([1.0 + x[i] for i in range(3)])
    want_q_rows = np.stack([2.0 + want_p[i] * x[i] for i in range(3)])
    np.testing.assert_allclose(p.asnumpy(), want_p)
    np.testing.assert_allclose(q.asnumpy(), want_q_rows.T)
    np.testing.assert_allclose(out.asnumpy(), want_q_rows)


def test_nested_tuple_takes_item_writes():
    p, q = _param(np.zeros((3, 2)), "p"), _param(np.zeros((3, 2)), "q")

    def step(tree, x):
        a, (b,) = tree
        a[0] = x[1]
        ops.assign(b, x * 2.0)
        return x

    ms.vmap(step, in_axes=0)((p, (q,)), ms.Tensor(_x()))
    np.testing.assert_allclose(p.asnumpy(), [[1.0, 0.0], [3.0, 0.0], [5.0, 0.0]])
    np.testing.assert_allclose(q.asnumpy(), _x() * 2.0)


def test_list_of_parameters_is_updated_on_compiled_calls_too():
    p, q = _param(np.zeros((3, 2)), "p"), _param(np.ones((3, 2)), "q")
    step = ms.vmap(lambda pq, x: [P.AssignAdd()(v, x) for v in pq], in_axes=0)
    for _ in range(2):  # PyNative compiles the second call
        step([p, q], ms.Tensor(_x()))
    np.testing.assert_allclose(p.asnumpy(), 2.0 * _x())
    np.testing.assert_allclose(q.asnumpy(), 1.0 + 2.0 * _x())


def test_parameter_tuple_and_dict_arguments_are_looked_through():
    p, q = _param(np.zeros((3, 2)), "p"), _param(np.zeros((3, 2)), "q")
    ms.vmap(lambda ps, d: [P.AssignAdd()(v, d["x"]) for v in ps], in_axes=(0, 0))(
        ms.ParameterTuple([p, q]), {"x": ms.Tensor(_x())}
    )
    np.testing.assert_allclose(p.asnumpy(), _x())
    np.testing.assert_allclose(q.asnumpy(), _x())


def test_mixed_tuple_of_parameter_and_tensor():
    p = _param(np.ones((3, 2)), "p")
    scale = np.array([1.0, 2.0, 3.0], np.float32)

    def step(pair):
        v, s = pair
        ops.assign(v, v * s)
        return v.sum()

    out = ms.vmap(step, in_axes=((0, 0),))((p, ms.Tensor(scale)))
    np.testing.assert_allclose(p.asnumpy(), np.ones((3, 2)) * scale[:, None])
    np.testing.assert_allclose(out.asnumpy(), 2.0 * scale)


def test_unmapped_parameter_in_a_tuple_is_shared():
    p, s = _param(np.zeros((3, 2)), "p"), _param(np.zeros(2), "shared")
    uniform = ms.Tensor(np.ones(2, np.float32))
    ms.vmap(lambda ps, x: P.AssignAdd()(ps[1], uniform) + x, in_axes=((0, None), 0))(
        (p, s), ms.Tensor(_x())
    )
    np.testing.assert_allclose(s.asnumpy(), np.ones(2))  # once, not once per element
    with pytest.raises(ValueError, match="'shared'"):
        ms.vmap(
            lambda ps, x: (P.AssignAdd()(ps[0], x), P.AssignAdd()(ps[1], x)), in_axes=((0, None), 0)
        )((p, s), ms.Tensor(_x()))
    np.testing.assert_allclose(p.asnumpy(), np.zeros((3, 2)))  # a refused call writes nothing
    np.testing.assert_allclose(s.asnumpy(), np.ones(2))


def test_parameter_passed_twice_inside_tuples_is_refused():
    p, q = _param(np.zeros((3, 2)), "p"), _param(np.zeros((3, 2)), "q")
    x = ms.Tensor(_x())
    with pytest.raises(ValueError, match=r"'p' is passed at two positions \(0\[0\] and 1\[1\]\)"):
        ms.vmap(lambda a, b: a[0] + b[1], in_axes=0)((p, q), (x, p))
    with pytest.raises(ValueError, match="passed at two positions"):  # mapped and unmapped
        ms.vmap(lambda a, b: a[0] + b, in_axes=((0, 0), None))((p, q), p)
    with pytest.raises(ValueError, match=r"argument 0\[1\] is a Parameter"):
        ms.vmap(lambda a: a[0] + a[1], in_axes=((0, (0,)),))((p, q))


def test_tuple_of_parameters_under_jit_and_nested_vmap():
    p, q = _param(np.zeros((2, 3, 2)), "p"), _param(np.ones((2, 3, 2)), "q")
    inner = ms.vmap(
        lambda pq, g: (P.AssignAdd()(pq[0], g), ops.assign(pq[1], pq[1] * g)), in_axes=0
    )
    outer = ms.vmap(inner, in_axes=0)

    @ms.jit
    def step(g):
        return outer((p, q), g)

    g = np.arange(12, dtype=np.float32).reshape(2, 3, 2)
    step(ms.Tensor(g))
    step(ms.Tensor(g))  # the compiled program reads the values the first call wrote
    np.testing.assert_allclose(p.asnumpy(), 2.0 * g)
    np.testing.assert_allclose(q.asnumpy(), g * g)


def test_gradient_flows_through_parameters_in_a_tuple():
    start = np.arange(6, dtype=np.float32).reshape(3, 2) / 4.0
    p, q = _param(start, "p"), _param(start + 1.0, "q")
    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(3, 2)

    def loss(inputs):
        return ms.vmap(lambda pq, a: (pq[0] * pq[1] * a).sum(), in_axes=0)((p, q), inputs).sum()

    grads = ms.grad(loss, grad_position=None, weights=[p, q])(ms.Tensor(x))
    np.testing.assert_allclose(grads[0].asnumpy(), (start + 1.0) * x, rtol=1e-6)
    np.testing.assert_allclose(grads[1].asnumpy(), start * x, rtol=1e-6)


def test_per_leaf_in_axes_match_list_and_namedtuple_arguments():
    import collections

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(6, dtype=np.float32).reshape(3, 2)
    pair = collections.namedtuple("Pair", "x y")
    summed = ms.vmap(lambda ab: ab[0] + ab[1], in_axes=((0, 1),))
    for axes in (((0, 1),), [[0, 1]]):  # tuple or list entries, as for a tuple argument
        out = ms.vmap(lambda ab: ab[0] + ab[1], in_axes=axes)([ms.Tensor(a), ms.Tensor(b)])
        np.testing.assert_array_equal(out.asnumpy(), a + b.T)
    np.testing.assert_array_equal(summed((ms.Tensor(a), ms.Tensor(b))).asnumpy(), a + b.T)
    out = ms.vmap(lambda p: p.x * p.y, in_axes=((0, 1),))(pair(ms.Tensor(a), ms.Tensor(b)))
    np.testing.assert_array_equal(out.asnumpy(), a * b.T)
