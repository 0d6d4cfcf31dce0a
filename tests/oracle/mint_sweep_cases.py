"""One call of every public function of mindspore.mint and mint.nn.functional, and of every
mint.nn Cell, written once for both frameworks: ``tables(mint, T)`` builds them with ``mint`` the
namespace (msfunc's or MindSpore's) and ``T`` its Tensor class.

tests/ops/test_mint_sweep.py runs them with msfunc to check that each call works and has
torch's documented shape; tests/oracle/gen_mint_sweep_golden.py records real MindSpore 2.10's
values of the same calls in tests/golden/mint_sweep.json, which tests/ops/test_mint_golden.py
compares with msfunc's. No top-level import of MindSpore or msfunc.
"""

import numpy as np

# Calls whose values are undefined (uninitialised memory): only the shape is compared.
SHAPE_ONLY = ("empty", "empty_like")

# The functions the tables leave to the default call: on A, or on A and B.
UNARY = (
    "abs acos acosh arccos arccosh arcsinh arctan arctanh asin asinh atan atanh ceil clone cos "
    "cosh erf erfc erfinv exp exp2 expm1 fix floor frac imag isfinite isinf isneginf log log10 "
    "log1p log2 logical_not neg negative real reciprocal rsqrt sigmoid sign sin sinc sinh sqrt "
    "square tan tanh trunc"
).split()
BINARY = (
    "arctan2 atan2 eq floor_divide fmod ge greater greater_equal gt le less less_equal logaddexp "
    "logaddexp2 logical_and logical_or logical_xor lt maximum minimum mul ne not_equal remainder "
    "xlogy"
).split()


def set_weights(cell, T):
    """Give every Parameter of `cell` fixed values (from its attribute name), so both
    frameworks compute with the same weights."""
    for name, param in cell.parameters_and_names():
        param.set_data(T(fixed_values(name.split(".")[-1], tuple(param.shape))))
    return cell


def fixed_values(name, shape):
    """The float32 values `set_weights` gives a Parameter named `name` of shape `shape`."""
    size = int(np.prod(shape)) if shape else 1
    phase = sum(map(ord, name)) % 7
    values = np.cos(np.arange(size, dtype=np.float64) * 0.7 + phase).reshape(shape) * 0.5
    return values.astype(np.float32)


