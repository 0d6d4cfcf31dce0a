"""msfunc.Tensor with JAX: pytree, __jax_array__, jax transforms, optax; jax.Array untouched."""

import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from jax import lax

import msfunc as ms


def test_importing_msfunc_changes_nothing_on_jax_arrays():
    script = textwrap.dedent("""
        import jax, jax.numpy as jnp
        from jax._src.array import ArrayImpl
        from jax._src.core import Tracer
        classes = (jax.Array, ArrayImpl, Tracer)
        before = [sorted(dir(c)) for c in classes]
        seen = []
        jax.jit(lambda a: seen.append(a.transpose(0, 1).shape) or a)(jnp.ones((2, 3)))
        eager = jnp.ones((2, 3)).transpose(0, 1).shape
        import msfunc
        after = [sorted(dir(c)) for c in classes]
        assert before == after, [sorted(set(a) - set(b)) for a, b in zip(after, before)]
        jax.jit(lambda a: seen.append(a.transpose(0, 1).shape) or a)(jnp.ones((2, 3)))
        assert jnp.ones((2, 3)).transpose(0, 1).shape == eager == (2, 3)
        assert seen == [(2, 3), (2, 3)]
        assert not hasattr(jnp.ones(1), "asnumpy")
    """)
    subprocess.run([sys.executable, "-c", script], check=True)


def test_jax_numpy_and_lax_take_tensors():
    x = ms.Tensor([[1.0, -2.0], [3.0, 4.0]])
    a = np.asarray(x)
    np.testing.assert_allclose(jnp.sin(x), np.sin(a), rtol=1e-6)
    np.testing.assert_allclose(jnp.matmul(x, x), a @ a)
    np.testing.assert_allclose(jnp.where(x > 0, x, 0), np.where(a > 0, a, 0))
    np.testing.assert_allclose(lax.sin(x), np.sin(a), rtol=1e-6)
    # lax's structured control flow takes pytrees, so Tensors pass through.
    out = lax.cond(True, lambda t: t * 2, lambda t: t, x)
    assert isinstance(out, ms.Tensor)
    np.testing.assert_allclose(out, a * 2)
    total, _ = lax.scan(lambda c, row: (c + row.sum(), None), 0.0, x)
    assert float(total) == pytest.approx(a.sum())


def test_jax_transforms_pass_tensors_as_pytrees():
    x = ms.Tensor([1.0, 2.0, 3.0])
    y = jax.jit(lambda t: t * t + 1)(x)
    assert isinstance(y, ms.Tensor)
    np.testing.assert_allclose(y, [2.0, 5.0, 10.0])
    g = jax.grad(lambda t: jnp.sum(jnp.asarray(t) ** 3))(x)
    assert isinstance(g, ms.Tensor)
    np.testing.assert_allclose(g, 3 * np.array([1.0, 4.0, 9.0]))
    v = jax.vmap(lambda t: t.sum() * t)(ms.Tensor(np.arange(6.0).reshape(2, 3)))
    np.testing.assert_allclose(v, np.array([[0, 3, 6], [36, 48, 60.0]]))
    doubled = jax.tree.map(lambda leaf: leaf * 2, {"a": x, "b": [x]})
    assert isinstance(doubled["b"][0], ms.Tensor)
    assert jax.tree.leaves(x)[0] is x._array()


def test_optax_updates_a_pytree_of_tensors():
    params = {"w": ms.Tensor([1.0, -1.0]), "b": ms.Tensor(0.5)}
    tx = optax.sgd(0.1)
    state = tx.init(params)

    def loss(p):
        return jnp.sum(jnp.asarray(p["w"]) ** 2) + jnp.asarray(p["b"]) ** 2

    grads = jax.grad(loss)(params)
    updates, state = tx.update(grads, state, params)
    new = optax.apply_updates(params, updates)
    assert isinstance(new["w"], ms.Tensor)
    np.testing.assert_allclose(new["w"], [0.8, -0.8], rtol=1e-6)
    np.testing.assert_allclose(new["b"], 0.4, rtol=1e-6)


