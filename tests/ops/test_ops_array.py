"""Array and reduction ops: numpy references, jit/vmap/grad, Parameters, errors; arange's dtype
rule, topk with a tensor k, and data-dependent shapes in graph-mode Cells (run eagerly)."""

import warnings

import _alias_scenarios
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops
from msfunc.common.promotion import X64
from msfunc.ops import func_create as C
from msfunc.ops import func_diagonal as DG
from msfunc.ops import func_indexing as IX
from msfunc.ops import func_join as J
from msfunc.ops import func_reduce as R
from msfunc.ops import func_scatter as SC
from msfunc.ops import func_slicing as SL
from msfunc.ops import func_sorting as SO
from msfunc.ops import func_statistics as STAT

X = jnp.array([[0.3, -0.7, 1.1, 0.4], [0.9, 0.2, -1.3, 0.6], [-0.5, 1.4, 0.8, -0.2]])

# (name, module, args builder) sampled across families; each must be jit/vmap/grad-clean.
# jit, vmap and grad (vs finite differences) of every op: tests/test_sweep_*.py


def test_max_min_with_axis_return_values_and_indices_like_numpy():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4, 5)).astype(np.float32)
    v, i = R.max(jnp.asarray(x), axis=1)
    np.testing.assert_allclose(v, x.max(1))
    np.testing.assert_array_equal(i, x.argmax(1))
    v, i = R.min(jnp.asarray(x), axis=0, keepdims=True)
    np.testing.assert_allclose(v, x.min(0, keepdims=True))
    np.testing.assert_array_equal(i, x.argmin(0)[None])


def test_sort_split_and_searchsorted_against_numpy():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(3, 7)).astype(np.float32)
    v, i = SO.sort(jnp.asarray(x), axis=1)
    np.testing.assert_allclose(v, np.sort(x, 1))
    np.testing.assert_array_equal(i, np.argsort(x, 1, kind="stable"))
    parts = J.tensor_split(jnp.asarray(x), [2, 5], axis=1)
    for got, want in zip(parts, np.array_split(x, [2, 5], axis=1), strict=True):
        np.testing.assert_allclose(got, want)
    seq = np.sort(x, 1)
    got = SO.searchsorted(jnp.asarray(seq), jnp.asarray(x[:, :2]))
    want = np.stack([np.searchsorted(s, q) for s, q in zip(seq, x[:, :2], strict=True)])
    np.testing.assert_array_equal(got, want)


def test_space_batch_roundtrip_and_strided_slice():
    x = jnp.arange(2 * 3 * 4 * 6, dtype=jnp.float32).reshape(2, 3, 4, 6)
    y = SC.space_to_batch_nd(x, (2, 3), ((0, 0), (0, 0)))
    assert y.shape == (12, 3, 2, 2)
    np.testing.assert_array_equal(SC.batch_to_space_nd(y, (2, 3), ((0, 0), (0, 0))), x)
    np.testing.assert_array_equal(
        SL.strided_slice(x, (0, 1, 0, 0), (2, 3, 4, 6), (1, 1, 2, 3)),
        np.asarray(x)[0:2, 1:3, 0:4:2, 0:6:3],
    )


def test_parameters_are_accepted():
    # the public functions take Parameters (the func_* modules see their arrays)
    p = ms.Parameter(jnp.asarray(X), name="p_array")
    np.testing.assert_allclose(ms.ops.concat([p, p], 0), jnp.concatenate([X, X]))
    np.testing.assert_allclose(ms.ops.sum(p, 1), X.sum(1), rtol=1e-6)
    np.testing.assert_allclose(ms.ops.gather(p, jnp.array([1]), 0), X[1:2])
    v, _ = ms.ops.topk(p, 2)
    np.testing.assert_allclose(v, -np.sort(-np.asarray(X), 1)[:, :2])


def test_dynamic_shape_ops_refuse_tracers_with_a_clear_message():
    with pytest.raises(TypeError, match="outside jit"):
        jax.jit(IX.nonzero)(X)
    with pytest.raises(TypeError, match="outside jit"):
        jax.jit(STAT.bincount)(jnp.array([1, 2]))


