"""ms.grad / ms.value_and_grad conventions against hand-written JAX and finite differences."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _grad_common import X, Y, close, f2

import msfunc as ms


def test_default_position_is_first_input():
    got = ms.grad(f2)(X, Y)
    close(got, jax.grad(f2)(X, Y))


def test_int_position_second_input():
    got = ms.grad(f2, grad_position=1)(X, Y)
    close(got, jax.grad(f2, argnums=1)(X, Y))


@pytest.mark.parametrize("positions", [(0, 1), (1, 0), [0, 1]])
def test_tuple_position_gives_tuple_in_order(positions):
    got = ms.grad(f2, grad_position=positions)(X, Y)
    ref = jax.grad(f2, argnums=tuple(positions))(X, Y)
    assert isinstance(got, tuple) and len(got) == 2
    for g, r in zip(got, ref, strict=True):
        close(g, r)


def test_repeated_position_is_value_error():
    # MindSpore 2.10: "There are duplicate positions in `grad_position`" (ValueError).
    with pytest.raises(ValueError, match="grad_position"):
        ms.grad(f2, grad_position=(1, 1))(X, Y)
    with pytest.raises(ValueError, match="grad_position"):
        ms.value_and_grad(f2, grad_position=(0, 1, 0))(X, Y)


def test_one_element_tuple_gives_bare_gradient():
    # MindSpore: grad_position=(0,) returns the bare gradient (golden-checked elsewhere).
    got = ms.grad(f2, grad_position=(1,))(X, Y)
    assert not isinstance(got, tuple)
    close(got, jax.grad(f2, argnums=1)(X, Y))


def test_python_float_inputs_are_differentiated():
    got = ms.grad(lambda a, b: a**3 * b, (0, 1))(2.0, 0.5)
    close(got[0], 3 * 4.0 * 0.5)
    close(got[1], 8.0)


def test_non_differentiated_arguments_may_be_anything():
    def fn(x, scale, name):
        assert name == "tag"
        return jnp.sum(x * scale)

    close(ms.grad(fn)(X, 3, "tag"), jnp.full(3, 3.0))


def test_integer_input_gets_the_truncated_gradient():
    # As MindSpore: the float gradient cast to the integer dtype, truncating toward zero
    # (more cases against MindSpore in test_tensor_conversions.py).
    n = jnp.array([1, 2, 3], jnp.int32)
    gx, gn = ms.grad(lambda x, n: jnp.sum(x * n), (0, 1))(X, n)
    close(gx, n.astype(jnp.float32))
    assert gn.dtype == jnp.int32
    np.testing.assert_array_equal(np.asarray(gn), np.trunc(np.asarray(X)).astype(np.int32))


def test_integer_only_input_gets_an_integer_gradient():
    g = ms.grad(lambda n: n * 2)(ms.Tensor(5))
    assert np.asarray(g).shape == () and int(g) == 2 and g.dtype == np.int64


def test_integer_used_as_an_index_gets_zeros_beside_an_integer_factor():
    # An index cannot run as a float: it keeps MindSpore's zero gradient of an index, while
    # the other integer input (a factor) still gets its truncated gradient.
    def fn(x, index, k):
        return jnp.sum(x[index] * k)

    x = jnp.array([0.5, 2.5, -1.5], jnp.float32)
    index, k = jnp.array([2, 0], jnp.int32), jnp.array([3, 4], jnp.int32)
    gx, gi, gk = ms.GradOperation(get_all=True)(fn)(x, index, k)
    close(gx, [4.0, 0.0, 3.0])
    assert gi.dtype == jnp.int32 and np.asarray(gi).tolist() == [0, 0]
    assert gk.dtype == jnp.int32 and np.asarray(gk).tolist() == [-1, 0]  # trunc(-1.5, 0.5)


def test_python_int_at_grad_position_is_a_constant():
    # As in MindSpore, a Python int is not differentiated and leaves the result:
    # one gradient remains, so it is bare.
    g = ms.grad(lambda x, k: x * k, (0, 1))(2.0, 3)
    close(g, 3.0)


def test_tuple_input_with_an_integer_leaf_keeps_the_float_gradient():
    # A tuple at a grad position is differentiated leaf by leaf (msfunc's choice; MindSpore
    # returns ()); an integer leaf must not zero the gradient of its float neighbours.
    got = ms.grad(lambda xs: jnp.sum(xs[0] * xs[1]))((X, jnp.array([1, 2, 3])))
    close(got[0], [1.0, 2.0, 3.0])
    assert np.all(np.asarray(got[1]) == 0)


def test_keyword_arguments_pass_through_undifferentiated():
    # MindSpore 2.10: ms.grad(fn)(x, b=3.0) calls fn(x, b=3.0) and returns d/dx.
    def fn(a, b=1.0):
        return jnp.sum(a * b)

    close(ms.grad(fn)(X, b=3.0), jnp.full(3, 3.0))
    value, g = ms.value_and_grad(fn)(X, b=2.0)
    close(value, 2.0 * jnp.sum(X))
    close(g, jnp.full(3, 2.0))


def test_parameter_as_input():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p_in")
    close(ms.grad(lambda v: jnp.sum(jnp.exp(v)))(p), jnp.exp(jnp.array([1.0, 2.0])))


def test_non_scalar_output_uses_ones_sensitivity():
    def fn(x):
        return jnp.outer(jnp.sin(x), x)

    got = ms.grad(fn)(X)
    out, vjp_fn = jax.vjp(fn, X)
    close(got, vjp_fn(jnp.ones_like(out))[0])


def test_several_outputs_add_up():
    def fn(x, y):
        return x * y, jnp.sin(x), jnp.sum(x**2)

    got = ms.grad(fn, (0, 1))(X, Y)
    ref = jax.grad(
        lambda x, y: jnp.sum(x * y) + jnp.sum(jnp.sin(x)) + jnp.sum(x**2), argnums=(0, 1)
    )(X, Y)
    close(got[0], ref[0])
    close(got[1], ref[1])


def test_nested_output_structure_adds_up():
    def fn(x):
        return [x**2, (jnp.cos(x), {"k": 3 * x})]

    got = ms.grad(fn)(X)
    close(got, 2 * X - jnp.sin(X) + 3)


def test_sens_param_last_argument():
    sens = jnp.array([0.5, -2.0, 3.0])
    got = ms.grad(lambda x, y: jnp.sin(x) * y, (0, 1), sens_param=True)(X, Y, sens)
    _, vjp_fn = jax.vjp(lambda x, y: jnp.sin(x) * y, X, Y)
    ref = vjp_fn(sens)
    close(got[0], ref[0])
    close(got[1], ref[1])


def test_sens_param_with_several_outputs():
    def fn(x):
        return x * 2.0, jnp.sum(x**2)

    sens = (jnp.array([1.0, 2.0, 3.0]), jnp.array(10.0))
    got = ms.grad(fn, sens_param=True)(X, sens)
    close(got, 2.0 * sens[0] + 10.0 * 2 * X)


def test_sens_param_value_and_grad():
    sens = jnp.array([2.0, 2.0, 2.0])
    value, g = ms.value_and_grad(jnp.tanh, sens_param=True)(X, sens)
    close(value, jnp.tanh(X))
    close(g, 2.0 * (1 - jnp.tanh(X) ** 2))


def test_has_aux_grad_returns_grads_and_aux_tuple():
    def fn(x):
        return jnp.sum(x**3), x + 1.0, jnp.cos(x)

    grads, aux = ms.grad(fn, has_aux=True)(X)
    close(grads, 3 * X**2)  # aux outputs do not contribute
    assert isinstance(aux, tuple) and len(aux) == 2
    close(aux[0], X + 1.0)
    close(aux[1], jnp.cos(X))


def test_has_aux_single_aux_is_still_a_tuple():
    grads, aux = ms.grad(lambda x: (jnp.sum(x**2), x * 5.0), has_aux=True)(X)
    close(grads, 2 * X)
    assert isinstance(aux, tuple) and len(aux) == 1
    close(aux[0], X * 5.0)


def test_has_aux_value_and_grad_returns_whole_output():
    def fn(x, y):
        return jnp.sum(x * y), x - y

    (loss, diff), grads = ms.value_and_grad(fn, (0, 1), has_aux=True)(X, Y)
    close(loss, jnp.sum(X * Y))
    close(diff, X - Y)
    close(grads[0], Y)
    close(grads[1], X)


def test_has_aux_aux_is_not_differentiated_even_if_large():
    # Without has_aux the second output would add 100 * x to the gradient.
    grads, _ = ms.grad(lambda x: (jnp.sum(x), 100.0 * x), has_aux=True)(X)
    close(grads, jnp.ones(3))


def test_has_aux_with_single_output_is_value_error():
    with pytest.raises(ValueError):
        ms.grad(lambda x: jnp.sum(x), has_aux=True)(X)


def test_value_and_grad_value_matches_forward():
    value, g = ms.value_and_grad(f2, (0, 1))(X, Y)
    close(value, f2(X, Y))
    ref = jax.grad(f2, argnums=(0, 1))(X, Y)
    close(g[0], ref[0])
    close(g[1], ref[1])


def test_stop_gradient():
    got = ms.grad(lambda x: jnp.sum(x * ms.ops.stop_gradient(x**2)))(X)
    close(got, X**2)


def test_both_none_is_value_error():
    with pytest.raises(ValueError, match="grad_position"):
        ms.grad(f2, grad_position=None, weights=None)
    with pytest.raises(ValueError, match="grad_position"):
        ms.value_and_grad(f2, None, None)


@pytest.mark.parametrize("bad", ["0", 1.0, True, {0: 1}])
def test_bad_grad_position_type(bad):
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.grad(f2, grad_position=bad)(X, Y)


@pytest.mark.parametrize("bad", [-1, (0, -2), (0, "1"), (0, 1.0)])
def test_bad_grad_position_entries(bad):
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.grad(f2, grad_position=bad)(X, Y)


def test_grad_position_out_of_range():
    # (MindSpore's types: tests/golden/grad_parity.json, grad_position_edges)
    with pytest.raises(RuntimeError, match="grad_position"):
        ms.grad(f2, grad_position=2)(X, Y)
    with pytest.raises(RuntimeError, match="grad_position"):
        ms.value_and_grad(f2, grad_position=(0, 5))(X, Y)


@pytest.mark.parametrize("bad", [jnp.ones(3), "w", 3.0, [jnp.ones(2)], {"w": 1}])
def test_bad_weights_type(bad):
    with pytest.raises(TypeError, match="weights"):
        ms.grad(f2, None, bad)(X, Y)


def test_non_callable_fn():
    with pytest.raises(TypeError):
        ms.grad(3.0)


def test_non_array_input_at_grad_position():
    with pytest.raises(TypeError):
        ms.grad(lambda s: 1.0)("text")


def test_python_float_sens_takes_the_output_dtype():
    # x / y of two mutable ints is a float32 scalar; a Python float sens (float64 under x64)
    # is read in that dtype. MindSpore 2.10 in GRAPH_MODE: (0, 0), the ints' gradients
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return x / y

    grad = ms.ops.GradOperation(get_all=True, sens_param=True)(Net())
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = grad(ms.mutable(3), ms.mutable(4), 0.75)
    finally:
        ms.set_context(mode=old)
    assert [int(g) for g in out] == [0, 0]
