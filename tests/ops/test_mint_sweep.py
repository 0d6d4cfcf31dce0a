"""Every public msfunc.mint and mint.nn.functional function called once, torch-style.

Each entry calls one function with typical arguments, by torch's documented signature
(keywords as torch names them), and states the result's shape that torch documents, so
a declaration that drops or misnames an argument fails here. Values are checked against
MindSpore 2.10 and numpy in test_mint.py; this sweep checks that each call works at all.
"""

import inspect

import numpy as np
import pytest

from msfunc import Tensor, mint
from msfunc.mint._coverage import reference_names
from msfunc.mint.nn import functional as F

RNG = np.random.default_rng(0)
A = Tensor(RNG.uniform(0.1, 0.9, (3, 4)).astype(np.float32))
B = Tensor(RNG.uniform(0.1, 0.9, (3, 4)).astype(np.float32))
SQUARE = Tensor(np.array([[2.0, 0.5, 0.0], [0.5, 3.0, 0.2], [0.0, 0.2, 4.0]], np.float32))
V3, V4 = Tensor(np.array([0.5, 1.0, 2.0], np.float32)), Tensor(np.ones(4, np.float32))
INTS = Tensor(np.array([[6, 4, 9, 2], [1, 3, 8, 5], [7, 0, 2, 4]], np.int32))
LABELS = Tensor(np.array([0, 3, 1], np.int64))
INDEX = Tensor(np.array([[0, 1], [3, 2], [1, 1]], np.int64))
IMAGE = Tensor(RNG.uniform(0.1, 0.9, (1, 2, 4, 4)).astype(np.float32))
SIGNAL = Tensor(RNG.uniform(0.1, 0.9, (1, 2, 6)).astype(np.float32))
VOLUME = Tensor(RNG.uniform(0.1, 0.9, (1, 2, 4, 4, 4)).astype(np.float32))
BATCH1 = Tensor(np.ones((2, 3, 4), np.float32))
BATCH2 = Tensor(np.ones((2, 4, 5), np.float32))

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
    "item": (lambda: mint.item(Tensor(np.array([2.5], np.float32))), ()),
    "ravel": (lambda: mint.ravel(A), (12,)),
    "t": (lambda: mint.t(A), (4, 3)),
    "trace": (lambda: mint.trace(SQUARE), ()),
    "inverse": (lambda: mint.inverse(SQUARE), (3, 3)),
}

MINT = {
    "add": (lambda: mint.add(A, B, alpha=2), (3, 4)),
    "addbmm": (
        lambda: mint.addbmm(Tensor(np.ones((3, 5), np.float32)), BATCH1, BATCH2, beta=0.5, alpha=2),
        (3, 5),
    ),
    "addcdiv": (lambda: mint.addcdiv(A, A, B, value=0.5), (3, 4)),
    "addcmul": (lambda: mint.addcmul(A, A, B, value=0.5), (3, 4)),
    "addmm": (lambda: mint.addmm(SQUARE, A, B.T, beta=0.5, alpha=2), (3, 3)),
    "addmv": (lambda: mint.addmv(V3, A, V4, beta=0.5, alpha=2), (3,)),
    "addr_": (lambda: mint.addr_(A, V3, V4, beta=0.5, alpha=2), (3, 4)),
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
            Tensor(np.ones((2, 3, 5), np.float32)), BATCH1, BATCH2, beta=0.5, alpha=2
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
        lambda: mint.conv2d(IMAGE, Tensor(np.ones((3, 2, 3, 3), np.float32)), padding=1),
        (1, 3, 4, 4),
    ),
    "conv_tbc": (
        lambda: mint.conv_tbc(
            Tensor(np.ones((5, 1, 2), np.float32)),
            Tensor(np.ones((3, 2, 4), np.float32)),
            V4,
            pad=1,
        ),
        (5, 1, 4),
    ),
    "count_nonzero": (lambda: mint.count_nonzero(INTS, dim=1), (3,)),
    "cross": (lambda: mint.cross(Tensor(np.eye(3, dtype=np.float32)), SQUARE, dim=1), (3, 3)),
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
        lambda: mint.index_add(A, 1, Tensor(np.array([0, 2])), A[:, :2], alpha=2),
        (3, 4),
    ),
    "index_select": (lambda: mint.index_select(A, 1, Tensor(np.array([2, 0]))), (3, 2)),
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
    "squeeze": (lambda: mint.squeeze(Tensor(np.ones((3, 1, 4), np.float32)), dim=1), (3, 4)),
    "squeeze_impl": (lambda: mint.squeeze_impl(Tensor(np.ones((3, 1), np.float32)), 1), (3,)),
    "stack": (lambda: mint.stack((A, B), dim=1), (3, 2, 4)),
    "std": (lambda: mint.std(A, dim=1, correction=0, keepdim=True), (3, 1)),
    "std_mean": (lambda: mint.std_mean(A, dim=0), ((4,), (4,))),
    "sub": (lambda: mint.sub(A, B, alpha=0.5), (3, 4)),
    "sum": (lambda: mint.sum(A, dim=0, keepdim=True), (1, 4)),
    "swapaxes": (lambda: mint.swapaxes(BATCH1, 0, 2), (4, 3, 2)),
    "take": (lambda: mint.take(A, Tensor(np.array([0, 5, 11]))), (3,)),
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
        lambda: mint.unique_consecutive(Tensor(np.array([1, 1, 2, 2, 3, 1])), return_counts=True),
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