def tables(mint, T):
    """``{"mint": {...}, "functional": {...}, "defaults": {...}, "cells": {...}}``: name ->
    (call, the result's shape by torch's documentation); ``defaults`` are the one- and
    two-tensor functions (UNARY, BINARY) and those called on other fixed inputs; and
    ``"inputs"``, the fixed Tensors the calls take (for mint_twin_cases.py)."""
    F = mint.nn.functional
    RNG = np.random.default_rng(0)
    A = T(RNG.uniform(0.1, 0.9, (3, 4)).astype(np.float32))
    B = T(RNG.uniform(0.1, 0.9, (3, 4)).astype(np.float32))
    SQUARE = T(np.array([[2.0, 0.5, 0.0], [0.5, 3.0, 0.2], [0.0, 0.2, 4.0]], np.float32))
    V3, V4 = T(np.array([0.5, 1.0, 2.0], np.float32)), T(np.ones(4, np.float32))
    INTS = T(np.array([[6, 4, 9, 2], [1, 3, 8, 5], [7, 0, 2, 4]], np.int32))
    LABELS = T(np.array([0, 3, 1], np.int64))
    INDEX = T(np.array([[0, 1], [3, 2], [1, 1]], np.int64))
    IMAGE = T(RNG.uniform(0.1, 0.9, (1, 2, 4, 4)).astype(np.float32))
    SIGNAL = T(RNG.uniform(0.1, 0.9, (1, 2, 6)).astype(np.float32))
    VOLUME = T(RNG.uniform(0.1, 0.9, (1, 2, 4, 4, 4)).astype(np.float32))
    BATCH1 = T(np.ones((2, 3, 4), np.float32))
    BATCH2 = T(np.ones((2, 4, 5), np.float32))

    # mint's one- and two-tensor functions: called on A (and B), (3, 4) out unless listed below
    ELEMENTWISE = (3, 4)
    ONE_OR_TWO_TENSORS = {
        "bitwise_and": (lambda: mint.bitwise_and(INTS, INTS), (3, 4)),
        "bitwise_not": (lambda: mint.bitwise_not(INTS), (3, 4)),
        "bitwise_or": (lambda: mint.bitwise_or(INTS, INTS), (3, 4)),
        "bitwise_xor": (lambda: mint.bitwise_xor(INTS, INTS), (3, 4)),
        "gcd": (lambda: mint.gcd(INTS, INTS), (3, 4)),
        "dot": (lambda: mint.dot(V3, V3), ()),
        "vdot": (lambda: mint.vdot(V3, V3), ()),
        "matmul": (lambda: mint.matmul(A, B.T), (3, 3)),
        "equal": (lambda: mint.equal(A, B), ()),
        "equal_ext_op": (lambda: mint.equal_ext_op(A, A), ()),
        "item": (lambda: mint.item(T(np.array([2.5], np.float32))), ()),
        "ravel": (lambda: mint.ravel(A), (12,)),
        "t": (lambda: mint.t(A), (4, 3)),
        "trace": (lambda: mint.trace(SQUARE), ()),
        "inverse": (lambda: mint.inverse(SQUARE), (3, 3)),
    }

    MINT = {
        "add": (lambda: mint.add(A, B, alpha=2), (3, 4)),
        "addbmm": (
            lambda: mint.addbmm(T(np.ones((3, 5), np.float32)), BATCH1, BATCH2, beta=0.5, alpha=2),
            (3, 5),
        ),
        "addcdiv": (lambda: mint.addcdiv(A, A, B, value=0.5), (3, 4)),
        "addcmul": (lambda: mint.addcmul(A, A, B, value=0.5), (3, 4)),
        "addmm": (lambda: mint.addmm(SQUARE, A, B.T, beta=0.5, alpha=2), (3, 3)),
        "addmv": (lambda: mint.addmv(V3, A, V4, beta=0.5, alpha=2), (3,)),
        "addr_": (lambda: mint.addr_(T(A.asnumpy()), V3, V4, beta=0.5, alpha=2), (3, 4)),
        "all": (lambda: mint.all(A > 0.5, dim=1, keepdim=True), (3, 1)),
        "allclose": (lambda: mint.allclose(A, B, rtol=1e-3, atol=0.0, equal_nan=True), ()),
        "amax": (lambda: mint.amax(A, dim=1, keepdim=True), (3, 1)),
        "amin": (lambda: mint.amin(A, dim=0), (4,)),
        "any": (lambda: mint.any(A > 0.5, dim=0), (4,)),
        "arange": (lambda: mint.arange(0, 10, 3, dtype=mint.Tensor(1).dtype), (4,)),
        "arcsin": (lambda: mint.arcsin(A), (3, 4)),
        "argmax": (lambda: mint.argmax(A, dim=1, keepdim=True), (3, 1)),
        "argmin": (lambda: mint.argmin(A, dim=0), (4,)),
        "argsort": (lambda: mint.argsort(A, dim=1, descending=True, stable=True), (3, 4)),
        "baddbmm": (
            lambda: mint.baddbmm(
                T(np.ones((2, 3, 5), np.float32)), BATCH1, BATCH2, beta=0.5, alpha=2
            ),
            (2, 3, 5),
        ),
        "bincount": (lambda: mint.bincount(LABELS, weights=V3, minlength=6), (6,)),
        "bmm": (lambda: mint.bmm(BATCH1, BATCH2), (2, 3, 5)),
        "broadcast_to": (lambda: mint.broadcast_to(V4, (3, 4)), (3, 4)),
        "cat": (lambda: mint.cat((A, B), dim=1), (3, 8)),
        "cdist": (lambda: mint.cdist(A, B, p=1.0), (3, 3)),
        "cdist_": (lambda: mint.cdist_(A, B, p=2.0), (3, 3)),
        "chunk": (lambda: mint.chunk(A, 2, dim=1), ((3, 2), (3, 2))),
        "clamp": (lambda: mint.clamp(A, min=0.2, max=0.6), (3, 4)),
        "clip": (lambda: mint.clip(A, min=0.2), (3, 4)),
        "concat": (lambda: mint.concat((A, B), dim=0), (6, 4)),
        "conv2d": (
            lambda: mint.conv2d(IMAGE, T(np.ones((3, 2, 3, 3), np.float32)), padding=1),
            (1, 3, 4, 4),
        ),
        "conv_tbc": (
            lambda: mint.conv_tbc(
                T(np.ones((5, 1, 2), np.float32)),
                T(np.ones((3, 2, 4), np.float32)),
                V4,
                pad=1,
            ),
            (5, 1, 4),
        ),
        "count_nonzero": (lambda: mint.count_nonzero(INTS, dim=1), (3,)),
        "cross": (lambda: mint.cross(T(np.eye(3, dtype=np.float32)), SQUARE, dim=1), (3, 3)),
        "cummax": (lambda: mint.cummax(A, dim=1), ((3, 4), (3, 4))),
        "cummin": (lambda: mint.cummin(A, dim=0), ((3, 4), (3, 4))),
        "cumprod": (lambda: mint.cumprod(A, dim=1), (3, 4)),
        "cumsum": (lambda: mint.cumsum(A, dim=0), (3, 4)),
        "diag": (lambda: mint.diag(V3, diagonal=1), (4, 4)),
        "diff": (lambda: mint.diff(A, n=1, dim=1, prepend=A), (3, 7)),
        "div": (lambda: mint.div(A, B, rounding_mode="floor"), (3, 4)),
        "divide": (lambda: mint.divide(A, B, rounding_mode="trunc"), (3, 4)),
        "dstack": (lambda: mint.dstack((A, B)), (3, 4, 2)),
        "einsum": (lambda: mint.einsum("ij,kj->ik", A, B), (3, 3)),
        "empty": (lambda: mint.empty(2, 3, dtype=mint.Tensor(1.0).dtype), (2, 3)),
        "empty_like": (lambda: mint.empty_like(A), (3, 4)),
        "eye": (lambda: mint.eye(2, 3), (2, 3)),
        "flatten": (lambda: mint.flatten(BATCH1, start_dim=1), (2, 12)),
        "flatten_ext": (lambda: mint.flatten_ext(BATCH1, 0, 1), (6, 4)),
        "flip": (lambda: mint.flip(A, dims=(0, 1)), (3, 4)),
        "float_power": (lambda: mint.float_power(A, exponent=2), (3, 4)),
        "full": (lambda: mint.full((2, 3), 1.5), (2, 3)),
        "full_like": (lambda: mint.full_like(A, 2.0), (3, 4)),
        "gather": (lambda: mint.gather(A, 1, INDEX), (3, 2)),
        "histc": (lambda: mint.histc(A, bins=5, min=0.0, max=1.0), (5,)),
        "hstack": (lambda: mint.hstack((A, B)), (3, 8)),
        "index_add": (
            lambda: mint.index_add(A, 1, T(np.array([0, 2], np.int32)), A[:, :2], alpha=2),
            (3, 4),
        ),
        "index_select": (lambda: mint.index_select(A, 1, T(np.array([2, 0]))), (3, 2)),
        "isclose": (lambda: mint.isclose(A, B, rtol=1e-3, atol=0.0), (3, 4)),
        "isnan": (lambda: mint.isnan(A), (3, 4)),
        "kthvalue": (lambda: mint.kthvalue(A, 2, dim=1, keepdim=True), ((3, 1), (3, 1))),
        "lerp": (lambda: mint.lerp(A, B, 0.25), (3, 4)),
        "linspace": (lambda: mint.linspace(0.0, 1.0, 7), (7,)),
        "logsumexp": (lambda: mint.logsumexp(A, dim=1, keepdim=True), (3, 1)),
        "masked_select": (lambda: mint.masked_select(INTS, INTS > 4), (5,)),
        "max": (lambda: mint.max(A, dim=1, keepdim=False), ((3,), (3,))),
        "mean": (lambda: mint.mean(A, dim=(0, 1), keepdim=True), (1, 1)),
        "median": (lambda: mint.median(A, dim=1), ((3,), (3,))),
        "meshgrid": (lambda: mint.meshgrid(V3, V4, indexing="ij"), ((3, 4), (3, 4))),
        "min": (lambda: mint.min(A), ()),
        "mm": (lambda: mint.mm(A, B.T), (3, 3)),
        "mv": (lambda: mint.mv(A, V4), (3,)),
        "nan_to_num": (lambda: mint.nan_to_num(A, nan=0.0, posinf=1.0, neginf=-1.0), (3, 4)),
        "nansum": (lambda: mint.nansum(A, dim=1), (3,)),
        "narrow": (lambda: mint.narrow(A, 1, 1, 2), (3, 2)),
        "nonzero": (lambda: mint.nonzero(INTS), (11, 2)),
        "norm": (lambda: mint.norm(A, p=2, dim=1), (3,)),
        "npu_gelu": (lambda: mint.npu_gelu(A, approximate="tanh"), (3, 4)),
        "ones": (lambda: mint.ones((2, 3)), (2, 3)),
        "ones_like": (lambda: mint.ones_like(A), (3, 4)),
        "outer": (lambda: mint.outer(V3, V4), (3, 4)),
        "permute": (lambda: mint.permute(BATCH1, (2, 0, 1)), (4, 2, 3)),
        "polar": (lambda: mint.polar(A, B), (3, 4)),
        "pow": (lambda: mint.pow(A, exponent=2.0), (3, 4)),
        "prod": (lambda: mint.prod(A, dim=1, keepdim=True), (3, 1)),
        "repeat_interleave": (lambda: mint.repeat_interleave(A, 2, dim=1), (3, 8)),
        "reshape": (lambda: mint.reshape(A, (2, 6)), (2, 6)),
        "roll": (lambda: mint.roll(A, 1, dims=1), (3, 4)),
        "round": (lambda: mint.round(A, decimals=1), (3, 4)),
        "scatter": (lambda: mint.scatter(A, 1, INDEX, B[:, :2]), (3, 4)),
        "scatter_add": (lambda: mint.scatter_add(A, 1, INDEX, B[:, :2]), (3, 4)),
        "searchsorted": (lambda: mint.searchsorted(V3, A, right=True), (3, 4)),
        "select": (lambda: mint.select(A, 1, 2), (3,)),
        "softmax": (lambda: mint.softmax(A, dim=1), (3, 4)),
        "softmax_ext": (lambda: mint.softmax_ext(A, dim=0), (3, 4)),
        "sort": (lambda: mint.sort(A, dim=0, descending=True), ((3, 4), (3, 4))),
        "split": (lambda: mint.split(A, [1, 3], dim=1), ((3, 1), (3, 3))),
        "squeeze": (lambda: mint.squeeze(T(np.ones((3, 1, 4), np.float32)), dim=1), (3, 4)),
        "squeeze_impl": (lambda: mint.squeeze_impl(T(np.ones((3, 1), np.float32)), 1), (3,)),
        "stack": (lambda: mint.stack((A, B), dim=1), (3, 2, 4)),
        "std": (lambda: mint.std(A, dim=1, correction=0, keepdim=True), (3, 1)),
        "std_mean": (lambda: mint.std_mean(A, dim=0), ((4,), (4,))),
        "sub": (lambda: mint.sub(A, B, alpha=0.5), (3, 4)),
        "sum": (lambda: mint.sum(A, dim=0, keepdim=True), (1, 4)),
        "swapaxes": (lambda: mint.swapaxes(BATCH1, 0, 2), (4, 3, 2)),
        "take": (lambda: mint.take(A, T(np.array([0, 5, 11]))), (3,)),
        "tile": (lambda: mint.tile(A, (2, 1)), (6, 4)),
        "topk": (lambda: mint.topk(A, 2, dim=1, largest=False), ((3, 2), (3, 2))),
        "transpose": (lambda: mint.transpose(BATCH1, 0, 2), (4, 3, 2)),
        "triangular_solve": (
            lambda: mint.triangular_solve(A[:, :2], SQUARE, upper=False),
            ((3, 2), (3, 3)),
        ),
        "tril": (lambda: mint.tril(A, diagonal=1), (3, 4)),
        "triu": (lambda: mint.triu(A, diagonal=-1), (3, 4)),
        "unbind": (lambda: mint.unbind(A, dim=1), ((3,),) * 4),
        "unique": (lambda: mint.unique(INTS, return_counts=True), ((10,), (10,))),
        "unique_consecutive": (
            lambda: mint.unique_consecutive(T(np.array([1, 1, 2, 2, 3, 1])), return_counts=True),
            ((4,), (4,)),
        ),
        "unsqueeze": (lambda: mint.unsqueeze(A, dim=1), (3, 1, 4)),
        "var": (lambda: mint.var(A, dim=1), (3,)),
        "var_mean": (lambda: mint.var_mean(A, dim=1, keepdim=True), ((3, 1), (3, 1))),
        "where": (lambda: mint.where(A > B, A, B), (3, 4)),
        "zeros": (lambda: mint.zeros(4), (4,)),
        "zeros_like": (lambda: mint.zeros_like(A, dtype=INTS.dtype), (3, 4)),
    }
    MINT.update(
        {
            "constexpr": (lambda: mint.constexpr(lambda v: v * 2)(3), ()),
            "jit_forbidden_register": (lambda: mint.jit_forbidden_register(mint.abs)(A), (3, 4)),
            "jit_view_unsupported": (lambda: mint.jit_view_unsupported(mint.abs)(A), (3, 4)),
        }
    )

    LOGITS, PROBS = T(A.asnumpy() - 0.5), T(B.asnumpy())
    INDICES = T(np.array([[[[5, 7], [13, 15]], [[0, 2], [8, 10]]]], np.int64))
    FUNCTIONAL = {
        "adaptive_avg_pool1d": (lambda: F.adaptive_avg_pool1d(SIGNAL, 3), (1, 2, 3)),
        "adaptive_avg_pool2d": (lambda: F.adaptive_avg_pool2d(IMAGE, (2, 1)), (1, 2, 2, 1)),
        "adaptive_avg_pool3d": (lambda: F.adaptive_avg_pool3d(VOLUME, 2), (1, 2, 2, 2, 2)),
        "adaptive_avg_pool3d_ext": (
            lambda: F.adaptive_avg_pool3d_ext(VOLUME, (1, 2, 4)),
            (1, 2, 1, 2, 4),
        ),
        "adaptive_max_pool1d": (
            lambda: F.adaptive_max_pool1d(SIGNAL, 2, return_indices=True),
            ((1, 2, 2), (1, 2, 2)),
        ),
        "adaptive_max_pool2d": (lambda: F.adaptive_max_pool2d(IMAGE, 2), (1, 2, 2, 2)),
        "avg_pool1d": (lambda: F.avg_pool1d(SIGNAL, 2, stride=1, padding=1), (1, 2, 7)),
        "avg_pool2d": (
            lambda: F.avg_pool2d(IMAGE, 2, ceil_mode=True, divisor_override=3),
            (1, 2, 2, 2),
        ),
        "avg_pool3d": (lambda: F.avg_pool3d(VOLUME, 2, stride=2), (1, 2, 2, 2, 2)),
        "batch_norm": (lambda: F.batch_norm(A, V4, V4), (3, 4)),
        "binary_cross_entropy": (lambda: F.binary_cross_entropy(PROBS, PROBS, reduction="sum"), ()),
        "binary_cross_entropy_with_logits": (
            lambda: F.binary_cross_entropy_with_logits(LOGITS, PROBS, pos_weight=V4),
            (),
        ),
        "broadcast_to": (lambda: F.broadcast_to(V4, (2, 4)), (2, 4)),
        "clamp": (lambda: F.clamp(A, max=0.5), (3, 4)),
        "conv1d": (
            lambda: F.conv1d(SIGNAL, T(np.ones((4, 2, 3), np.float32)), stride=2),
            (1, 4, 2),
        ),
        "conv2d": (
            lambda: F.conv2d(IMAGE, T(np.ones((2, 1, 3, 3), np.float32)), groups=2),
            (1, 2, 2, 2),
        ),
        "conv3d": (
            lambda: F.conv3d(
                VOLUME,
                T(np.ones((3, 2, 2, 2, 2), np.float32)),
                bias=T(np.zeros(3, np.float32)),
            ),
            (1, 3, 3, 3, 3),
        ),
        "conv_transpose2d": (
            lambda: F.conv_transpose2d(IMAGE, T(np.ones((2, 3, 2, 2), np.float32)), stride=2),
            (1, 3, 8, 8),
        ),
        "cosine_embedding_loss": (
            lambda: F.cosine_embedding_loss(A, B, T(np.array([1, -1, 1], np.float32)), margin=0.1),
            (),
        ),
        "cross_entropy": (lambda: F.cross_entropy(A, LABELS, label_smoothing=0.1), ()),
        "dropout": (lambda: F.dropout(A, p=0.5, training=False), (3, 4)),
        "dropout2d": (lambda: F.dropout2d(IMAGE, p=0.5, training=False), (1, 2, 4, 4)),
        "elu": (lambda: F.elu(LOGITS, alpha=0.5), (3, 4)),
        "elu_": (lambda: F.elu_(T(LOGITS.asnumpy()), 0.5), (3, 4)),
        "elu_ext": (lambda: F.elu_ext(LOGITS, alpha=0.5), (3, 4)),
        "embedding": (lambda: F.embedding(LABELS, A.T, padding_idx=0), (3, 3)),
        "flatten": (lambda: F.flatten(IMAGE, start_dim=1), (1, 32)),
        "fold": (lambda: F.fold(T(np.ones((1, 4, 6), np.float32)), (3, 4), 2), (1, 1, 3, 4)),
        "gelu": (lambda: F.gelu(A, approximate="tanh"), (3, 4)),
        "glu": (lambda: F.glu(A, dim=1), (3, 2)),
        "grid_sample": (
            lambda: F.grid_sample(
                IMAGE, T(np.zeros((1, 3, 3, 2), np.float32)), align_corners=False
            ),
            (1, 2, 3, 3),
        ),
        "group_norm": (
            lambda: F.group_norm(IMAGE, 1, weight=T(np.ones(2, np.float32))),
            (1, 2, 4, 4),
        ),
        "hardshrink": (lambda: F.hardshrink(LOGITS, lambd=0.2), (3, 4)),
        "hardsigmoid": (lambda: F.hardsigmoid(LOGITS), (3, 4)),
        "hardswish": (lambda: F.hardswish(LOGITS), (3, 4)),
        "hardtanh": (lambda: F.hardtanh(LOGITS, min_val=-0.1, max_val=0.1), (3, 4)),
        "hardtanh_": (lambda: F.hardtanh_(T(LOGITS.asnumpy()), -0.1, 0.1), (3, 4)),
        "hardtanh_op": (lambda: F.hardtanh_op(LOGITS, -0.1, 0.1), (3, 4)),
        "inplace_elu": (lambda: F.inplace_elu(T(LOGITS.asnumpy()), 0.5), (3, 4)),
        "inplace_silu": (lambda: F.inplace_silu(T(LOGITS.asnumpy())), (3, 4)),
        "interpolate": (
            lambda: F.interpolate(IMAGE, scale_factor=2.0, mode="bilinear", align_corners=True),
            (1, 2, 8, 8),
        ),
        "kl_div": (lambda: F.kl_div(T(np.log(A.asnumpy())), B, reduction="batchmean"), ()),
        "l1_loss": (lambda: F.l1_loss(A, B, reduction="none"), (3, 4)),
        "layer_norm": (lambda: F.layer_norm(A, (4,), weight=V4, bias=V4), (3, 4)),
        "leaky_relu": (lambda: F.leaky_relu(LOGITS, negative_slope=0.2), (3, 4)),
        "linear": (lambda: F.linear(A, B, bias=V3), (3, 3)),
        "log_softmax": (lambda: F.log_softmax(A, dim=1), (3, 4)),
        "logsigmoid": (lambda: F.logsigmoid(A), (3, 4)),
        "max_pool2d": (
            lambda: F.max_pool2d(IMAGE, 2, return_indices=True),
            ((1, 2, 2, 2), (1, 2, 2, 2)),
        ),
        "max_unpool2d": (lambda: F.max_unpool2d(IMAGE[:, :, :2, :2], INDICES, 2), (1, 2, 4, 4)),
        "mish": (lambda: F.mish(A), (3, 4)),
        "mse_loss": (lambda: F.mse_loss(A, B, reduction="sum"), ()),
        "nll_loss": (lambda: F.nll_loss(F.log_softmax(A, dim=1), LABELS, ignore_index=3), ()),
        "norm_ext": (lambda: F.norm_ext(A, p=1, dim=0, keepdim=True), (1, 4)),
        "normalize": (lambda: F.normalize(A, p=2.0, dim=0), (3, 4)),
        "one_hot": (lambda: F.one_hot(LABELS, num_classes=5), (3, 5)),
        "pad": (lambda: F.pad(IMAGE, (1, 1, 2, 0), mode="reflect"), (1, 2, 6, 6)),
        "pixel_shuffle": (
            lambda: F.pixel_shuffle(T(np.ones((1, 4, 2, 3), np.float32)), 2),
            (1, 1, 4, 6),
        ),
        "prelu": (lambda: F.prelu(IMAGE, T(np.array([0.1, 0.2], np.float32))), (1, 2, 4, 4)),
        "relu": (lambda: F.relu(LOGITS), (3, 4)),
        "relu6": (lambda: F.relu6(LOGITS), (3, 4)),
        "relu_": (lambda: F.relu_(T(LOGITS.asnumpy())), (3, 4)),
        "selu": (lambda: F.selu(LOGITS), (3, 4)),
        "sigmoid": (lambda: F.sigmoid(LOGITS), (3, 4)),
        "sigmoid_": (lambda: F.sigmoid_(T(LOGITS.asnumpy())), (3, 4)),
        "silu": (lambda: F.silu(LOGITS), (3, 4)),
        "silu_func": (lambda: F.silu_func(LOGITS), (3, 4)),
        "smooth_l1_loss": (lambda: F.smooth_l1_loss(A, B, beta=0.5), ()),
        "soft_margin_loss": (lambda: F.soft_margin_loss(A, T(np.sign(LOGITS.asnumpy()))), ()),
        "softmax": (lambda: F.softmax(A, dim=0), (3, 4)),
        "softplus": (lambda: F.softplus(LOGITS, beta=2, threshold=10), (3, 4)),
        "softshrink": (lambda: F.softshrink(LOGITS, lambd=0.2), (3, 4)),
        "tanh": (lambda: F.tanh(LOGITS), (3, 4)),
        "threshold": (lambda: F.threshold(LOGITS, 0.1, 2.0), (3, 4)),
        "threshold_": (lambda: F.threshold_(T(LOGITS.asnumpy()), 0.1, 2.0), (3, 4)),
        "threshold_op": (lambda: F.threshold_op(LOGITS, 0.1, 2.0), (3, 4)),
        "unfold": (lambda: F.unfold(IMAGE, 2, stride=2), (1, 8, 4)),
        "upsample": (lambda: F.upsample(IMAGE, size=(6, 5)), (1, 2, 6, 5)),
    }

    defaults = {name: (lambda name=name: getattr(mint, name)(A), ELEMENTWISE) for name in UNARY}
    defaults.update(
        {name: (lambda name=name: getattr(mint, name)(A, B), ELEMENTWISE) for name in BINARY}
    )
    defaults.update(ONE_OR_TWO_TENSORS)
    return {
        "mint": MINT,
        "functional": FUNCTIONAL,
        "defaults": defaults,
        "cells": _cells(mint, T, A, B, IMAGE, SIGNAL, VOLUME, LABELS),
        "inputs": {
            "A": A,
            "B": B,
            "SQUARE": SQUARE,
            "V3": V3,
            "V4": V4,
            "INTS": INTS,
            "LABELS": LABELS,
            "INDEX": INDEX,
            "IMAGE": IMAGE,
            "SIGNAL": SIGNAL,
            "VOLUME": VOLUME,
            "BATCH1": BATCH1,
            "BATCH2": BATCH2,
            "LOGITS": LOGITS,
            "INDICES": INDICES,
        },
    }


