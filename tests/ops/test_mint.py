"""msfunc.mint against real MindSpore 2.10 (tests/golden/mint.json) or torch's rules in numpy.

The programs are in tests/oracle/mint_cases.py, run unchanged by both frameworks.
Many mint kernels are Ascend-only in MindSpore 2.10; where MindSpore could not run a
case on CPU, the expected value below is torch's definition written out in numpy.
"""

import json
import sys

import numpy as np
import pytest
import scipy.linalg
import scipy.signal
import scipy.special
from _paths import TESTS

import msfunc
from msfunc import mint
from msfunc.errors import UnsupportedError

HERE = TESTS
sys.path.insert(0, str(HERE / "oracle"))
from mint_cases import (  # noqa: E402,F401
    CASES,
    INDEX,
    P01,
    POOLED,
    POOLED_AT,
    UPPER,
    X5,
    B,
    W,
    X,
    Y,
)

GOLDEN = json.loads((HERE / "golden" / "mint.json").read_text())


def _log_softmax(z, axis):
    return z - scipy.special.logsumexp(z, axis=axis, keepdims=True)


def _optimizer_reference(rule):
    w = np.array([1.0, -2.0, 3.0])
    state = {}
    for t in range(1, 4):
        w = rule(w, np.array([0.5, -1.0, 2.0]) * t, t, state)
    return w


def _adam(decoupled):
    def rule(w, g, t, s, lr=0.1, wd=0.1, b1=0.9, b2=0.999, eps=1e-8):
        if not decoupled:
            g = g + wd * w
        s["m"] = b1 * s.get("m", 0) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0) + (1 - b2) * g * g
        step = (s["m"] / (1 - b1**t)) / (np.sqrt(s["v"] / (1 - b2**t)) + eps)
        return w - lr * (step + (wd * w if decoupled else 0))

    return _optimizer_reference(rule)


def _sgd():
    def rule(w, g, t, s, lr=0.1, momentum=0.9, wd=0.01):
        g = g + wd * w
        s["buf"] = g if "buf" not in s else momentum * s["buf"] + g
        return w - lr * s["buf"]

    return _optimizer_reference(rule)


def _conv2d_reference():
    x = np.pad(X, 1)
    kernels = W.reshape(2, 2, 2)
    return np.stack([scipy.signal.correlate2d(x, k, mode="valid") for k in kernels])[None]


_ORDER_DESC = np.argsort(-Y, axis=1, kind="stable")


def _sigmoid(z):
    return 1 / (1 + np.exp(-z))


def _elu(z, alpha):
    return np.where(z > 0, z, alpha * (np.exp(z) - 1))


def _conv_tbc():
    x, w = np.pad(X.reshape(3, 2, 2), ((1, 1), (0, 0), (0, 0))), W.reshape(2, 2, 2)
    return np.stack([x[t] @ w[0] + x[t + 1] @ w[1] for t in range(4)]) + B


def _unpooled():
    out = np.zeros(16)
    out[POOLED_AT.ravel()] = POOLED.ravel()
    return out.reshape(1, 1, 4, 4)


def _unfold_fold():
    columns = np.stack([X[ki : ki + 2, kj : kj + 3].ravel() for ki in range(2) for kj in range(2)])
    cover = np.zeros((3, 4))
    for ki in range(2):
        for kj in range(2):
            cover[ki : ki + 2, kj : kj + 3] += 1
    return columns[None], (X * cover)[None, None]


def _bilinear_aligned(out_h, out_w):
    rows, cols = np.linspace(0, 2, out_h), np.linspace(0, 3, out_w)
    by_row = np.stack([np.interp(cols, np.arange(4), X[i]) for i in range(3)])
    return np.stack([np.interp(rows, np.arange(3), by_row[:, j]) for j in range(out_w)], axis=1)[
        None, None
    ]


def _batch_norm_train(shape):
    mean, var = X.mean(0), X.var(0)
    out = (
        ((X - mean) / np.sqrt(var + 1e-5)).T.reshape(shape)
        if len(shape) > 2
        else ((X - mean) / np.sqrt(var + 1e-5))
    )
    return out, 0.1 * mean, 0.9 + 0.1 * X.var(0, ddof=1)


def _conv3d():
    w = np.arange(16).reshape(2, 2, 2, 2) / 10.0
    x = X5[0, 0]
    return np.array([[(x[d : d + 2] * w[o]).sum() for d in range(2)] for o in range(2)]).reshape(
        1, 2, 2, 1, 1
    )


