"""GradOperation's weight and keyword forms, nn.ForwardValueAndGrad, _no_grad, custom bprop
gradient shapes, jvp/vjp input checks and CellList vmap in GRAPH_MODE.

Structure and values come from real MindSpore 2.10 (tests/golden/grad_parity.json, written
by tests/oracle/gen_grad_parity_golden.py); the rest is checked against raw JAX or numpy.
"""

import _scenario_golden
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops

gen, GOLDEN, SCENARIOS = _scenario_golden.load("gen_grad_parity_golden", "grad_parity.json")
test_matches_mindspore, test_golden_file_covers_every_scenario = _scenario_golden.case_tests(
    gen, GOLDEN, SCENARIOS, ms, nn, ops
)


def test_no_grad_matches_stop_gradient_under_jit_and_second_order():
    def with_block(x):
        y = jnp.sin(x) * 2.0
        with ms._no_grad():
            m = jnp.exp(y) + jax.jit(jnp.cos)(y)
        return jnp.sum(m * y)

    def by_hand(x):
        y = jnp.sin(x) * 2.0
        m = jax.lax.stop_gradient(jnp.exp(y) + jnp.cos(y))
        return jnp.sum(m * y)

    x = jnp.array([0.3, -1.2], jnp.float32)
    np.testing.assert_allclose(jax.jit(jax.grad(with_block))(x), jax.grad(by_hand)(x), rtol=1e-6)
    second = jax.grad(lambda t: jax.grad(lambda u: with_block(u[None])[()])(t))
    reference = jax.grad(lambda t: jax.grad(lambda u: by_hand(u[None])[()])(t))
    np.testing.assert_allclose(second(0.7), reference(0.7), rtol=1e-6)


def test_grad_inside_no_grad_is_a_runtime_error():
    with ms._no_grad(), pytest.raises(RuntimeError, match="_no_grad"):
        ms.grad(lambda x: x * x)(ms.Tensor(np.float32(2.0)))
    # the block has ended: gradients work again
    assert float(ms.grad(lambda x: x * x)(ms.Tensor(np.float32(2.0)))) == 4.0


def test_bprop_gradient_summed_over_a_size_one_axis_keeps_the_input_shape():
    wide = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)

    class KeepDims(nn.Cell):
        def construct(self, a):
            return a * 2.0

        def bprop(self, a, out, dout):
            return (ms.Tensor(wide),)

    (g,) = ops.GradOperation(get_all=True)(KeepDims())(ms.Tensor(np.ones((2, 1), np.float32)))
    np.testing.assert_array_equal(np.asarray(g), wide.sum(axis=1, keepdims=True))


def test_bprop_gradient_that_cannot_broadcast_is_a_value_error():
    class Mismatch(nn.Cell):
        def construct(self, a):
            return a * 2.0

        def bprop(self, a, out, dout):
            return (ms.Tensor(np.ones((3, 4), np.float32)),)

    with pytest.raises(ValueError, match="broadcast"):
        ops.GradOperation()(Mismatch())(ms.Tensor(np.ones(3, np.float32)))


@pytest.mark.parametrize(
    "call",
    [
        lambda: ms.jvp(lambda x: x * 2, 1, ms.Tensor(np.float32(1.0))),
        lambda: ms.jvp(lambda x: x * 2, ms.Tensor(np.float32(1.0)), (True,)),
        lambda: ms.vjp(lambda x: x * 2, 3),
    ],
)
def test_jvp_and_vjp_refuse_python_ints(call):
    with pytest.raises(TypeError, match="Python"):
        call()


def test_grad_operation_refuses_a_non_callable():
    with pytest.raises(TypeError, match="fn"):
        ops.GradOperation()(None)


def test_jit_class_instances_work_in_compiled_code_and_cells_are_refused():
    @ms.jit_class
    class Affine:
        def __init__(self, w, b):
            self.w, self.b = w, b

        def __call__(self, x):
            return x * self.w + self.b

    affine = Affine(ms.Tensor(np.float32(3.0)), 1.0)
    got = ms.jit(lambda x: affine(x) * 2)(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_allclose(np.asarray(got), (np.array([1.0, 2.0]) * 3.0 + 1.0) * 2)
    with pytest.raises(TypeError, match="Cell"):
        ms.jit_class(nn.Dense)
    with pytest.raises(TypeError, match="class"):
        ms.jit_class(lambda x: x)


@ms.jit
def _square_until(x, y):
    while x < y:
        x = x * x + 1
    return x


def _square_until_by_hand(x, y):
    while x < y:
        x = x * x + 1
    return x


def test_grad_of_a_jit_while_loop_from_eager_code_matches_finite_differences():
    y = ms.Tensor(np.array([5.0], np.float32))
    for start in (1.5, 2.5, 7.0):  # two, one and no iterations
        g = ms.grad(_square_until)(ms.Tensor(np.array([start], np.float32)), y)
        eps = 1e-3
        fd = (_square_until_by_hand(start + eps, 5.0) - _square_until_by_hand(start - eps, 5.0)) / (
            2 * eps
        )
        np.testing.assert_allclose(np.asarray(g), [fd], rtol=1e-3)


def test_grad_of_a_while_loop_inside_an_outer_jit_still_explains_itself():
    from msfunc.transforms.control_flow import ControlFlowError

    y = ms.Tensor(np.array([5.0], np.float32))
    with pytest.raises(ControlFlowError, match="while"):
        ms.jit(lambda x: ms.grad(_square_until)(x, y), strict=True)(
            ms.Tensor(np.array([1.5], np.float32))
        )


def test_parameter_writes_inside_no_grad_are_kept_under_grad():
    bn = nn.BatchNorm1d(3, momentum=0.9)
    bn.set_train(True)
    x_np = np.arange(6, dtype=np.float32).reshape(2, 3)

    def loss(x):
        with ms._no_grad():
            y = bn(x)
        return (y * x).sum()

    got = ms.grad(loss)(ms.Tensor(x_np))
    normalized = (x_np - x_np.mean(0)) / np.sqrt(x_np.var(0) + 1e-5)
    np.testing.assert_allclose(np.asarray(got), normalized, rtol=1e-4)
    np.testing.assert_allclose(np.asarray(bn.moving_mean.value()), 0.1 * x_np.mean(0), rtol=1e-6)