def test_bad_arguments():
    with pytest.raises(ValueError, match="dim"):
        R.sum(X, 5)
    with pytest.raises(TypeError, match="tensors"):
        J.concat(X)
    with pytest.raises(ValueError, match="sizes"):
        J.split(X, [1, 1], axis=1)
    with pytest.raises(ValueError, match="low <= high"):
        DG.matrix_diag_part(X, jnp.array([1, 0]), 0)


def test_multiplicative_scatter_repeated_indices_compound_and_differentiate():
    idx = np.array([[0], [2], [0]])
    upd = np.array([[2.0] * 4, [3.0] * 4, [5.0] * 4], np.float32)
    want_mul, want_div = np.array(X), np.array(X)
    np.multiply.at(want_mul, idx[:, 0], upd)
    np.divide.at(want_div, idx[:, 0], upd)
    np.testing.assert_allclose(SC.tensor_scatter_mul(X, idx, upd), want_mul, rtol=1e-6)
    np.testing.assert_allclose(SC.tensor_scatter_div(X, idx, upd), want_div, rtol=1e-6)
    # d/du0 of sum(out[0]) = x[0] * u2 for repeated row 0 (JAX alone refuses this gradient).
    g = jax.grad(lambda u: jnp.sum(SC.tensor_scatter_mul(X, idx, u)[0]))(jnp.asarray(upd))
    np.testing.assert_allclose(g[0], np.asarray(X)[0] * upd[2], rtol=1e-6)


def test_concrete_shape_arguments_work_under_jit():
    mask = np.array([[True, False, True, False]] * 3)
    np.testing.assert_allclose(
        jax.jit(lambda x: IX.masked_select(x, mask[:1]))(X), np.asarray(X)[mask]
    )
    reps = np.array([1, 0, 2])
    np.testing.assert_allclose(
        jax.jit(lambda x: SL.repeat_interleave(x, reps, 0))(X), np.repeat(np.asarray(X), reps, 0)
    )
    idx = np.array([[0, 2, 0], [1, 3, 1]])
    _, vals, _ = jax.jit(lambda v: SC.coalesce(idx, v, jnp.array([3, 4])))(jnp.arange(3.0))
    np.testing.assert_allclose(vals, [2.0, 1.0])


def test_linspace_keeps_float64_bounds():
    with jax.enable_x64(True):
        out = C.linspace(jnp.asarray(-1.0, jnp.float64), jnp.asarray(1.0, jnp.float64), 7)
        assert out.dtype == jnp.float64
        np.testing.assert_allclose(out, np.linspace(-1.0, 1.0, 7), rtol=0, atol=1e-15)
    assert C.linspace(0, 1, 3).dtype == jnp.float32


