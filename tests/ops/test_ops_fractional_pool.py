"""FractionalAvgPool / FractionalMaxPool and their gradient primitives.

The gradients for fixed, uneven regions are MindSpore 2.10's
(tests/oracle/gen_ops_fractional_pool_golden.py); the pooled values are checked against
NumPy pooling over the regions the op returns, and the regions against their rule (each
``in // out`` or one more rows, covering the axis).
"""

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import grad_ops as G
from msfunc.ops import operations as P

GOLDEN = np.load(TESTS / "golden" / "ops_fractional_pool.npz")
X = GOLDEN["x"]


def _numpy_pool(x, rows, cols, overlapping, reduce):
    extra = 1 if overlapping else 0
    out = np.empty((x.shape[0], len(rows) - 1, len(cols) - 1, x.shape[3]), x.dtype)
    for i in range(len(rows) - 1):
        for j in range(len(cols) - 1):
            block = x[:, rows[i] : rows[i + 1] + extra, cols[j] : cols[j + 1] + extra]
            out[:, i, j] = reduce(block, axis=(1, 2))
    return out


@pytest.mark.parametrize("pseudo_random", [False, True])
@pytest.mark.parametrize("overlapping", [False, True])
@pytest.mark.parametrize("name, reduce", [("Avg", np.mean), ("Max", np.max)])
def test_fractional_pool_pools_the_regions_it_returns(name, reduce, overlapping, pseudo_random):
    op = getattr(P, f"Fractional{name}Pool")([1.0, 1.4, 1.7, 1.0], pseudo_random, overlapping)
    y, rows, cols = (t.asnumpy() for t in op(msfunc.Tensor(X)))
    assert y.shape == (2, 5, 3, 3) and rows.dtype == np.int64
    for seq, size, n in ((rows, 7, 5), (cols, 6, 3)):
        assert seq[0] == 0 and seq[-1] == size
        assert set(np.diff(seq)) <= {size // n, size // n + 1}
    np.testing.assert_allclose(y, _numpy_pool(X, rows, cols, overlapping, reduce), rtol=1e-6)


def test_seeded_deterministic_regions_repeat():
    op = P.FractionalAvgPool([1.0, 1.4, 1.4, 1.0], deterministic=True, seed=3, seed2=4)
    first, second = op(msfunc.Tensor(X))[1], op(msfunc.Tensor(X))[1]
    assert first.asnumpy().tolist() == second.asnumpy().tolist()


@pytest.mark.parametrize("overlapping", [False, True])
def test_fractional_pool_grads_match_mindspore(overlapping):
    rows, cols, dy = GOLDEN["rows"], GOLDEN["cols"], GOLDEN["dy"]
    avg = G.FractionalAvgPoolGrad(overlapping=overlapping)(np.array(X.shape), dy, rows, cols)
    np.testing.assert_allclose(avg.asnumpy(), GOLDEN[f"avg_grad_{int(overlapping)}"], atol=1e-6)
    x1, dy1 = X[:1, :, :, :1], dy[:1, :, :, :1]
    out = _numpy_pool(x1, rows, cols, overlapping, np.max)
    mx = G.FractionalMaxPoolGrad(overlapping=overlapping)(x1, out, dy1, rows, cols)
    np.testing.assert_array_equal(mx.asnumpy(), GOLDEN[f"max_grad_{int(overlapping)}"])


@pytest.mark.parametrize("ratio", [[1.0, 0.5, 1.5, 1.0], [2.0, 1.5, 1.5, 1.0], [1.0, 1.5, 1.5]])
def test_fractional_pool_refuses_a_bad_pooling_ratio(ratio):
    with pytest.raises(ValueError, match="pooling_ratio"):
        P.FractionalAvgPool(ratio)(msfunc.Tensor(X))


def test_compiled_calls_draw_new_regions_as_eager_calls_do():
    # The regions come from the host on every call: msfunc.jit runs the function eagerly
    # (with its one-time warning) rather than replay one draw; raw jax.jit refuses.
    import warnings

    import jax

    pool = P.FractionalMaxPool(pooling_ratio=(1.0, 1.5, 1.5, 1.0))
    x = msfunc.Tensor(np.arange(36, dtype=np.float32).reshape(1, 6, 6, 1))
    compiled = msfunc.jit(lambda v: pool(v)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        drawn = {compiled(x).asnumpy().tobytes() for _ in range(12)}
    eager = {pool(x)[0].asnumpy().tobytes() for _ in range(12)}
    assert len(drawn) > 1 and len(eager) > 1
    with pytest.raises(jax.errors.ConcretizationTypeError, match="FractionalMaxPool"):
        jax.jit(lambda v: pool(v)[0])(x)