LOGITS, PROBS = Tensor(np.asarray(A) - 0.5), Tensor(np.asarray(B))
INDICES = Tensor(np.array([[[[5, 7], [13, 15]], [[0, 2], [8, 10]]]], np.int64))
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
        lambda: F.conv1d(SIGNAL, Tensor(np.ones((4, 2, 3), np.float32)), stride=2),
        (1, 4, 2),
    ),
    "conv2d": (
        lambda: F.conv2d(IMAGE, Tensor(np.ones((2, 1, 3, 3), np.float32)), groups=2),
        (1, 2, 2, 2),
    ),
    "conv3d": (
        lambda: F.conv3d(
            VOLUME,
            Tensor(np.ones((3, 2, 2, 2, 2), np.float32)),
            bias=Tensor(np.zeros(3, np.float32)),
        ),
        (1, 3, 3, 3, 3),
    ),
    "conv_transpose2d": (
        lambda: F.conv_transpose2d(IMAGE, Tensor(np.ones((2, 3, 2, 2), np.float32)), stride=2),
        (1, 3, 8, 8),
    ),
    "cosine_embedding_loss": (
        lambda: F.cosine_embedding_loss(A, B, Tensor(np.array([1, -1, 1], np.float32)), margin=0.1),
        (),
    ),
    "cross_entropy": (lambda: F.cross_entropy(A, LABELS, label_smoothing=0.1), ()),
    "dropout": (lambda: F.dropout(A, p=0.5, training=False), (3, 4)),
    "dropout2d": (lambda: F.dropout2d(IMAGE, p=0.5, training=False), (1, 2, 4, 4)),
    "elu": (lambda: F.elu(LOGITS, alpha=0.5), (3, 4)),
    "elu_": (lambda: F.elu_(Tensor(np.asarray(LOGITS)), 0.5), (3, 4)),
    "elu_ext": (lambda: F.elu_ext(LOGITS, alpha=0.5), (3, 4)),
    "embedding": (lambda: F.embedding(LABELS, A.T, padding_idx=0), (3, 3)),
    "flatten": (lambda: F.flatten(IMAGE, start_dim=1), (1, 32)),
    "fold": (lambda: F.fold(Tensor(np.ones((1, 4, 6), np.float32)), (3, 4), 2), (1, 1, 3, 4)),
    "gelu": (lambda: F.gelu(A, approximate="tanh"), (3, 4)),
    "glu": (lambda: F.glu(A, dim=1), (3, 2)),
    "grid_sample": (
        lambda: F.grid_sample(
            IMAGE, Tensor(np.zeros((1, 3, 3, 2), np.float32)), align_corners=False
        ),
        (1, 2, 3, 3),
    ),
    "group_norm": (
        lambda: F.group_norm(IMAGE, 1, weight=Tensor(np.ones(2, np.float32))),
        (1, 2, 4, 4),
    ),
    "hardshrink": (lambda: F.hardshrink(LOGITS, lambd=0.2), (3, 4)),
    "hardsigmoid": (lambda: F.hardsigmoid(LOGITS), (3, 4)),
    "hardswish": (lambda: F.hardswish(LOGITS), (3, 4)),
    "hardtanh": (lambda: F.hardtanh(LOGITS, min_val=-0.1, max_val=0.1), (3, 4)),
    "hardtanh_": (lambda: F.hardtanh_(Tensor(np.asarray(LOGITS)), -0.1, 0.1), (3, 4)),
    "hardtanh_op": (lambda: F.hardtanh_op(LOGITS, -0.1, 0.1), (3, 4)),
    "inplace_elu": (lambda: F.inplace_elu(Tensor(np.asarray(LOGITS)), 0.5), (3, 4)),
    "inplace_silu": (lambda: F.inplace_silu(Tensor(np.asarray(LOGITS))), (3, 4)),
    "interpolate": (
        lambda: F.interpolate(IMAGE, scale_factor=2.0, mode="bilinear", align_corners=True),
        (1, 2, 8, 8),
    ),
    "kl_div": (lambda: F.kl_div(Tensor(np.log(np.asarray(A))), B, reduction="batchmean"), ()),
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
        lambda: F.pixel_shuffle(Tensor(np.ones((1, 4, 2, 3), np.float32)), 2),
        (1, 1, 4, 6),
    ),
    "prelu": (lambda: F.prelu(IMAGE, Tensor(np.array([0.1, 0.2], np.float32))), (1, 2, 4, 4)),
    "relu": (lambda: F.relu(LOGITS), (3, 4)),
    "relu6": (lambda: F.relu6(LOGITS), (3, 4)),
    "relu_": (lambda: F.relu_(Tensor(np.asarray(LOGITS))), (3, 4)),
    "selu": (lambda: F.selu(LOGITS), (3, 4)),
    "sigmoid": (lambda: F.sigmoid(LOGITS), (3, 4)),
    "sigmoid_": (lambda: F.sigmoid_(Tensor(np.asarray(LOGITS))), (3, 4)),
    "silu": (lambda: F.silu(LOGITS), (3, 4)),
    "silu_func": (lambda: F.silu_func(LOGITS), (3, 4)),
    "smooth_l1_loss": (lambda: F.smooth_l1_loss(A, B, beta=0.5), ()),
    "soft_margin_loss": (lambda: F.soft_margin_loss(A, Tensor(np.sign(np.asarray(LOGITS)))), ()),
    "softmax": (lambda: F.softmax(A, dim=0), (3, 4)),
    "softplus": (lambda: F.softplus(LOGITS, beta=2, threshold=10), (3, 4)),
    "softshrink": (lambda: F.softshrink(LOGITS, lambd=0.2), (3, 4)),
    "tanh": (lambda: F.tanh(LOGITS), (3, 4)),
    "threshold": (lambda: F.threshold(LOGITS, 0.1, 2.0), (3, 4)),
    "threshold_": (lambda: F.threshold_(Tensor(np.asarray(LOGITS)), 0.1, 2.0), (3, 4)),
    "threshold_op": (lambda: F.threshold_op(LOGITS, 0.1, 2.0), (3, 4)),
    "unfold": (lambda: F.unfold(IMAGE, 2, stride=2), (1, 8, 4)),
    "upsample": (lambda: F.upsample(IMAGE, size=(6, 5)), (1, 2, 6, 5)),
}