def _ceil_windows(reduce):
    # 2x2 windows of Y (3, 4) with ceil_mode: the last row of windows is cut at the border
    return np.array([[reduce(Y[r : r + 2, c : c + 2]) for c in (0, 2)] for r in (0, 2)])[None, None]


def _max_pool_ceil():
    flat = (
        lambda r, c: (lambda w: (r + w // 2) * 4 + c + w % 2)(  # noqa: E731
            int(np.argmax(Y[r : r + 2, c : c + 2]))
        )
    )
    return _ceil_windows(np.max), np.array([[flat(r, c) for c in (0, 2)] for r in (0, 2)])[
        None, None
    ]


def _adaptive_max_pool1d_indices():
    halves = Y.reshape(3, 2, 2)
    return halves.max(-1)[None], (halves.argmax(-1) + [0, 2])[None]


_SEGMENT_MEAN_3D = X5[0, 0].mean(axis=(0, 2)).reshape(1, 1, 1, 2, 1)
_HALVES = X.reshape(1, 3, 2, 2)

NUMPY_REFERENCE = {
    "elementwise.atan2": lambda: np.arctan2(X, Y),
    "create.full": lambda: np.full((2, 3), 1.5),
    "create.like": lambda: (np.ones_like(X), np.zeros_like(X), np.full_like(X, 2.5)),
    "create.arange": lambda: np.arange(1, 7, 2),
    "create.linspace": lambda: np.linspace(0.0, 1.0, 5),
    "functional.batch_norm_plain": lambda: (X - X.mean(0)) / np.sqrt(Y.var(0) + 1e-5),
    "functional.leaky_relu_default": lambda: np.where(X > 0, X, 0.01 * X),
    "functional.max_pool2d_ceil": _max_pool_ceil,
    "functional.avg_pool2d_ceil": lambda: _ceil_windows(np.mean),
    "extra.adaptive_max_pool1d_indices": _adaptive_max_pool1d_indices,
    "index.argsort_stable": lambda: np.argsort([2.0, 1.0, 2.0, 0.0, 1.0], kind="stable"),
    "reduce.logsumexp": lambda: scipy.special.logsumexp(X, axis=1),
    "reduce.argmax": lambda: np.argmax(Y, axis=1),
    "reduce.std": lambda: np.std(Y, axis=1, ddof=1),
    "reduce.var_correction0": lambda: np.var(Y, axis=0),
    "reduce.cumsum": lambda: np.cumsum(X, axis=1),
    "reduce.norm": lambda: np.sqrt((Y**2).sum()),
    "reduce.median_all": lambda: np.sort(Y.ravel())[(Y.size - 1) // 2],
    "shape.stack": lambda: np.stack([X, Y]),
    "index.index_select": lambda: X[:, [2, 0]],
    "index.tril": lambda: np.tril(X),
    "index.sort": lambda: (np.take_along_axis(Y, _ORDER_DESC, 1), _ORDER_DESC),
    "index.topk": lambda: (np.sort(X, 1)[:, ::-1][:, :2], np.argsort(-X, 1)[:, :2]),
    "linalg.outer": lambda: np.outer(X[0], X[1]),
    "linalg.addmm": lambda: 0.5 * Y[:, :3] + 2.0 * X @ Y.T,
    "functional.gelu": lambda: 0.5 * X * (1 + scipy.special.erf(X / np.sqrt(2))),
    "functional.leaky_relu": lambda: np.where(X > 0, X, 0.1 * X),
    "functional.l1_loss": lambda: np.abs(X - Y).mean(),
    "functional.mse_loss": lambda: ((X - Y) ** 2).mean(),
    "functional.cross_entropy": lambda: -_log_softmax(Y, 1)[[0, 1, 2], [0, 1, 3]].mean(),
    "functional.hardtanh": lambda: np.clip(3 * X, -0.5, 0.5),
    "functional.conv2d": _conv2d_reference,
    "functional.max_pool2d": lambda: np.max(
        np.lib.stride_tricks.sliding_window_view(Y, (2, 2)), axis=(-1, -2)
    )[None, None],
    "cells.mse": lambda: ((X - Y) ** 2).mean(),
    "extra.bitwise_not": lambda: ~np.array([0, 5, -3], np.int32),
    "extra.repeat_interleave": lambda: np.repeat(X, 2, axis=0),
    "extra.addr_": lambda: 0.5 * Y[:, :2] + 2.0 * np.outer(X[:, 0], X[0, :2]),
    "extra.npu_gelu": lambda: 0.5 * X * (1 + scipy.special.erf(X / np.sqrt(2))),
    "extra.equal_ext_op": lambda: True,
    "extra.conv2d": _conv2d_reference,
    "extra.triangular_solve": lambda: (scipy.linalg.solve_triangular(UPPER, X[:, :2]), UPPER),
    "extra.conv_tbc": _conv_tbc,
    "extra.adaptive_avg_pool3d": lambda: _SEGMENT_MEAN_3D,
    "extra.adaptive_avg_pool3d_ext": lambda: _SEGMENT_MEAN_3D,
    "extra.adaptive_max_pool1d": lambda: _HALVES.max(-1),
    "extra.avg_pool1d": lambda: _HALVES.mean(-1),
    "extra.avg_pool3d": lambda: np.array([X5[0, 0, d : d + 2].mean() for d in range(2)]).reshape(
        1, 1, 2, 1, 1
    ),
    "extra.elu_ext": lambda: _elu(X, 0.5),
    "extra.hardtanh_op": lambda: np.clip(3 * X, -0.5, 0.5),
    "extra.threshold_op": lambda: np.where(X > 0.1, X, 20.0),
    "extra.relu_": lambda: np.maximum(X, 0),
    "extra.sigmoid_": lambda: _sigmoid(X),
    "extra.elu_": lambda: _elu(X, 0.5),
    "extra.inplace_elu": lambda: _elu(X, 0.5),
    "extra.hardtanh_": lambda: np.clip(X, -0.2, 0.3),
    "extra.inplace_silu": lambda: X * _sigmoid(X),
    "extra.threshold_": lambda: np.where(X > 0.1, X, 20.0),
    "extra.max_unpool2d": _unpooled,
    "extra.norm_ext": lambda: np.sqrt((Y**2).sum(1)),
    "extra.AvgPool1d": lambda: _HALVES.mean(-1),
    "extra.AvgPool3d": lambda: np.array([X5[0, 0, d : d + 2].mean() for d in range(2)]).reshape(
        1, 1, 2, 1, 1
    ),
    "extra.AdaptiveAvgPool3d": lambda: _SEGMENT_MEAN_3D,
    "extra.AdaptiveMaxPool1d": lambda: _HALVES.max(-1),
    "extra.Unfold_Fold": _unfold_fold,
    "extra.UpsamplingBilinear2d": lambda: _bilinear_aligned(5, 7),
    "extra.upsample_bilinear2d_op": lambda: _bilinear_aligned(5, 7),
    "extra.MaxUnpool2d": _unpooled,
    "extra.kl_div_ext": lambda: (P01[::-1] * (np.log(P01[::-1]) - np.log(P01))).sum(),
    "extra.mse_loss_ext": lambda: ((X - Y) ** 2).mean(),
    "extra.BatchNorm1d_train": lambda: _batch_norm_train((3, 4)),
    "extra.BatchNorm2d_eval": lambda: (
        X.T.reshape(1, 4, 3, 1) / np.sqrt(1 + 1e-5),
        np.zeros(4),
        np.ones(4),
    ),
    "extra.BatchNorm3d_train": lambda: _batch_norm_train((1, 4, 3, 1, 1)),
    "extra.Conv3d": _conv3d,
    "optim.adam": lambda: _adam(decoupled=False),
    "optim.adamw": lambda: _adam(decoupled=True),
    "optim.sgd": _sgd,
}


def _expected(name):
    recorded = GOLDEN[name]
    if "value" in recorded:

        def unpack(v):
            if isinstance(v, dict):
                return np.asarray(v["array"])
            return [unpack(i) for i in v] if isinstance(v, list) else v

        return unpack(recorded["value"]), "MindSpore"
    return NUMPY_REFERENCE[name](), "numpy"


def _compare(got, expected, where):
    if isinstance(expected, (list, tuple)):
        assert len(got) == len(expected), where
        for g, e in zip(got, expected):
            _compare(g, e, where)
        return
    if isinstance(expected, bool):
        assert got == expected, where
        return
    got = np.asarray(got)
    assert got.shape == np.shape(expected), f"{where}: shape {got.shape} != {np.shape(expected)}"
    np.testing.assert_allclose(
        got.astype(np.float64), expected, rtol=1e-5, atol=1e-5, err_msg=where
    )


def test_every_case_has_an_oracle():
    for name in CASES:
        assert "value" in GOLDEN[name] or name in NUMPY_REFERENCE, name


@pytest.mark.parametrize("family", sorted({name.split(".")[0] for name in CASES}))
def test_mint_family_matches_reference(family):
    for name, case in CASES.items():
        if name.split(".")[0] != family:
            continue
        got = case(mint, msfunc.Tensor)
        expected, source = _expected(name)
        _compare(got, expected, f"{name} vs {source}")


def test_every_mint_name_is_supported_or_says_so():
    from msfunc.mint._coverage import SECTIONS, reference_names

    for section, module_name in SECTIONS.items():
        namespace = sys.modules[module_name]
        for name in reference_names()[section]:
            try:
                assert getattr(namespace, name) is not None
            except UnsupportedError as err:
                assert f"{section}.{name} is not supported" in str(err)
    supported = sum(len(s) for s, _ in mint.coverage().values())
    assert supported >= 369  # 95 % of MindSpore 2.10's 388 mint names; README lists the figures


def test_parameter_cells_match_numpy():
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 3)
    np.testing.assert_array_equal(
        mint.nn.ReflectionPad1d(2)(x), np.pad(x, [(0, 0), (0, 0), (2, 2)], "reflect")
    )
    np.testing.assert_array_equal(
        mint.nn.ReplicationPad1d((1, 0))(x), np.pad(x, [(0, 0), (0, 0), (1, 0)], "edge")
    )
    np.testing.assert_array_equal(
        mint.nn.ConstantPad1d(1, 9.0)(x), np.pad(x, [(0, 0), (0, 0), (1, 1)], constant_values=9.0)
    )
    norm = mint.nn.LayerNorm(3)(x)
    expected = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(norm, expected, rtol=1e-5, atol=1e-6)
    table = mint.nn.Embedding(4, 2, padding_idx=1)
    np.testing.assert_array_equal(table(np.array([1, 3]))[0], [0.0, 0.0])
    conv = mint.nn.Conv2d(2, 3, 2, padding=1, bias=False)
    got = conv(np.ones((1, 2, 2, 2), np.float32))
    w = np.asarray(conv.weight.value())
    assert got.shape == (1, 3, 3, 3)
    np.testing.assert_allclose(got[0, :, 1, 1], w.sum(axis=(1, 2, 3)), rtol=1e-5)


def test_torch_style_argument_errors_name_the_function():
    with pytest.raises(TypeError, match=r"mint\.sum"):
        mint.sum(np.ones(3), axis=0)  # torch's name is dim
    with pytest.raises(UnsupportedError, match="compute_mode"):
        mint.cdist(np.ones((2, 2)), np.ones((2, 2)), compute_mode="donot_use_mm_for_euclid_dist")


def test_float_power_computes_in_double():
    # MindSpore 2.10 returns Float64 computed from the widened inputs (the golden's dtype)
    got = mint.float_power(msfunc.Tensor(np.abs(X)), msfunc.Tensor(Y))
    assert GOLDEN["elementwise.float_power"]["value"]["dtype"] == "float64"
    assert got.dtype == msfunc.float64
    np.testing.assert_allclose(
        got.asnumpy(), np.float_power(np.abs(X).astype(np.float64), Y), rtol=1e-13
    )


def test_required_arguments_reach_the_target():
    # a torch-style declaration whose required argument the target lacks fails when built
    from msfunc import ops
    from msfunc.mint._adapt import torch_style

    with pytest.raises(TypeError, match="size"):
        torch_style("ones", ops.ones, lambda size, *, dtype=None: None)


def test_written_functionals_return_tensors():
    # mint.nn.functional's hand-written functions answer Tensors, as its table-built ones do
    F = mint.nn.functional
    x = msfunc.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
    out = F.conv2d(x, msfunc.Tensor(np.ones((1, 1, 2, 2), np.float32)))
    assert type(out) is msfunc.Tensor
    np.testing.assert_array_equal(out.asnumpy(), [[[[8.0, 12.0], [20.0, 24.0]]]])
    norm = F.normalize(msfunc.Tensor([[3.0, 4.0]]))
    assert type(norm) is msfunc.Tensor
    np.testing.assert_allclose(norm.asnumpy(), [[0.6, 0.8]], rtol=1e-6)
    assert type(F.avg_pool1d(x.reshape(1, 1, 9), 3)) is msfunc.Tensor
