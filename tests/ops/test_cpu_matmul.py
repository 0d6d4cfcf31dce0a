"""float32 MatMul and Dense in a MindSpore program sum as MindSpore's CPU kernels do, bit for
bit: each case of tests/oracle/gen_cpu_matmul_golden.py (products of each oneDNN kernel,
MatMul's gradients, a tanh network's gradients), run with msfunc, equals MindSpore 2.10's."""

import functools
import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests, mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.common import cpu_matmul

sys.path.insert(0, str(ORACLE))
import gen_cpu_matmul_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_matmul.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_xlas_dot_sums_otherwise():
    # the golden products are not XLA's: its dot differs from MindSpore's in most of them
    differ = 0
    for i, (m, k, n, ta, tb) in enumerate(gen.PRODUCTS):
        a, b = gen._operands(m, k, n, ta, tb, i)
        x, y = (a.T if ta else a), (b.T if tb else b)
        differ += not np.array_equal(np.asarray(jnp.matmul(x, y)), GOLDEN_FILE[f"product{i}.0"])
    assert differ >= len(gen.PRODUCTS) // 2


def test_second_derivative_and_vmap():
    # a derivative of a derivative and a batched product go through the same kernels
    a = jnp.asarray(np.random.RandomState(0).standard_normal((6, 12)), jnp.float32)
    with mindspore_numerics():
        f = lambda x: jnp.tanh(cpu_matmul.matmul(x, a, transpose_b=True)).sum()
        hvp = jax.grad(lambda x: jax.grad(f)(x).sum())(a[:3])
        batched = jax.vmap(lambda x: cpu_matmul.matmul(x, a, transpose_b=True))(a[None, :3])
    assert hvp.shape == (3, 12)
    np.testing.assert_allclose(np.asarray(batched[0]), np.asarray(a[:3] @ a.T), rtol=1e-5)


def test_compiled_where_jit_is_disabled(monkeypatch):
    # an eager L-BFGS runs under jax.disable_jit: BiasAddGrad's row sum still runs compiled
    # (its scan would otherwise loop in Python, row by row), and still in row order. Compiled,
    # its body sees traced rows (a shape no other test uses, so it traces here).
    seen = []
    real_moveaxis = cpu_matmul.jnp.moveaxis

    def spy(x, *args):
        seen.append(isinstance(x, jax.core.Tracer))
        return real_moveaxis(x, *args)

    monkeypatch.setattr(cpu_matmul.jnp, "moveaxis", spy)
    g = np.random.RandomState(1).standard_normal((303, 5)).astype(np.float32)
    with jax.disable_jit():
        got = cpu_matmul.sum_rows(jnp.asarray(g))
    assert seen and all(seen)
    np.testing.assert_array_equal(np.asarray(got), functools.reduce(np.add, g))


def test_msfunc_programs_keep_xlas_dot():
    a, b = gen._operands(50, 20, 20, False, False, 0)
    got = ms.ops.matmul(ms.Tensor(a), ms.Tensor(b)).asnumpy()
    np.testing.assert_array_equal(got, np.asarray(jnp.matmul(a, b)))