def _cells(mint, T, A, B, IMAGE, SIGNAL, VOLUME, LABELS):
    """mint.nn: each Cell built with torch's arguments, fixed weights, called once (in
    evaluation mode, batch norms in training mode); and mint.nn's functions."""
    nn = mint.nn

    def run(cell, *args, train=False):
        set_weights(cell, T)
        cell.set_train(train)
        return cell(*args)

    logits = T(A.asnumpy() - 0.5)
    signs = T(np.sign(logits.asnumpy()))
    shuffled = T(np.arange(24, dtype=np.float32).reshape(1, 4, 2, 3) / 10)
    patches = T(np.arange(24, dtype=np.float32).reshape(1, 4, 6) / 10)
    pooled = T(np.array([[[[5.0, 7.0], [13.0, 15.0]]]], np.float32))
    pooled_at = T(np.array([[[[5, 7], [13, 15]]]], np.int64))
    log_probs = T(np.log(A.asnumpy() / A.asnumpy().sum(axis=1, keepdims=True)))
    table = {
        "AdaptiveAvgPool1d": lambda: run(nn.AdaptiveAvgPool1d(3), SIGNAL),
        "AdaptiveAvgPool2d": lambda: run(nn.AdaptiveAvgPool2d((2, 1)), IMAGE),
        "AdaptiveAvgPool3d": lambda: run(nn.AdaptiveAvgPool3d(2), VOLUME),
        "AdaptiveMaxPool1d": lambda: run(nn.AdaptiveMaxPool1d(2), SIGNAL),
        "AdaptiveMaxPool2d": lambda: run(nn.AdaptiveMaxPool2d(2), IMAGE),
        "AvgPool1d": lambda: run(nn.AvgPool1d(2, stride=1), SIGNAL),
        "AvgPool2d": lambda: run(nn.AvgPool2d(2), IMAGE),
        "AvgPool3d": lambda: run(nn.AvgPool3d(2), VOLUME),
        "BCELoss": lambda: run(nn.BCELoss(), A, B),
        "BCEWithLogitsLoss": lambda: run(nn.BCEWithLogitsLoss(), logits, B),
        "BatchNorm1d": lambda: run(nn.BatchNorm1d(4), A, train=True),
        "BatchNorm2d": lambda: run(nn.BatchNorm2d(2), IMAGE, train=True),
        "BatchNorm3d": lambda: run(nn.BatchNorm3d(2), VOLUME, train=True),
        "ConstantPad1d": lambda: run(nn.ConstantPad1d(1, 0.5), SIGNAL),
        "ConstantPad2d": lambda: run(nn.ConstantPad2d((1, 0, 2, 1), 0.5), IMAGE),
        "ConstantPad3d": lambda: run(nn.ConstantPad3d(1, 0.5), VOLUME),
        "Conv1d": lambda: run(nn.Conv1d(2, 3, 2), SIGNAL),
        "Conv2d": lambda: run(nn.Conv2d(2, 3, 3, padding=1), IMAGE),
        "Conv3d": lambda: run(nn.Conv3d(2, 3, 2), VOLUME),
        "ConvTranspose2d": lambda: run(
            nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1), IMAGE
        ),
        "CosineEmbeddingLoss": lambda: run(
            nn.CosineEmbeddingLoss(margin=0.1), A, B, T(np.array([1, -1, 1], np.float32))
        ),
        "CrossEntropyLoss": lambda: run(nn.CrossEntropyLoss(), A, LABELS),
        "Dropout": lambda: run(nn.Dropout(p=0.5), A),
        "Dropout2d": lambda: run(nn.Dropout2d(p=0.5), IMAGE),
        "ELU": lambda: run(nn.ELU(0.5), logits),
        "Embedding": lambda: run(nn.Embedding(5, 3), LABELS),
        "Flatten": lambda: run(nn.Flatten(), IMAGE),
        "Fold": lambda: run(nn.Fold(output_size=(3, 4), kernel_size=2), patches),
        "GELU": lambda: run(nn.GELU(), logits),
        "GLU": lambda: run(nn.GLU(), A),
        "GroupNorm": lambda: run(nn.GroupNorm(1, 2), IMAGE),
        "Hardshrink": lambda: run(nn.Hardshrink(0.2), logits),
        "Hardsigmoid": lambda: run(nn.Hardsigmoid(), logits * 4),
        "Hardswish": lambda: run(nn.Hardswish(), logits * 4),
        "Hardtanh": lambda: run(nn.Hardtanh(-0.1, 0.1), logits),
        "Identity": lambda: run(nn.Identity(), A),
        "KLDivLoss": lambda: run(nn.KLDivLoss(reduction="batchmean"), log_probs, B),
        "L1Loss": lambda: run(nn.L1Loss(), A, B),
        "LayerNorm": lambda: run(nn.LayerNorm(4), A),
        "Linear": lambda: run(nn.Linear(4, 2), A),
        "LogSigmoid": lambda: run(nn.LogSigmoid(), logits),
        "LogSoftmax": lambda: run(nn.LogSoftmax(dim=1), A),
        "MSELoss": lambda: run(nn.MSELoss(), A, B),
        "MaxPool2d": lambda: run(nn.MaxPool2d(2), IMAGE),
        "MaxUnpool2d": lambda: run(nn.MaxUnpool2d(2), pooled, pooled_at),
        "Mish": lambda: run(nn.Mish(), logits),
        "NLLLoss": lambda: run(nn.NLLLoss(), log_probs, LABELS),
        "PReLU": lambda: run(nn.PReLU(), logits),
        "PixelShuffle": lambda: run(nn.PixelShuffle(2), shuffled),
        "ReLU": lambda: run(nn.ReLU(), logits),
        "ReLU6": lambda: run(nn.ReLU6(), logits * 20),
        "ReflectionPad1d": lambda: run(nn.ReflectionPad1d(1), SIGNAL),
        "ReflectionPad2d": lambda: run(nn.ReflectionPad2d((1, 0, 2, 1)), IMAGE),
        "ReflectionPad3d": lambda: run(nn.ReflectionPad3d(1), VOLUME),
        "ReplicationPad1d": lambda: run(nn.ReplicationPad1d(1), SIGNAL),
        "ReplicationPad2d": lambda: run(nn.ReplicationPad2d((1, 0, 2, 1)), IMAGE),
        "ReplicationPad3d": lambda: run(nn.ReplicationPad3d(1), VOLUME),
        "SELU": lambda: run(nn.SELU(), logits),
        "SiLU": lambda: run(nn.SiLU(), logits),
        "Sigmoid": lambda: run(nn.Sigmoid(), logits),
        "SmoothL1Loss": lambda: run(nn.SmoothL1Loss(beta=0.5), A, B),
        "SoftMarginLoss": lambda: run(nn.SoftMarginLoss(), A, signs),
        "Softmax": lambda: run(nn.Softmax(dim=1), A),
        "Softshrink": lambda: run(nn.Softshrink(0.2), logits),
        "SyncBatchNorm": lambda: run(nn.SyncBatchNorm(2), IMAGE, train=True),
        "Tanh": lambda: run(nn.Tanh(), logits),
        "Threshold": lambda: run(nn.Threshold(0.1, 2.0), logits),
        "Unfold": lambda: run(nn.Unfold(2, stride=2), IMAGE),
        "Upsample": lambda: run(nn.Upsample(scale_factor=2.0, mode="nearest"), IMAGE),
        "UpsamplingBilinear2d": lambda: run(nn.UpsamplingBilinear2d(size=(5, 7)), IMAGE),
        "UpsamplingNearest2d": lambda: run(nn.UpsamplingNearest2d(size=(6, 5)), IMAGE),
        "ZeroPad1d": lambda: run(nn.ZeroPad1d(1), SIGNAL),
        "ZeroPad2d": lambda: run(nn.ZeroPad2d((1, 0, 2, 1)), IMAGE),
        "ZeroPad3d": lambda: run(nn.ZeroPad3d(1), VOLUME),
        "cross_entropy": lambda: nn.cross_entropy(A, LABELS, label_smoothing=0.1),
        "kl_div_ext": lambda: nn.kl_div_ext(log_probs, B, reduction="sum"),
        "mse_loss_ext": lambda: nn.mse_loss_ext(A, B, reduction="sum"),
        "nllloss": lambda: nn.nllloss(log_probs, LABELS, reduction="sum"),
        "upsample_bilinear2d_op": lambda: nn.upsample_bilinear2d_op(IMAGE, (5, 7), None, True),
        "upsample_nearest2d_op": lambda: nn.upsample_nearest2d_op(IMAGE, (6, 5)),
    }
    return {name: (call, None) for name, call in table.items()}