def _public_functions(module, names):
    return sorted(
        n for n in names if callable(getattr(module, n)) and not inspect.isclass(getattr(module, n))
    )


MINT_FUNCTIONS = _public_functions(mint, mint.SUPPORTED)
FUNCTIONAL_FUNCTIONS = _public_functions(F, reference_names()["mindspore.mint.nn.functional"])


def _call(module, table, name):
    if name in table:
        return table[name]
    if name in ONE_OR_TWO_TENSORS:
        return ONE_OR_TWO_TENSORS[name]
    fn = getattr(module, name)
    two = len(inspect.signature(fn).parameters) == 2
    return (lambda: fn(A, B)) if two else (lambda: fn(A)), ELEMENTWISE


def _shapes(result):
    if isinstance(result, (tuple, list)):
        return tuple(_shapes(r) for r in result)
    return np.shape(np.asarray(result))


def test_every_function_has_an_entry():
    # the tables name only real functions, and every other one takes (input) or (input, other)
    assert set(MINT) <= set(MINT_FUNCTIONS)
    assert set(FUNCTIONAL) <= set(FUNCTIONAL_FUNCTIONS)
    for module, names, table in (
        (mint, MINT_FUNCTIONS, MINT),
        (F, FUNCTIONAL_FUNCTIONS, FUNCTIONAL),
    ):
        for name in set(names) - set(table) - set(ONE_OR_TWO_TENSORS):
            params = list(inspect.signature(getattr(module, name)).parameters)
            assert params in (["input"], ["input", "other"]), name


@pytest.mark.parametrize("namespace", ["mint", "mint.nn.functional"])
def test_every_function_runs_with_torch_arguments(namespace):
    module, names, table = (
        (mint, MINT_FUNCTIONS, MINT)
        if namespace == "mint"
        else (F, FUNCTIONAL_FUNCTIONS, FUNCTIONAL)
    )
    failures = {}
    for name in names:
        call, shape = _call(module, table, name)
        try:
            got = _shapes(call())
        except Exception as exc:  # noqa: BLE001  (collect every failure, report them at once)
            failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        if got != shape:
            failures[name] = f"shape {got}, torch's is {shape}"
    assert failures == {}
