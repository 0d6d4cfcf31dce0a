"""`vmap` over Parameters passed as arguments: per-element writes stacked back, against numpy."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops
from msfunc.ops import operations as P


def _assign_add(v, x):
    return P.AssignAdd()(v, x)


def _param(array, name="w"):
    return ms.Parameter(ms.Tensor(np.asarray(array, np.float32)), name=name)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_mapped_parameter_takes_the_stacked_writes(axis):
    start = (
        np.arange(6, dtype=np.float32).reshape(2, 3)
        if axis
        else np.arange(6, dtype=np.float32).reshape(3, 2)
    )
    x = np.linspace(1.0, 2.0, 6, dtype=np.float32).reshape(3, 2)
    w = _param(start)
    out = ms.vmap(_assign_add, in_axes=(axis, 0))(w, ms.Tensor(x))
    element_major = np.moveaxis(start, axis, 0)  # the numpy update, element by element
    expected = np.stack([element_major[i] + x[i] for i in range(3)])
    np.testing.assert_allclose(out.asnumpy(), expected)
    np.testing.assert_allclose(w.asnumpy(), np.moveaxis(expected, 0, axis))


def test_reads_after_a_write_see_the_slice_and_out_axes_apply_to_outputs_only():
    w = _param(np.ones((3, 2)))
    x = np.arange(6, dtype=np.float32).reshape(3, 2)

    def step(v, g):
        ops.assign(v, v * g)
        return v + 1.0

    out = ms.vmap(step, in_axes=(0, 0), out_axes=1)(w, ms.Tensor(x))
    np.testing.assert_allclose(w.asnumpy(), x)
    np.testing.assert_allclose(out.asnumpy(), (x + 1.0).T)


def test_unwritten_mapped_parameter_is_left_alone():
    w = _param(np.arange(6).reshape(3, 2))
    out = ms.vmap(lambda v, x: v * x, in_axes=(0, None))(w, ms.Tensor(2.0, ms.float32))
    np.testing.assert_allclose(out.asnumpy(), np.arange(6).reshape(3, 2) * 2.0)
    np.testing.assert_allclose(w.asnumpy(), np.arange(6).reshape(3, 2))


def test_unmapped_parameter_takes_a_uniform_write_and_refuses_a_per_element_one():
    w = _param(np.zeros(2))
    ms.vmap(
        lambda v, x: P.AssignAdd()(v, ms.Tensor(np.ones(2, np.float32))) + x, in_axes=(None, 0)
    )(w, ms.Tensor(np.ones((3, 2), np.float32)))
    np.testing.assert_allclose(w.asnumpy(), np.ones(2))  # once, not once per element
    with pytest.raises(ValueError, match="'w'"):
        ms.vmap(_assign_add, in_axes=(None, 0))(w, ms.Tensor(np.ones((3, 2), np.float32)))
    np.testing.assert_allclose(w.asnumpy(), np.ones(2))


def test_a_raising_function_writes_nothing():
    w = _param(np.zeros((3, 2)))

    def fails(v, x):
        P.AssignAdd()(v, x)
        raise RuntimeError("after the write")

    with pytest.raises(RuntimeError, match="after the write"):
        ms.vmap(fails, in_axes=(0, 0))(w, ms.Tensor(np.ones((3, 2), np.float32)))
    np.testing.assert_allclose(w.asnumpy(), np.zeros((3, 2)))


def test_bad_parameter_axes_are_refused_before_tracing():
    w = _param(np.zeros((3, 2)))
    x = ms.Tensor(np.ones((3, 2), np.float32))
    with pytest.raises(ValueError, match="passed at two positions"):
        ms.vmap(lambda a, b, c: a + b + c, in_axes=(0, 0, 0))(w, w, x)
    with pytest.raises(ValueError, match="Parameter"):
        ms.vmap(_assign_add, in_axes=((0,), 0))(w, x)


def _numpy_ftrl(var, accum, linear, grad, lr=0.001, lr_power=-0.5):
    """ApplyFtrl with l1 = l2 = 0, one element."""
    accum_new = accum + grad * grad
    linear_new = linear + grad - (accum_new**-lr_power - accum**-lr_power) / lr * var
    return -linear_new / (accum_new**-lr_power / lr), accum_new, linear_new


class _FtrlEnsemble(nn.Cell):
    """A Cell whose construct vmaps an update over its own Parameters (nested twice)."""

    def __init__(self, var, accum, linear):
        super().__init__()
        self.var, self.accum = _param(var, "var"), _param(accum, "accum")
        self.linear = _param(linear, "linear")

        def update(v, a, lin, g):
            return P.ApplyFtrl()(v, a, lin, g, 0.001, 0.0, 0.0, -0.5)

        inner = ms.vmap(update, in_axes=(0, 0, 0, 0))
        self.step = ms.vmap(inner, in_axes=(0, 0, 0, 0))

    def construct(self, grad):
        return self.step(self.var, self.accum, self.linear, grad)


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_cell_vmapping_its_own_parameters_updates_them_every_call(mode):
    ms.set_context(mode=mode)
    rng = np.random.default_rng(0)
    var, linear = rng.uniform(0.1, 1, (2, 2, 3)), rng.uniform(0.1, 1, (2, 2, 3))
    accum = rng.uniform(0.5, 1.5, (2, 2, 3))
    grad = rng.uniform(-1, 1, (2, 2, 3)).astype(np.float32)
    net = _FtrlEnsemble(var, accum, linear)
    want = [np.float32(a) for a in (var, accum, linear)]
    for _ in range(3):  # compiled from the second call: later values must not be stale
        net(ms.Tensor(grad))
        want = _numpy_ftrl(*want, grad)
        for got, expected in zip((net.var, net.accum, net.linear), want, strict=True):
            np.testing.assert_allclose(got.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_adam_under_jit_updates_each_slice():
    rng = np.random.default_rng(1)
    var, m, v = (rng.uniform(0.1, 1, (4, 3)).astype(np.float32) for _ in range(3))
    grad = rng.uniform(-1, 1, (4, 3)).astype(np.float32)
    params = [_param(var, "var"), _param(m, "m"), _param(v, "v")]
    adam = ms.vmap(
        lambda a, b, c, g: P.Adam()(a, b, c, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, g),
        in_axes=(0, 0, 0, 0),
    )

    @ms.jit
    def step(g):
        return adam(*params, g)

    step(ms.Tensor(grad))
    lr = 0.01 * np.sqrt(1 - 0.999) / (1 - 0.9)
    m_new = 0.9 * m + 0.1 * grad
    v_new = 0.999 * v + 0.001 * grad * grad
    np.testing.assert_allclose(
        params[0].asnumpy(), var - lr * m_new / (np.sqrt(v_new) + 1e-8), rtol=1e-5, atol=1e-6
    )
    np.testing.assert_allclose(params[1].asnumpy(), m_new, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(params[2].asnumpy(), v_new, rtol=1e-5, atol=1e-6)


def test_gradient_flows_through_a_mapped_parameter():
    w = _param(np.arange(6).reshape(3, 2) / 4.0)
    x = np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(3, 2)

    def loss(inputs):
        return ms.vmap(lambda v, a: (v * v * a).sum(), in_axes=(0, 0))(w, inputs).sum()

    grads = ms.grad(loss, grad_position=None, weights=[w])(ms.Tensor(x))
    np.testing.assert_allclose(
        grads[0].asnumpy(), 2 * (np.arange(6).reshape(3, 2) / 4.0) * x, rtol=1e-6
    )
