"""nn, conv, loss, fft and vision ops: MindSpore golden values, numpy/scipy references,
finite-difference gradients, and jit/vmap for every op family."""

import importlib
import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.signal
from _paths import TESTS
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc
from msfunc.ops import func_activation as A
from msfunc.ops import func_adaptive_pool as AP
from msfunc.ops import func_conv as C
from msfunc.ops import func_fft as FF
from msfunc.ops import func_loss as L
from msfunc.ops import func_margin_loss as ML
from msfunc.ops import func_nn as F
from msfunc.ops import func_normalization as NM
from msfunc.ops import func_resample as RS
from msfunc.ops import func_softmax as SM
from msfunc.ops import func_sparse as S
from msfunc.ops import func_sparse_math as SPM
from msfunc.ops import func_spectral as SPEC
from msfunc.ops import func_vision as V
from msfunc.ops import not_applicable_functions

GOLDEN = json.loads((TESTS / "golden" / "ops_nn_primitives.json").read_text())
RNG = np.random.RandomState(0)


def dec(v):
    if isinstance(v, dict) and "__array__" in v:
        return np.asarray(v["__array__"], dtype=v["dtype"])
    if isinstance(v, dict) and "__tuple__" in v:
        return tuple(dec(i) for i in v["__tuple__"])
    if isinstance(v, list):
        return [dec(i) for i in v]
    if isinstance(v, dict):
        return {k: dec(i) for k, i in v.items()}
    return v