def test_parameter_is_a_tensor_and_a_pytree():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p")
    assert isinstance(p, ms.Tensor)
    assert isinstance(p * 2, ms.Tensor) and not isinstance(p * 2, ms.Parameter)
    rebuilt = jax.tree.map(lambda v: v + 1, p)
    assert isinstance(rebuilt, ms.Parameter) and rebuilt is not p
    np.testing.assert_allclose(rebuilt, [2.0, 3.0])
    np.testing.assert_allclose(p, [1.0, 2.0])


def test_msfunc_results_are_tensors():
    x = ms.Tensor([1.0, 2.0])
    assert isinstance(ms.ops.add(x, 1), ms.Tensor)
    assert isinstance(ms.numpy.sin(np.ones(2)), ms.Tensor)
    assert isinstance(ms.grad(lambda t: (t * t).sum())(x), ms.Tensor)
    assert isinstance(ms.jit(lambda t: t + 1)(x), ms.Tensor)
    assert isinstance(ms.vmap(lambda t: t * 2)(x), ms.Tensor)
    assert isinstance(ms.nn.Dense(2, 3)(x[None]), ms.Tensor)
    # the functions underneath receive Tensors too, so Tensor methods work on traced values
    seen = []
    ms.jit(lambda t: seen.append(type(t)) or t)(x)
    ms.grad(lambda t: seen.append(type(t)) or t.sum())(x)
    assert seen == [ms.Tensor, ms.Tensor]


def test_repr_and_str_follow_mindspore():
    assert repr(ms.Tensor([1, 2], ms.int32)) == "Tensor(shape=[2], dtype=Int32, value= [1, 2])"
    assert repr(ms.Tensor(1.5)) == "Tensor(shape=[], dtype=Float32, value= 1.5)"
    assert repr(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])) == (
        "Tensor(shape=[2, 2], dtype=Float32, value=\n"
        "[[ 1.00000000e+00,  2.00000000e+00],\n [ 3.00000000e+00,  4.00000000e+00]])"
    )
    assert str(ms.Tensor([1.0, 2.5])) == "[1.  2.5]"
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    assert repr(p) == "Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True)"


def test_set_data_keeps_the_parameter_dtype_and_takes_a_new_shape():
    # As MindSpore 2.10 (golden in tests/common/test_parameter.py): the dtype stays, the
    # shape follows the data.
    p = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name="p")
    p.set_data(ms.Tensor([3, 4, 5]))
    assert p.dtype == np.float32
    np.testing.assert_array_equal(p.asnumpy(), [3.0, 4.0, 5.0])
    p.set_data(ms.Tensor([1.0, 2.0]))
    assert p.shape == (2,)
    p[0] = 9.0  # writes through the state frame
    np.testing.assert_array_equal(p.asnumpy(), [9.0, 2.0])


def test_augmented_assignment_rebinds_as_mindspore_does():
    t = ms.Tensor([1, 2], ms.int32)
    alias = t
    t += 1.5
    assert t.dtype == np.float32 and t.tolist() == [2.5, 3.5]
    assert alias.tolist() == [1, 2]
    alias[0] = 7  # item assignment writes in place
    assert alias.tolist() == [7, 2]


def test_a_float_scalar_repr_uses_percent_g_as_mindspore():
    # MindSpore 2.10 prints 0-d floats with C's %g (its CPU build: value= 4, value= 1.23457e+08).
    shown = {
        4.0: "4",
        2.5: "2.5",
        1e-8: "1e-08",
        123456789.0: "1.23457e+08",
        1 / 3: "0.333333",
        -3.0: "-3",
        float("inf"): "inf",
    }
    for value, text in shown.items():
        want = f"Tensor(shape=[], dtype=Float32, value= {text})"
        assert repr(ms.Tensor(value, ms.float32)) == want
    assert repr(ms.Tensor(3, ms.int32)) == "Tensor(shape=[], dtype=Int32, value= 3)"
