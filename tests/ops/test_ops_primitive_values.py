"""Values of the primitive classes for linalg, statistics, segments, arrays, images and loops
against numpy/scipy or their functional twin."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.linalg as sla

import msfunc as ms
import msfunc.ops as ops

RNG = np.random.default_rng(0)


def close(a, b, tol=1e-5):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=tol, atol=tol)


def test_linalg_classes_match_numpy_scipy():
    a = (3 * np.eye(3) + RNG.standard_normal((3, 3))).astype(np.float32)
    b = RNG.standard_normal((3, 2)).astype(np.float32)
    spd = a @ a.T + 3 * np.eye(3, dtype=np.float32)
    low = np.linalg.cholesky(spd)
    close(ops.CholeskyInverse()(low), np.linalg.inv(spd), 1e-4)
    close(ops.CholeskyInverse(upper=True)(low.T), np.linalg.inv(spd), 1e-4)
    close(ops.CholeskySolve()(b, low), np.linalg.solve(spd, b), 1e-4)
    tall = RNG.standard_normal((5, 3)).astype(np.float32)
    rhs = RNG.standard_normal((5, 2)).astype(np.float32)
    ls = np.linalg.lstsq(tall, rhs, rcond=None)[0]
    close(ops.Lstsq()(tall, rhs), ls, 1e-4)
    close(ops.Lstsq(fast=False)(tall, rhs), ls, 1e-4)
    close(ops.MatrixSolveLs()(tall, rhs, 0.0), ls, 1e-4)
    ridge = np.linalg.solve(tall.T @ tall + 0.5 * np.eye(3), tall.T @ rhs)
    close(ops.MatrixSolveLs()(tall, rhs, 0.5), ridge, 1e-4)
    close(
        ops.MatrixTriangularSolve()(np.tril(a), b),
        sla.solve_triangular(np.tril(a), b, lower=True),
        1e-4,
    )
    close(
        ops.MatrixTriangularSolve(lower=False, adjoint=True)(np.triu(a), b),
        sla.solve_triangular(np.triu(a), b, lower=False, trans="T"),
        1e-4,
    )
    lu, piv = sla.lu_factor(a)
    close(ops.LuSolve()(b, lu, piv + 1), np.linalg.solve(a, b), 1e-4)
    p, lo, up = ops.LuUnpack()(lu, piv + 1)
    close(np.asarray(p) @ np.asarray(lo) @ np.asarray(up), a, 1e-4)
    qr, tau, _, _ = sla.lapack.sgeqrf(tall)
    q = sla.qr(tall, mode="economic")[0]
    close(np.abs(ops.Orgqr()(qr, tau)), np.abs(q), 1e-4)
    other = RNG.standard_normal((5, 2)).astype(np.float32)
    close(ops.Ormqr(transpose=True)(qr, tau, other), ops.ormqr(qr, tau, other, True, True))
    close(ops.NuclearNorm()(tall), np.linalg.norm(tall, "nuc"), 1e-4)
    close(ops.NuclearNorm(dim=[0, 1], keepdim=True)(tall).shape, (1, 1))
    x = RNG.standard_normal((2, 3, 4)) + 1j * RNG.standard_normal((2, 3, 4))
    close(ops.ConjugateTranspose()(x, (2, 0, 1)), np.conj(np.transpose(x, (2, 0, 1))))
    close(ops.Renorm(p=2, dim=0, maxnorm=1.0)(tall), ops.renorm(tall, 2, 0, 1.0))


def test_distances_and_statistics():
    x = RNG.standard_normal((4, 3)).astype(np.float32)
    y = RNG.standard_normal((2, 3)).astype(np.float32)
    from scipy.spatial.distance import cdist, pdist

    close(ops.Cdist(p=1.0)(x, y), cdist(x, y, "minkowski", p=1), 1e-5)
    close(ops.Pdist()(x), pdist(x), 1e-5)
    v, i = ops.Median(axis=1)(np.array([[3.0, 1.0, 2.0], [5.0, 6.0, 4.0]]))
    close(v, [2.0, 5.0])
    close(i, [2, 0])
    v, _ = ops.Median(global_median=True)(np.array([[3.0, 1.0], [2.0, 4.0]]))
    close(v, 2.0)
    close(ops.Quantile(dim=1)(x, np.float32(0.3)), np.quantile(x, 0.3, axis=1), 1e-5)
    close(ops.NthElement()(x, 1), np.sort(x, -1)[:, 1])
    close(ops.NthElement(reverse=True)(x, 0), np.max(x, -1))
    z = np.array([-1.5, -0.2, 0.1, 0.4, 1.9, 3.0], np.float32)
    close(ops.Histogram(bins=4, min=-2.0, max=2.0)(z), np.histogram(z, 4, (-2, 2))[0])
    close(ops.HistogramFixedWidth(nbins=4)(z, np.array([-2.0, 2.0], np.float32)), [1, 1, 2, 2])
    assert int(ops.EqualCount()(np.array([1, 2, 3]), np.array([1, 0, 3]))[0]) == 2


def test_segments_match_numpy():
    x = RNG.standard_normal((5, 2)).astype(np.float32)
    ids = np.array([0, 0, 2, 2, 3], np.int32)
    # an empty segment (1 here) gives 0, or 1 for a product (TensorFlow's convention)
    for name, fn in (
        ("SegmentSum", np.sum),
        ("SegmentMax", np.max),
        ("SegmentMin", np.min),
        ("SegmentMean", np.mean),
        ("SegmentProd", np.prod),
    ):
        empty = np.full(2, 1.0 if name == "SegmentProd" else 0.0)
        expected = np.stack([fn(x[ids == k], 0) if (ids == k).any() else empty for k in range(4)])
        close(getattr(ops, name)()(x, ids), expected, 1e-5)


def test_dtypes_of_cummax_cummin_and_dropout_follow_mindspore():
    # MindSpore's kernels: Cummax indices int64, Cummin int32; Dropout's mask in x's dtype
    x = np.array([1.0, 3.0, 2.0, 3.0], np.float32)
    values, indices = ops.Cummax(0)(x)
    assert np.asarray(indices).dtype == np.int64
    assert np.asarray(indices).tolist() == [0, 1, 1, 3]
    assert np.asarray(ops.Cummin(0)(x)[1]).dtype == np.int32
    out, mask = ops.Dropout(keep_prob=0.5)(np.ones((4, 4), np.float16))
    mask = np.asarray(mask)
    assert mask.dtype == np.float16 and set(mask.ravel().tolist()) <= {0.0, 1.0}
    close(out, mask * 2.0)


@pytest.mark.parametrize("name, accumulate", [("Cummin", np.minimum), ("Cummax", np.maximum)])
def test_cummin_cummax_take_negative_axes(name, accumulate):
    x = np.random.default_rng(3).standard_normal((3, 4, 5)).astype(np.float32)
    for axis in range(-3, 3):
        values, _ = getattr(ops, name)(axis)(x)
        np.testing.assert_array_equal(np.asarray(values), accumulate.accumulate(x, axis=axis))


def test_result_types_follow_mindspore():
    # the types MindSpore 2.10's kernels give: Python scalars from ScalarCast, 32-bit arrays
    # from a tuple, int64 shapes and arg-with-value indices, UniqueWithPad indices in x's dtype
    cast = ops.ScalarCast()
    assert [type(cast(2.7, ms.int64)), type(cast(2, ms.float64)), type(cast(1, ms.bool_))] == [
        int,
        float,
        bool,
    ]
    assert cast(2.7, ms.int64) == 2
    assert np.asarray(ops.TupleToArray()((1, 2))).dtype == np.int32
    assert np.asarray(ops.TupleToArray()((1.0, 2.0))).dtype == np.float32
    assert np.asarray(ops.TensorShape()(np.zeros((2, 3)))).tolist() == [2, 3]
    assert np.asarray(ops.TensorShape()(np.zeros((2, 3)))).dtype == np.int64
    index, _ = ops.ArgMaxWithValue()(np.array([1.0, 3.0, 2.0], np.float32))
    assert np.asarray(index).dtype == np.int64 and int(index) == 1
    _, idx = ops.UniqueWithPad()(np.array([1, 1, 5], np.int32), -1)
    assert np.asarray(idx).dtype == np.int32 and np.asarray(idx).tolist() == [0, 0, 1]


def test_cross_by_default_uses_the_first_dimension_of_size_3():
    x = RNG.standard_normal((3, 2)).astype(np.float32)
    y = RNG.standard_normal((3, 2)).astype(np.float32)
    close(ops.Cross()(x, y), np.cross(x, y, axis=0))
    close(ops.Cross(dim=0)(x, y), np.cross(x, y, axis=0))
    with pytest.raises(ValueError, match="size 3"):
        ops.Cross()(x[:2], y[:2])


def test_nearest_resizes_follow_the_corner_and_half_pixel_rules():
    # 3 columns to 5, by hand: source floor(i * 3/5); with aligned corners round(i * 2/4)
    # (halves up); with half-pixel centres floor((i + 0.5) * 3/5)
    x = np.arange(3, dtype=np.float32).reshape(1, 1, 1, 3)
    size = np.array([1, 5], np.int32)

    def v2(**flags):
        return np.asarray(ops.ResizeNearestNeighborV2(**flags)(x, size)).reshape(-1).tolist()

    assert v2() == [0, 0, 1, 1, 2]
    assert v2(align_corners=True) == [0, 1, 1, 2, 2]
    assert v2(half_pixel_centers=True) == [0, 0, 1, 2, 2]
    v1 = ops.ResizeNearestNeighbor((1, 5), align_corners=True)(x)
    assert np.asarray(v1).reshape(-1).tolist() == [0, 1, 1, 2, 2]


def test_search_sorted_applies_its_sorter():
    seq, values = np.array([3.0, 1.0, 2.0], np.float32), np.array([2.5], np.float32)
    sorter = np.array([1, 2, 0], np.int64)
    expected = np.searchsorted(seq, values, sorter=sorter)
    assert (
        np.asarray(ops.SearchSorted()(seq, values, sorter=sorter)).tolist()
        == [2]
        == expected.tolist()
    )


def test_window_classes_take_a_length_tensor_of_one_element():
    # MindSpore's HammingWindow takes its length as a 1-D tensor, the others as 0-d
    close(ops.HammingWindow(periodic=False)(np.array([5], np.int32)), np.hamming(5), 1e-6)
    close(ops.BartlettWindow(periodic=False)(np.array(5, np.int32)), np.bartlett(5), 1e-6)
    close(ops.BlackmanWindow(periodic=False)(np.array([5], np.int32)), np.blackman(5), 1e-6)


def test_eig_returns_the_pair_without_vectors_too():
    # MindSpore's Eig gives (values, vectors) either way: vectors empty without compute_v
    a = np.array([[2.0, 1.0], [0.0, 3.0]], np.float32)
    values, vectors = ops.Eig()(a)
    close(np.sort_complex(np.asarray(values)), np.sort_complex(np.linalg.eigvals(a)), 1e-5)
    assert np.asarray(vectors).size == 0


def test_inplace_classes_take_a_single_row_index():
    # an int index (or a 1-tuple) still means one row of `v` per index, as in MindSpore
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    v = np.array([[10.0, 20.0]], np.float32)
    expected = x.copy()
    expected[1] += v[0]
    close(ops.InplaceAdd(1)(x, v), expected)
    close(ops.InplaceSub(1)(x, -v), expected)
    expected[1] = v[0]
    close(ops.InplaceUpdate(1)(x, v), expected)
    close(ops.InplaceUpdateV2()(x, (1,), v), expected)


def test_array_classes():
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    close(ops.IndexFill()(x, 1, np.array([0, 2]), 1.5), ops.index_fill(x, 1, np.array([0, 2]), 1.5))
    close(
        ops.InplaceIndexAdd(axis=0)(x, np.array([2, 0]), np.ones((2, 4), np.float32)),
        x + np.array([[1], [0], [1]], np.float32),
    )
    out = ops.IndexPut(accumulate=1)(x, np.float32(2.0), [np.array([0, 0]), np.array([1, 1])])
    ref = x.copy()
    ref[0, 1] += 4.0
    close(out, ref)
    mask = np.array([[True, False, True, False]] * 3)
    upd = np.arange(12, dtype=np.float32)
    ref = x.copy()
    ref[mask] = upd[:6]
    close(ops.MaskedScatter()(x, mask, upd), ref)
    idx = np.array([[0, 2], [1, 0], [2, 2]], np.int32)
    u = np.ones((3, 2), np.float32)
    ref = x.copy()
    for r in range(3):
        for c in range(2):
            ref[r, idx[r, c]] += 1
    close(ops.ScatterAddWithAxis(axis=1)(x, idx, u), ref)
    close(ops.TensorScatterElements(axis=1, reduction="add")(x, idx, u), ref)
    vals, inv = ops.UniqueWithPad()(np.array([3, 1, 3, 2], np.int32), -1)
    assert vals.tolist() == [1, 2, 3, -1] and inv.tolist() == [2, 0, 2, 1]
    y, i, c = ops.UniqueConsecutive()(np.array([1, 1, 2, 2, 1]))
    assert y.tolist() == [1, 2, 1] and i.tolist() == [0, 0, 1, 1, 2] and c.tolist() == [2, 2, 1]
    idx, val, shp = ops.Coalesce()(np.array([[1, 0, 1]]), np.array([1.0, 2.0, 3.0]), (2,))
    assert idx.tolist() == [[0, 1]] and val.tolist() == [2.0, 4.0]
    dense = ops.SparseToDense()(np.array([[0, 1], [2, 0]]), np.array([5.0, 6.0]), (3, 2))
    assert dense.tolist() == [[0, 5], [0, 0], [6, 0]]
    assert ops.UnravelIndex()(np.array([2, 5, 7]), (3, 3)).tolist() == [[0, 1, 2], [2, 2, 1]]
    p = np.arange(6, dtype=np.float32).reshape(3, 2)
    assert ops.EmbeddingLookup()(p, np.array([1, 4, 3]), 1).tolist() == [[0, 1], [0, 0], [4, 5]]
    assert ops.SparseGatherV2()(p, np.array([2, 0]), 0).tolist() == [[4, 5], [0, 1]]
    close(ops.DiagPart()(np.arange(16.0).reshape(2, 2, 2, 2)), [[0, 5], [10, 15]])
    close(
        ops.FillDiagonal(fill_value=9.0, wrap=True)(np.zeros((5, 2))),
        np.fill_diagonal(z := np.zeros((5, 2)), 9.0, wrap=True) or z,
    )
    close(ops.MoveTo()(x, "CPU"), x)
    close(ops.LerpScalar()(x, 2 * x, 0.25), 1.25 * x)


def test_diagonal_v3_classes_match_numpy():
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    close(ops.MatrixDiagPartV3()(x, 1, 0.0), np.diagonal(x, 1))
    close(ops.MatrixDiagV3()(np.array([1.0, 2.0]), 0, 2, 2, 0.0), np.diag([1.0, 2.0]))
    d = np.array([7.0, 8.0, 9.0], np.float32)
    ref = x.copy()
    ref[[0, 1, 2], [0, 1, 2]] = d
    close(ops.MatrixSetDiagV3()(x, d, 0), ref)


def test_space_batch_classes_round_trip():
    x = RNG.standard_normal((1, 2, 4, 4)).astype(np.float32)
    s = ops.SpaceToBatchND(block_shape=[2, 2], paddings=[[0, 0], [0, 0]])(x)
    assert s.shape == (4, 2, 2, 2)
    close(ops.BatchToSpaceND(block_shape=[2, 2], crops=[[0, 0], [0, 0]])(s), x)
    close(ops.SpaceToBatch(block_size=2, paddings=[[0, 0], [0, 0]])(x), s)
    close(ops.BatchToSpace(block_size=2, crops=[[0, 0], [0, 0]])(s), x)


def test_image_and_conv_classes():
    rgb = RNG.uniform(0, 1, (2, 3, 3)).astype(np.float32)
    import colorsys

    ref = np.array([[colorsys.rgb_to_hsv(*p) for p in row] for row in rgb])
    hsv = ops.RGBToHSV()(rgb)
    close(hsv, ref, 1e-5)
    close(ops.HSVToRGB()(hsv), rgb, 1e-5)
    x = RNG.standard_normal((1, 2, 4, 4)).astype(np.float32)
    cols = ops.Im2Col(ksizes=2)(x)
    assert cols.shape == (1, 2, 4, 9)
    close(cols[0, 1, :, 0], x[0, 1, :2, :2].reshape(-1))
    w = RNG.standard_normal((3, 2, 2, 2)).astype(np.float32)
    y = ops.DepthwiseConv2dNative(channel_multiplier=3, kernel_size=2)(x, w)
    assert y.shape == (1, 6, 3, 3)
    close(y[0, 1 * 3 + 2, 0, 0], np.sum(x[0, 1, :2, :2] * w[2, 1]), 1e-5)
    pt = ops.ExtractImagePatches(ksizes=(1, 1, 2, 2), strides=(1, 1, 1, 1), rates=(1, 1, 1, 1))(x)
    assert pt.shape == (1, 8, 3, 3)
    close(pt[0, :, 0, 0], np.transpose(x[0, :, :2, :2], (1, 2, 0)).reshape(-1))


def test_ctc_loss_matches_the_functional_loss_and_its_gradient():
    x = RNG.standard_normal((5, 2, 4)).astype(np.float32)
    idx, v, sl = np.array([[0, 0], [0, 1], [1, 0]]), np.array([1, 2, 0]), np.array([5, 4])
    loss, grad = ops.CTCLoss()(x, idx, v, sl)
    lp = jax.nn.log_softmax(jnp.asarray(x), -1)
    ref = ops.ctc_loss(
        lp, np.array([[1, 2], [0, 0]]), sl, np.array([2, 1]), blank=3, reduction="none"
    )[0]
    close(loss, ref, 1e-4)
    assert loss.dtype == grad.dtype == ms.float32  # the logits' dtype, as MindSpore gives
    assert np.isfinite(np.asarray(grad)).all()
    close(np.asarray(grad)[4, 1], 0.0)  # frame past the sequence length


def test_multilabel_margin_loss_marks_the_listed_targets():
    x = np.array([[0.1, 0.2, 0.4, 0.8], [0.5, 0.1, 0.3, 0.2]], np.float32)
    t = np.array([[3, 0, -1, 1], [2, -1, 0, 0]], np.int32)  # labels stop at the first -1
    loss, is_target = ops.MultilabelMarginLoss(reduction="none")(x, t)
    # row 0: targets {3, 0} against {1, 2}; row 1: target {2} against {0, 1, 3}
    close(loss, [(0.4 + 0.6 + 1.1 + 1.3) / 4, (1.2 + 0.8 + 0.9) / 4], 1e-6)
    assert is_target.dtype == ms.int32
    assert is_target.tolist() == [[1, 0, 0, 1], [0, 0, 1, 0]]


def test_randperm_v2_draws_the_permutation_of_its_seed_and_offset():
    # ops.randperm is MindSpore's permutation (golden-tested); the primitive passes its attributes
    for seed, offset in ((1, 0), (1, 3), (5, 0)):
        got = ops.RandpermV2(seed=seed, offset=offset)(10)
        assert got.tolist() == ops.randperm(10, seed=seed, offset=offset).tolist()
    assert ops.RandpermV2(seed=1)(10).tolist() != ops.RandpermV2(seed=5)(10).tolist()


def test_cauchy_draws_float32_around_its_median():
    x = ops.Cauchy(size=[4000], median=3.0, sigma=0.5)()
    assert x.shape == (4000,) and x.dtype == ms.float32  # MindSpore's dtype, x64 or not
    q1, q2, q3 = np.percentile(np.asarray(x), [25, 50, 75])  # quartiles: median -+ sigma
    np.testing.assert_allclose([q1, q2, q3], [2.5, 3.0, 3.5], atol=0.1)  # 4.6 standard errors


def test_loops_over_lax():
    assert float(ops.ForiLoop()(0, 3, lambda i, c: c + i, 0.0)) == 3.0
    # MindSpore's fifth input, `unroll`, changes how the loop compiles, not its values
    assert float(ops.ForiLoop()(0, 4, lambda i, c: c + i, 0.0, False)) == 6.0
    # a body computing with Tensor operations (its Tensor results carry on as arrays)
    out = ops.ForiLoop()(0, 3, lambda i, v: ops.Add()(v, i), ms.Tensor([1.0, 2.0]))
    assert out.asnumpy().tolist() == [4.0, 5.0]
    assert ops.WhileLoop()(lambda c: ops.Less()(c, 10), lambda c: ops.Mul()(c, 2), 1) == 16
    assert ops.WhileLoop()(lambda c: c < 10, lambda c: c * 2, 1) == 16
    c, ys = ops.Scan()(lambda c, x: (c + x, c * x), 0.0, jnp.arange(1.0, 4.0))
    assert float(c) == 6.0 and ys.tolist() == [0.0, 2.0, 9.0]


@pytest.mark.parametrize("name", ["CTCLoss"])
def test_unsupported_ctc_options_raise(name):
    with pytest.raises(NotImplementedError, match=name):
        ops.CTCLoss(ctc_merge_repeated=False)(
            np.zeros((2, 1, 3), np.float32), np.array([[0, 0]]), np.array([0]), np.array([2])
        )


def test_layer_norm_primitive_mean_and_variance_pass_no_gradient():
    # MindSpore 2.10: the gradient of mean.sum() + variance.sum() is zero for x, gamma, beta;
    # y's own gradient is unchanged (the same as nn.LayerNorm's)
    x = ms.Tensor(np.array([[1, 2, 4], [1, 5, 3]], np.float32))
    g, b = ms.Tensor(np.array([1, 2, 3], np.float32)), ms.Tensor(np.zeros(3, np.float32))
    op = ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)
    grads = ops.grad(lambda *a: op(*a)[1].sum() + op(*a)[2].sum(), (0, 1, 2))(x, g, b)
    assert all(not t.asnumpy().any() for t in grads)
    dx, dg, db = ops.grad(lambda *a: (op(*a)[0] * ms.Tensor([1.0, 2.0, 0.5])).sum(), (0, 1, 2))(
        x, g, b
    )
    np.testing.assert_allclose(dg.asnumpy(), [-2.29379, 1.914967, 0.668153], rtol=1e-4)
    np.testing.assert_allclose(db.asnumpy(), [2.0, 4.0, 1.0])
    np.testing.assert_allclose(dx.asnumpy()[1], [0.204124, 0.204124, -0.408248], rtol=1e-4)


def test_betainc_gradient_is_zero_in_a_and_b():
    # MindSpore 2.10: zeros for a and b; x's: [1.118034, 1.3258245, 2.1369262]
    a, b = ms.Tensor([0.5, 1.5, 2.0]), ms.Tensor([1.0, 2.0, 0.7])
    x = ms.Tensor([0.2, 0.5, 0.9])
    da, db, dx = ops.grad(lambda *v: ops.Betainc()(*v), (0, 1, 2))(a, b, x)
    assert not da.asnumpy().any() and not db.asnumpy().any()
    np.testing.assert_allclose(dx.asnumpy(), [1.118034, 1.3258245, 2.1369262], rtol=1e-4)
