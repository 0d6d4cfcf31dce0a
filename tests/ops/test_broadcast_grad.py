"""Gradients through broadcasting arithmetic and nn.Dense on 3-D input in a MindSpore program
are MindSpore's, bit for bit (each case of tests/oracle/gen_broadcast_grad_golden.py, run with
msfunc, equals MindSpore 2.10's results); the broadcast primitive composes with JAX."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests
from _paths import GOLDEN, ORACLE

from msfunc.common import cpu_broadcast

sys.path.insert(0, str(ORACLE))
import gen_broadcast_grad_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "broadcast_grad.npz")

results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_xlas_reduction_differs_here():
    # (the golden case is one where XLA's transpose of the broadcast sums in another order)
    a, b = (jnp.asarray(v) for v in gen.inputs()[0][4])
    xla = jax.grad(lambda p: (p * b).sum())(a)
    assert not np.array_equal(np.asarray(xla), GOLDEN_FILE["pair4.2"])


def test_broadcast_primitive_composes_with_jvp_vmap_and_jit():
    x = jnp.arange(3.0, dtype=jnp.float32).reshape(3, 1)
    f = lambda v: (cpu_broadcast.broadcast_to(v, (3, 4)) ** 2).sum()
    g = lambda v: (jnp.broadcast_to(v, (3, 4)) ** 2).sum()
    np.testing.assert_allclose(jax.grad(f)(x), jax.grad(g)(x))
    np.testing.assert_allclose(jax.jvp(f, (x,), (x,))[1], jax.jvp(g, (x,), (x,))[1])
    np.testing.assert_allclose(jax.hessian(f)(x), jax.hessian(g)(x))
    batch = jnp.arange(6.0, dtype=jnp.float32).reshape(2, 3)
    per = jax.vmap(lambda v: cpu_broadcast.broadcast_to(v, (4, 3)))(batch)
    np.testing.assert_array_equal(per, jnp.broadcast_to(batch[:, None, :], (2, 4, 3)))
    np.testing.assert_allclose(jax.jit(jax.grad(f))(x), jax.grad(g)(x))