def close(got, want, rtol=2e-4, atol=2e-5):
    if isinstance(want, dict) and "real" in want:
        want = np.asarray(want["real"]) + 1j * np.asarray(want["imag"])
    if isinstance(want, list) and isinstance(got, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            close(g, w, rtol, atol)
        return
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(
        got.astype(want.dtype if want.dtype != object else float), want, rtol=rtol, atol=atol
    )


def run_jitted(fn, args, kwargs):
    """Call fn under jax.jit with its float arrays traced (ints and the rest stay static)."""
    traced = [
        i
        for i, a in enumerate(args)
        if isinstance(a, np.ndarray) and a.dtype.kind == "f" and a.ndim > 0
    ]

    def inner(*vals):
        full = list(args)
        for i, v in zip(traced, vals, strict=True):
            full[i] = v
        return fn(*full, **kwargs)

    return jax.jit(inner)(*[args[i] for i in traced])


FUNC_CASES = [c for c in GOLDEN["cases"] if c["module"] != "P"]


@pytest.mark.parametrize("case", FUNC_CASES, ids=[c["name"] for c in FUNC_CASES])
def test_golden_against_mindspore(case):
    fn = getattr(msfunc.ops, case["name"])  # case["module"]: where it lived when recorded
    args, kwargs = dec(case["args"]), dec(case["kwargs"])
    out = run_jitted(fn, args, kwargs)
    want = case["out"]
    if case["name"] == "ctc_loss":  # log_alpha layouts differ; compare the loss
        out, want = out[0], want[0]
    close(out, want)


def test_golden_file_is_from_mindspore_2_10():
    assert GOLDEN["mindspore"].startswith("2.10")
    assert len(FUNC_CASES) > 80


# ----------------------------------------------------------------- activations vs numpy
def _np_sigmoid(x):
    return 1 / (1 + np.exp(-x))


ACTIVATIONS = [
    (A.relu, lambda x: np.maximum(x, 0)),
    (A.sigmoid, _np_sigmoid),
    (A.silu, lambda x: x * _np_sigmoid(x)),
    (A.softsign, lambda x: x / (1 + np.abs(x))),
    (A.tanhshrink, lambda x: x - np.tanh(x)),
    (A.mish, lambda x: x * np.tanh(np.log1p(np.exp(x)))),
    (A.logsigmoid, lambda x: -np.log1p(np.exp(-x))),
    (A.hardswish, lambda x: x * np.clip(x + 3, 0, 6) / 6),
    (A.leaky_relu, lambda x: np.where(x >= 0, x, 0.2 * x)),
    (lambda x: SM.softmax(x), lambda x: np.exp(x) / np.exp(x).sum(-1, keepdims=True)),
    (lambda x: SM.log_softmax(x, 0), lambda x: x - np.log(np.exp(x).sum(0, keepdims=True))),
    (lambda x: A.elu(x, 0.7), lambda x: np.where(x > 0, x, 0.7 * np.expm1(x))),
    (
        lambda x: A.softplus(x, 2.0, 3.0),
        lambda x: np.where(2 * x > 3, x, np.log1p(np.exp(2 * x)) / 2),
    ),
]


@settings(max_examples=20, deadline=None)
@given(st.lists(st.floats(-5, 5, width=32), min_size=8, max_size=8))
def test_activations_match_numpy(values):
    x = np.asarray(values, np.float32).reshape(1, -1)
    for ours, ref in ACTIVATIONS:
        np.testing.assert_allclose(ours(x), ref(x.astype(np.float64)), rtol=1e-4, atol=1e-5)


# jit, vmap and grad (vs finite differences) of every op: tests/test_sweep_*.py


# ----------------------------------------------------------------- references
def test_conv_transpose_is_adjoint_of_conv():
    x = RNG.randn(1, 2, 3, 3).astype(np.float32)
    w = RNG.randn(2, 3, 3, 3).astype(np.float32)  # (in, out, kh, kw)
    y = C.conv_transpose2d(x, w, stride=2, padding=1, output_padding=1)
    fwd = lambda z: C.conv2d(z, w, stride=2, pad_mode="pad", padding=1)  # noqa: E731
    _, vjp = jax.vjp(fwd, jnp.zeros((1, 3, 6, 6), jnp.float32))
    np.testing.assert_allclose(y, vjp(jnp.asarray(x))[0], rtol=1e-4, atol=1e-4)


def test_fft_family_matches_numpy():
    x = RNG.randn(4, 6).astype(np.float32)
    np.testing.assert_allclose(FF.fft(x, dim=0), np.fft.fft(x, axis=0), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(
        FF.ifft2(x, norm="ortho"), np.fft.ifft2(x, norm="ortho"), rtol=1e-4, atol=1e-5
    )
    np.testing.assert_allclose(
        FF.irfftn(x, s=(4, 8)), np.fft.irfftn(x, s=(4, 8), axes=(0, 1)), rtol=1e-4, atol=1e-5
    )
    np.testing.assert_allclose(FF.hfft(x, n=8), np.fft.hfft(x, n=8), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(FF.ihfft(x), np.fft.ihfft(x), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(SPEC.fftshift(x), np.fft.fftshift(x))
    np.testing.assert_allclose(SPEC.ifftshift(x, dim=1), np.fft.ifftshift(x, axes=1))


def test_stft_matches_scipy():
    x = RNG.randn(32).astype(np.float32)
    win = np.asarray(SPEC.hann_window(8))
    ours = np.asarray(SPEC.stft(x, 8, 2, window=win, center=False, return_complex=True))
    _, _, ref = scipy.signal.stft(
        x,
        window=win,
        nperseg=8,
        noverlap=6,
        boundary=None,
        padded=False,
        return_onesided=True,
        scaling="spectrum",
    )
    np.testing.assert_allclose(ours, ref * win.sum(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize(
    "name,ref",
    [
        ("hann_window", "hann"),
        ("hamming_window", "hamming"),
        ("blackman_window", "blackman"),
        ("bartlett_window", "bartlett"),
    ],
)
def test_windows_match_scipy(name, ref):
    for periodic in (True, False):
        got = getattr(SPEC, name)(9, periodic)
        np.testing.assert_allclose(
            got, scipy.signal.get_window(ref, 9, fftbins=periodic), atol=1e-6
        )


def test_kaiser_matches_numpy():
    np.testing.assert_allclose(SPEC.kaiser_window(7, False, 4.0), np.kaiser(7, 4.0), rtol=1e-5)


def test_conv_pad_modes_match_numpy_reference():
    x = RNG.randn(1, 1, 5, 5).astype(np.float32)
    w = RNG.randn(1, 1, 3, 3).astype(np.float32)
    ref = scipy.signal.correlate2d(x[0, 0], w[0, 0], mode="same")
    np.testing.assert_allclose(C.conv2d(x, w, pad_mode="same")[0, 0], ref, rtol=1e-4, atol=1e-4)
    ref = scipy.signal.correlate2d(x[0, 0], w[0, 0], mode="valid")
    np.testing.assert_allclose(C.conv2d(x, w)[0, 0], ref, rtol=1e-4, atol=1e-4)


def test_batch_norm_training_updates_parameters():
    x = RNG.randn(4, 3, 2).astype(np.float32)
    rm = msfunc.Parameter(jnp.zeros(3), name="rm")
    rv = msfunc.Parameter(jnp.ones(3), name="rv")
    y = NM.batch_norm(x, rm, rv, jnp.ones(3), jnp.zeros(3), training=True, momentum=0.1)
    mean, var = x.mean((0, 2)), x.var((0, 2))
    np.testing.assert_allclose(y, (x - mean[:, None]) / np.sqrt(var[:, None] + 1e-5), atol=1e-5)
    np.testing.assert_allclose(rm.asnumpy(), 0.1 * mean, rtol=1e-5)
    np.testing.assert_allclose(rv.asnumpy(), 0.9 + 0.1 * x.var((0, 2), ddof=1), rtol=1e-5)


def test_published_batch_norm_updates_parameters():
    # through msfunc.ops, as MindSpore 2.10's ops.batch_norm: running mean 0.1 * [2, 20]
    x = msfunc.Tensor(np.array([[1.0, 10.0], [3.0, 30.0]], np.float32))
    rm = msfunc.Parameter(msfunc.Tensor(np.zeros(2, np.float32)), name="rm")
    rv = msfunc.Parameter(msfunc.Tensor(np.ones(2, np.float32)), name="rv")
    w, b = msfunc.Tensor(np.ones(2, np.float32)), msfunc.Tensor(np.zeros(2, np.float32))
    msfunc.ops.batch_norm(x, rm, rv, w, b, training=True)
    np.testing.assert_allclose(rm.asnumpy(), [0.2, 2.0], rtol=1e-6)
    np.testing.assert_allclose(rv.asnumpy(), [0.9 + 0.1 * 2.0, 0.9 + 0.1 * 200.0], rtol=1e-6)


def test_affine_grid_puts_a_single_sample_at_the_centre():
    # MindSpore 2.10: ops.affine_grid(identity, (1, 1, 1, 2), align_corners=True) is
    # [[[[-1, 0], [1, 0]]]]: a length-1 axis samples its centre
    theta = msfunc.Tensor(np.array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], np.float32))
    grid = msfunc.ops.affine_grid(theta, (1, 1, 1, 2), align_corners=True)
    np.testing.assert_array_equal(grid.asnumpy(), [[[[-1.0, 0.0], [1.0, 0.0]]]])


def test_flash_attention_matches_reference_and_layouts():
    q = RNG.randn(2, 3, 8).astype(np.float32)  # BSH with 2 heads of 4
    mask = np.triu(np.ones((3, 3), bool), 1)
    out = np.asarray(F.flash_attention_score(q, q, q, 2, attn_mask=mask, scalar_value=0.5))
    qh = q.reshape(2, 3, 2, 4).transpose(0, 2, 1, 3)
    s = np.einsum("bnqd,bnkd->bnqk", qh, qh) * 0.5
    s = np.where(mask, -np.inf, s)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    ref = np.einsum("bnqk,bnkd->bnqd", p, qh).transpose(0, 2, 1, 3).reshape(2, 3, 8)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)
    bnsd = F.flash_attention_score(
        qh, qh, qh, 2, attn_mask=mask, scalar_value=0.5, input_layout="BNSD"
    )
    np.testing.assert_allclose(
        np.asarray(bnsd).transpose(0, 2, 1, 3).reshape(2, 3, 8), ref, rtol=1e-4, atol=1e-5
    )


def test_embedding_and_max_norm():
    w = RNG.randn(4, 3).astype(np.float32) * 3
    idx = np.array([[0, 3], [1, 1]])
    np.testing.assert_allclose(F.embedding(idx, w), w[idx])
    rows = np.asarray(F.embedding(idx, w, max_norm=1.0))
    assert np.all(np.linalg.norm(rows, axis=-1) <= 1.0 + 1e-5)


@jax.default_matmul_precision("float32")
def test_losses_against_numpy():
    x = RNG.randn(4, 5).astype(np.float32)
    y = RNG.randn(4, 5).astype(np.float32)
    t = np.sign(RNG.randn(4, 5)).astype(np.float32)
    np.testing.assert_allclose(
        ML.soft_margin_loss(x, t), np.log1p(np.exp(-t * x)).mean(), rtol=1e-5
    )
    d = np.abs(x[0] - x[1] + 1e-6)
    np.testing.assert_allclose(
        ML.triplet_margin_loss(x[:1], x[1:2], y[:1], reduction="sum"),
        max(np.sqrt((d**2).sum()) - np.sqrt(((x[0] - y[0] + 1e-6) ** 2).sum()) + 1, 0),
        rtol=1e-5,
    )
    tgt = np.array([[3, 0, -1, 1, 1]])
    xs = x[:1]
    is_t = np.isin(np.arange(5), [3, 0])
    ref = (
        sum(max(0, 1 - (xs[0, j] - xs[0, i])) for j in (3, 0) for i in range(5) if not is_t[i]) / 5
    )
    np.testing.assert_allclose(ML.multilabel_margin_loss(xs, tgt), ref, rtol=1e-5)


def test_vision_and_ctc_decoder():
    x = np.log(
        np.array(
            [
                [[0.6, 0.3, 0.1], [0.2, 0.7, 0.1]],
                [[0.6, 0.3, 0.1], [0.2, 0.1, 0.7]],
                [[0.1, 0.8, 0.1], [0.2, 0.7, 0.1]],
            ],
            np.float32,
        )
    )
    idx, vals, shape, logp = V.ctc_greedy_decoder(x, np.array([3, 3], np.int32))
    assert idx.tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert vals.tolist() == [0, 1, 1, 1] and shape.tolist() == [2, 2]
    np.testing.assert_allclose(logp[:, 0], -x.max(-1).sum(0), rtol=1e-6)
    a = np.array([[0.0, 0.0, 4.0, 4.0], [1.0, 1.0, 3.0, 5.0]], np.float32)
    g = np.array([[1.0, 0.0, 5.0, 3.0], [0.0, 1.0, 2.0, 2.0]], np.float32)
    np.testing.assert_allclose(
        V.bounding_box_decode(a, V.bounding_box_encode(a, g), (9, 9)), g, atol=1e-5
    )


# ----------------------------------------------------------------- sparse
def test_sparse_coo_csr_roundtrip_and_elementwise():
    d = np.array([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]], np.float32)
    coo, csr = S.dense_to_sparse_coo(d), S.dense_to_sparse_csr(d)
    np.testing.assert_allclose(S.csr_to_dense(csr), d)
    np.testing.assert_allclose(S.coo_sqrt(coo).to_dense(), np.sqrt(d))
    np.testing.assert_allclose(S.csr_tensor_get_values(S.csr_square(csr)), [1.0, 4.0, 9.0])
    np.testing.assert_allclose(SPM.csr_mv(csr, np.ones(3, np.float32)), d @ np.ones(3))
    np.testing.assert_allclose(
        jax.jit(lambda c: SPM.csr_softmax(c).values)(csr),
        [1.0, 1 / (1 + np.e), np.e / (1 + np.e)],
        rtol=1e-6,
    )
    assert S.coo2csr(np.array([0, 1, 1]), 2).tolist() == [0, 1, 3]
    assert S.csr2coo(np.array([0, 1, 3]), 3).tolist() == [0, 1, 1]
    made = S.make_csr_tensor(
        np.array([0, 1, 3]), np.array([1, 0, 2]), np.array([1.0, 2.0, 3.0]), (2, 3)
    )
    np.testing.assert_allclose(made.to_dense(), d)
    coo2 = S.make_coo_tensor(np.array([[0, 1], [1, 2]]), np.array([1.0, 3.0]), (2, 3))
    assert S.coo_tensor_get_dense_shape(coo2) == (2, 3)
    jitted = jax.jit(S.coo_relu)(coo2)
    np.testing.assert_allclose(jitted.to_dense(), coo2.to_dense())
    with pytest.raises(TypeError, match="COO"):
        S.coo_abs(d)


# ----------------------------------------------------------------- errors and coverage
@pytest.mark.parametrize(
    "call,exc,match",
    [
        (lambda: A.gelu(jnp.ones(2), approximate="x"), ValueError, "approximate"),
        (lambda: NM.group_norm(jnp.ones((1, 3, 2)), 2), ValueError, "num_groups"),
        (lambda: L.mse_loss(jnp.ones(2), jnp.ones(2), reduction="avg"), ValueError, "reduction"),
        (
            lambda: C.conv2d(jnp.ones((1, 1, 3, 3)), jnp.ones((1, 1, 2, 2)), pad_mode="full"),
            ValueError,
            "pad_mode",
        ),
        (lambda: RS.interpolate(jnp.ones((1, 1, 3)), size=4, mode="bilinear"), ValueError, "4-D"),
        (lambda: C.pad(jnp.ones((2, 2)), (1,)), ValueError, "padding"),
        (lambda: SM.softmax("x"), TypeError, "input"),
        (lambda: FF.fft(jnp.ones(4), norm="bad"), ValueError, "norm"),
    ],
)
def test_bad_arguments_raise_clear_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_parameters_accepted():
    p = msfunc.Parameter(jnp.array([[-1.0, 2.0]]), name="p_nn")
    np.testing.assert_allclose(A.relu(p), [[0.0, 2.0]])
    np.testing.assert_allclose(L.l1_loss(p, p), 0.0)


def test_modules_export_and_not_applicable_are_disjoint():
    names = set()
    for mod in (
        "func_activation",
        "func_softmax",
        "func_normalization",
        "func_nn",
        "func_loss",
        "func_margin_loss",
        "func_conv",
        "func_patches",
        "func_pool",
        "func_adaptive_pool",
        "func_resample",
        "func_random",
        "func_sampling",
        "func_candidate_sampling",
        "func_fft",
        "func_spectral",
        "func_sparse",
        "func_sparse_math",
        "func_vision",
    ):
        m = importlib.import_module(f"msfunc.ops.{mod}")
        for n in m.__all__:
            assert callable(getattr(m, n)), n
        assert not names & set(m.__all__)
        names |= set(m.__all__)
    assert not names & set(not_applicable_functions.NOT_APPLICABLE)
    assert len(names) >= 230


def test_fractional_max_pool_draws_per_batch_and_channel():
    # regression: the default draw had shape (N, C) instead of (N, C, nd) for batched input
    x = RNG.randn(2, 3, 5, 5).astype(np.float32)
    msfunc.set_seed(5)
    out = AP.fractional_max_pool2d(x, 2, output_size=(3, 3))
    assert out.shape == (2, 3, 3, 3)
    for n in range(2):  # every output is the max of some 2x2 window of its own channel
        for c in range(3):
            wins = np.lib.stride_tricks.sliding_window_view(x[n, c], (2, 2)).max((-1, -2))
            assert np.isin(np.asarray(out[n, c]), wins).all()


def test_attention_and_crop_keep_float64():
    # regression: both computed in float32 even for float64 input
    with jax.enable_x64(True):
        q = RNG.randn(1, 3, 2, 2)  # BSND, one query per key: plain softmax attention
        s = np.einsum("bqnd,bknd->bnqk", q, q)
        p = np.exp(s - s.max(-1, keepdims=True))
        ref = np.einsum("bnqk,bknd->bqnd", p / p.sum(-1, keepdims=True), q)
        got = F.flash_attention_score(jnp.asarray(q), q, q, 2, input_layout="BSND")
        np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-12)
        img = jnp.asarray(RNG.randn(1, 4, 4, 1))
        out = V.crop_and_resize(img, jnp.array([[0.1, 0.2, 0.9, 0.7]]), jnp.array([0]), (2, 2))
        assert out.dtype == jnp.float64


def test_ctc_loss_gradient_with_short_inputs_is_finite_and_matches_fd():
    # frames past input_lengths once made the gradient NaN (logaddexp(-inf, -inf))
    import msfunc.ops as ops

    rng = np.random.default_rng(0)
    d = rng.standard_normal((6, 2, 5))
    tg, il, tl = jnp.array([[1, 2], [3, 3]]), jnp.array([6, 4]), jnp.array([2, 2])
    with jax.enable_x64(True):
        lp = np.asarray(jax.nn.log_softmax(rng.standard_normal((6, 2, 5)), -1))
        loss = jax.jit(lambda x: jnp.asarray(ops.ctc_loss(x, tg, il, tl)[0]))
        grad = np.asarray(jax.jit(jax.grad(loss))(lp))
        fd = (loss(lp + 1e-6 * d) - loss(lp - 1e-6 * d)) / 2e-6
    assert np.all(np.isfinite(grad)) and np.all(grad[4:, 1] == 0)
    np.testing.assert_allclose(np.sum(grad * d), fd, rtol=1e-6)
    out = ops.ctc_loss(
        lp.astype(np.float32),
        jnp.array([[1, 2, 1]] * 2),
        jnp.array([2, 2]),
        jnp.array([3, 3]),
        reduction="none",
    )[0]
    assert np.all(np.isinf(out))  # a target longer than its input is impossible