def _np(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


def test_ops_arange_dtypes_and_errors():
    assert _np(ops.arange(1, 6)).dtype == (np.int64 if X64 else np.int32)
    assert _np(ops.arange(0.5, 2)).dtype == np.float32
    f64 = ms.Tensor(np.float64(12.0))
    got = ops.arange(f64, 2, ms.Tensor(np.float32(-1.0)))
    assert _np(got).dtype == np.float32
    np.testing.assert_array_equal(_np(got), np.arange(12.0, 2, -1))
    assert _np(ops.arange(10.0, dtype=ms.int32)).dtype == np.int32
    with pytest.raises(ValueError, match="sign"):
        ops.arange(10, 1)
    with pytest.raises(ValueError, match="zero"):
        ops.arange(0, 5, 0)
    with pytest.raises(TypeError, match="start"):
        ops.arange([1], 3)
    assert _np(ops.arange(3, 3)).shape == (0,)


def test_argument_errors():
    x = ms.Tensor(np.ones((2, 3, 3), np.float32))
    with pytest.raises(TypeError, match="input"):
        ops.sum(1, dim=2)
    with pytest.raises(TypeError, match="dim"):
        ops.sum(x, dim="error")
    with pytest.raises(TypeError, match="keepdim"):
        ops.sum(x, dim=2, keepdim=12)
    with pytest.raises(ValueError, match="square"):
        ops.eig(ms.Tensor(np.float32(1.0)))
    with pytest.raises(TypeError, match="floating"):
        ops.nanmean(ms.Tensor(np.array([1, 2], np.int32)))
    src = ms.Tensor(np.ones((1, 3), np.float32))
    with pytest.raises(ValueError, match="shape"):
        ops.select_scatter(x, src, 2, 0)
    with pytest.raises(ValueError, match="shape"):
        ops.slice_scatter(x, src, 1, 1, 1, 1)
    with pytest.raises(TypeError, match="input"):
        ops.select_scatter(1.0, 2, 0, 0)
    got = ops.select_scatter(x, ms.Tensor(np.zeros((2, 3), np.float32)), 2, 0)
    want = np.ones((2, 3, 3), np.float32)
    want[:, :, 0] = 0
    np.testing.assert_array_equal(_np(got), want)


def test_topk_with_a_tensor_k():
    x = np.array([[0.5, 0.2, 0.4, 0.9], [0.4, 0.6, 0.5, 0.1]], np.float32)
    for k in (ms.Tensor(np.int32(2)), ms.Tensor(np.array([2], np.int32)), 2):
        values, indices = ops.topk(ms.Tensor(x), k, dim=1)
        np.testing.assert_array_equal(_np(indices), np.argsort(-x, axis=1)[:, :2])
        np.testing.assert_array_equal(_np(values), -np.sort(-x, axis=1)[:, :2])
    with pytest.raises(TypeError, match="k"):
        ops.topk(ms.Tensor(x), ms.Tensor(np.array([1, 2], np.int32)))


def test_data_dependent_shapes_run_eagerly_in_graph_mode_cells():
    class Counts(nn.Cell):
        def construct(self, x, k):
            return ops.bincount(x), ops.argwhere(x), ops.topk(x.astype(ms.float32), k)[0]

    mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            counts, where, top = Counts()(
                ms.Tensor(np.array([0, 3, 1, 3], np.int32)), ms.Tensor(np.int32(2))
            )
    finally:
        ms.set_context(mode=mode)
    np.testing.assert_array_equal(_np(counts), np.bincount([0, 3, 1, 3]))
    np.testing.assert_array_equal(_np(where), np.argwhere([0, 3, 1, 3]))
    np.testing.assert_array_equal(_np(top), [3.0, 3.0])
    with pytest.raises(TypeError, match="outside jit"):
        jax.jit(lambda v: ops.bincount(v))(np.array([0, 1], np.int32))


# aminmax, swapaxes/swapdims, dot and DepthToSpace/SpaceToDepth forms, against MindSpore 2.10
# (tests/oracle/gen_ops_array_forms_golden.py, whose scenarios run here unchanged with ``ms =
# msfunc`` under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("ops_array_forms"))
def test_matches_mindspore(name):
    _alias_scenarios.check("ops_array_forms", name)


@pytest.mark.parametrize(
    ("dtype", "index_dtype"), [(np.int32, "int32"), (np.float32, "int32"), (np.int64, "int64")]
)
def test_unique_indices_keep_the_input_shape(dtype, index_dtype):
    # MindSpore 2.10: [[3, 1, 3], [2, 5, 1]] -> [3, 1, 2, 5] (first-seen order) and
    # [[0, 1, 0], [2, 3, 1]], int64 indices only for an int64 input
    x = np.array([[3, 1, 3], [2, 5, 1]], dtype)
    out, idx = SO.unique(jnp.asarray(x))
    np.testing.assert_array_equal(out, np.array([3, 1, 2, 5], dtype))
    np.testing.assert_array_equal(idx, [[0, 1, 0], [2, 3, 1]])
    assert idx.dtype == index_dtype
    np.testing.assert_array_equal(np.asarray(out)[np.asarray(idx)], x)
