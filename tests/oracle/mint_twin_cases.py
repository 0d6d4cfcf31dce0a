"""MindSpore 2.10 CPU twins of mint calls it has no CPU kernel for (mint_sweep_cases.py): the
same computation through a mindspore.ops function that runs on CPU (``mint.acos(A)`` is
``ops.acos(A)``), so msfunc's mint function is still checked against MindSpore's numbers.

``twins(ops, T, inputs)`` gives ``{key: call}`` with the keys of gen_mint_sweep_golden.py
(``mint.acos``, ``functional.elu`` ...); the generator runs a twin only where the mint call
itself failed. No top-level import of MindSpore or msfunc.
"""

import numpy as np
from mint_sweep_cases import fixed_values

# One- and two-tensor mint functions whose ops twin has the same name and arguments.
SAME_NAME_UNARY = (
    "acos acosh arccos arccosh arcsin arcsinh arctan asin asinh atan exp2 frac isneginf log10 log2"
).split()
SAME_NAME_BINARY = "arctan2 atan2 logaddexp logaddexp2".split()


def twins(ops, T, inputs):
    """``{key: call}``: each call computes, with mindspore.ops, what the mint call of the same
    key computes (its arguments as mint_sweep_cases.py gives them)."""
    A, B, SQUARE = inputs["A"], inputs["B"], inputs["SQUARE"]
    V3, V4, INTS, LABELS = inputs["V3"], inputs["V4"], inputs["INTS"], inputs["LABELS"]
    IMAGE, SIGNAL, VOLUME = inputs["IMAGE"], inputs["SIGNAL"], inputs["VOLUME"]
    BATCH1, BATCH2, LOGITS = inputs["BATCH1"], inputs["BATCH2"], inputs["LOGITS"]
    INDEX, INDICES = inputs["INDEX"], inputs["INDICES"]
    table = {f"mint.{n}": (lambda n=n: getattr(ops, n)(A)) for n in SAME_NAME_UNARY}
    table.update({f"mint.{n}": (lambda n=n: getattr(ops, n)(A, B)) for n in SAME_NAME_BINARY})
    ones = T(np.ones((3, 5), np.float32))
    table.update(
        {
            "mint.addbmm": lambda: ops.addbmm(ones, BATCH1, BATCH2, beta=0.5, alpha=2),
            "mint.addr_": lambda: ops.addr(A, V3, V4, beta=0.5, alpha=2),
            "mint.addcdiv": lambda: ops.addcdiv(A, A, B, T(np.float32(0.5))),
            "mint.addcmul": lambda: ops.addcmul(A, A, B, T(np.float32(0.5))),
            "mint.addmm": lambda: ops.addmm(SQUARE, A, B.T, beta=0.5, alpha=2),
            "mint.addmv": lambda: ops.addmv(V3, A, V4, beta=0.5, alpha=2),
            "mint.argmax": lambda: ops.argmax(A, 1, True),
            "mint.argmin": lambda: ops.argmin(A, 0),
            "mint.baddbmm": lambda: ops.baddbmm(
                T(np.ones((2, 3, 5), np.float32)), BATCH1, BATCH2, beta=0.5, alpha=2
            ),
            "mint.bitwise_or": lambda: ops.bitwise_or(INTS, INTS),
            "mint.bitwise_xor": lambda: ops.bitwise_xor(INTS, INTS),
            "mint.count_nonzero": lambda: ops.count_nonzero(INTS, 1).astype(LABELS.dtype),
            "mint.cummin": lambda: ops.cummin(A, 0),
            "mint.cumsum": lambda: ops.cumsum(A, 0),
            "mint.full": lambda: ops.full((2, 3), 1.5, dtype=A.dtype),
            "mint.full_like": lambda: ops.full_like(A, 2.0),
            "mint.histc": lambda: ops.histc(A, 5, 0.0, 1.0),
            "mint.index_select": lambda: ops.index_select(A, 1, T(np.array([2, 0], np.int32))),
            "mint.inverse": lambda: ops.inverse(SQUARE),
            "mint.linspace": lambda: ops.linspace(0.0, 1.0, 7),
            "mint.logsumexp": lambda: ops.logsumexp(A, 1, True),
            "mint.mm": lambda: ops.matmul(A, B.T),
            "mint.mv": lambda: ops.mv(A, V4),
            "mint.nansum": lambda: ops.nansum(A, 1),
            "mint.norm": lambda: ops.norm(A, 2, 1),
            "mint.ones_like": lambda: ops.ones_like(A),
            "mint.outer": lambda: ops.outer(V3, V4),
            "mint.repeat_interleave": lambda: ops.repeat_interleave(A, 2, 1),
            "mint.scatter_add": lambda: ops.tensor_scatter_elements(A, INDEX, B[:, :2], 1, "add"),
            "mint.sort": lambda: ops.sort(A, 0, True),
            "mint.stack": lambda: ops.stack((A, B), 1),
            "mint.std": lambda: ops.std(A, 1, ddof=0, keepdims=True),
            "mint.tril": lambda: ops.tril(A, 1),
            "mint.topk": lambda: ops.topk(A, 2, 1, largest=False),
            "mint.trace": lambda: ops.trace(SQUARE),
            "mint.var": lambda: ops.var(A, 1, ddof=1),
            "mint.var_mean": lambda: ops.var_mean(A, 1, ddof=1, keepdims=True),
            "mint.zeros_like": lambda: ops.zeros_like(A, dtype=INTS.dtype),
            "functional.adaptive_avg_pool1d": lambda: ops.adaptive_avg_pool1d(SIGNAL, 3),
            "functional.adaptive_avg_pool2d": lambda: ops.adaptive_avg_pool2d(IMAGE, (2, 1)),
            "functional.adaptive_avg_pool3d": lambda: ops.adaptive_avg_pool3d(VOLUME, 2),
            "functional.avg_pool1d": lambda: ops.avg_pool1d(SIGNAL, 2, 1, 1),
            "functional.avg_pool2d": lambda: ops.avg_pool2d(
                IMAGE, 2, 2, ceil_mode=True, divisor_override=3
            ),
            "functional.avg_pool3d": lambda: ops.avg_pool3d(VOLUME, 2, 2),
            "functional.gelu": lambda: ops.gelu(A, "tanh"),
            "functional.hardtanh": lambda: ops.hardtanh(LOGITS, -0.1, 0.1),
            "functional.hardtanh_op": lambda: ops.hardtanh(LOGITS, -0.1, 0.1),
            "functional.kl_div": lambda: ops.kl_div(T(np.log(A.asnumpy())), B, "batchmean"),
            "functional.l1_loss": lambda: ops.l1_loss(A, B, "none"),
            "functional.log_softmax": lambda: ops.log_softmax(A, 1),
            "functional.logsigmoid": lambda: ops.logsigmoid(A),
            "functional.max_pool2d": lambda: ops.max_pool2d(IMAGE, 2, return_indices=True),
            "functional.max_unpool2d": lambda: ops.max_unpool2d(IMAGE[:, :, :2, :2], INDICES, 2),
            "functional.mish": lambda: ops.mish(A),
            "functional.mse_loss": lambda: ops.mse_loss(A, B, "sum"),
            "functional.nll_loss": lambda: ops.nll_loss(
                ops.log_softmax(A, 1), LABELS, ignore_index=3
            ),
            "functional.norm_ext": lambda: ops.norm(A, 1, 0, True),
            "functional.pad": lambda: ops.pad(IMAGE, (1, 1, 2, 0), "reflect"),
            "functional.relu6": lambda: ops.relu6(LOGITS),
            "functional.selu": lambda: ops.selu(LOGITS),
            "functional.threshold": lambda: ops.threshold(LOGITS, 0.1, 2.0),
            "functional.threshold_op": lambda: ops.threshold(LOGITS, 0.1, 2.0),
            "functional.unfold": lambda: ops.unfold(IMAGE, 2, stride=2),
        }
    )
    table.update(_more_twins(ops, T, inputs))
    return table


def _more_twins(ops, T, inputs):
    """Twins of mint.nn Cells without weights, of in-place and loss functions, and of a few
    more mint functions."""
    A, B, V3, LABELS = inputs["A"], inputs["B"], inputs["V3"], inputs["LABELS"]
    IMAGE, SIGNAL, VOLUME = inputs["IMAGE"], inputs["SIGNAL"], inputs["VOLUME"]
    LOGITS = inputs["LOGITS"]
    log_probs = T(np.log(A.asnumpy() / A.asnumpy().sum(axis=1, keepdims=True)))
    pooled = T(np.array([[[[5.0, 7.0], [13.0, 15.0]]]], np.float32))
    pooled_at = T(np.array([[[[5, 7], [13, 15]]]], np.int64))
    pads = {
        "Constant": ("constant", 0.5),
        "Reflection": ("reflect", None),
        "Replication": ("replicate", None),
        "Zero": ("constant", 0.0),
    }
    table = {}
    for kind, (mode, value) in pads.items():
        for rank, x, pad in ((1, SIGNAL, (1, 1)), (2, IMAGE, (1, 0, 2, 1)), (3, VOLUME, (1,) * 6)):
            table[f"nn.{kind}Pad{rank}d"] = lambda x=x, pad=pad, mode=mode, value=value: ops.pad(
                x, pad, mode, value
            )
    table.update(
        {
            "nn.AdaptiveAvgPool1d": lambda: ops.adaptive_avg_pool1d(SIGNAL, 3),
            "nn.AdaptiveAvgPool2d": lambda: ops.adaptive_avg_pool2d(IMAGE, (2, 1)),
            "nn.AdaptiveAvgPool3d": lambda: ops.adaptive_avg_pool3d(VOLUME, 2),
            "nn.AvgPool1d": lambda: ops.avg_pool1d(SIGNAL, 2, 1),
            "nn.AvgPool2d": lambda: ops.avg_pool2d(IMAGE, 2, 2),
            "nn.AvgPool3d": lambda: ops.avg_pool3d(VOLUME, 2, 2),
            "nn.GELU": lambda: ops.gelu(LOGITS),
            "nn.Hardtanh": lambda: ops.hardtanh(LOGITS, -0.1, 0.1),
            "nn.LogSigmoid": lambda: ops.logsigmoid(LOGITS),
            "nn.LogSoftmax": lambda: ops.log_softmax(A, 1),
            "nn.Mish": lambda: ops.mish(LOGITS),
            "nn.ReLU6": lambda: ops.relu6(LOGITS * 20),
            "nn.SELU": lambda: ops.selu(LOGITS),
            "nn.Threshold": lambda: ops.threshold(LOGITS, 0.1, 2.0),
            "nn.L1Loss": lambda: ops.l1_loss(A, B),
            "nn.MSELoss": lambda: ops.mse_loss(A, B),
            "nn.KLDivLoss": lambda: ops.kl_div(log_probs, B, "batchmean"),
            "nn.mse_loss_ext": lambda: ops.mse_loss(A, B, "sum"),
            "nn.kl_div_ext": lambda: ops.kl_div(log_probs, B, "sum"),
            "nn.CrossEntropyLoss": lambda: ops.cross_entropy(A, LABELS),
            "nn.cross_entropy": lambda: ops.cross_entropy(A, LABELS, label_smoothing=0.1),
            "functional.cross_entropy": lambda: ops.cross_entropy(A, LABELS, label_smoothing=0.1),
            "nn.MaxPool2d": lambda: ops.max_pool2d(IMAGE, 2),
            "nn.MaxUnpool2d": lambda: ops.max_unpool2d(pooled, pooled_at, 2),
            "nn.Unfold": lambda: ops.unfold(IMAGE, 2, stride=2),
            "functional.leaky_relu": lambda: ops.leaky_relu(LOGITS, 0.2),
            "functional.relu_": lambda: ops.relu(LOGITS),
            "functional.sigmoid_": lambda: ops.sigmoid(LOGITS),
            "functional.threshold_": lambda: ops.threshold(LOGITS, 0.1, 2.0),
            "functional.hardtanh_": lambda: ops.hardtanh(LOGITS, -0.1, 0.1),
            "functional.inplace_silu": lambda: ops.silu(LOGITS),
            "functional.normalize": lambda: A / ops.norm(A, 2, 0, True),
            "mint.arange": lambda: ops.arange(0, 10, 3, dtype=LABELS.dtype),
            "mint.argsort": lambda: ops.argsort(A, 1, True),
            "mint.bincount": lambda: ops.bincount(LABELS, V3, 6),
            "mint.median": lambda: ops.median(A, 1),
            "mint.std_mean": lambda: ops.std_mean(A, 0, ddof=1),
        }
    )
    table.update(_weighted_twins(ops, T, inputs))
    table.update(_composed_twins(ops, T, inputs))
    return table


def _weighted_twins(ops, T, inputs):
    """Twins of mint.nn Cells with Parameters, on the weights `set_weights` gives them."""
    A, LABELS = inputs["A"], inputs["LABELS"]
    IMAGE, SIGNAL, VOLUME = inputs["IMAGE"], inputs["SIGNAL"], inputs["VOLUME"]

    def w(shape):
        return T(fixed_values("weight", shape))

    def b(shape):
        return T(fixed_values("bias", shape))

    return {
        "nn.Conv1d": lambda: ops.conv1d(SIGNAL, w((3, 2, 2)), b((3,))),
        "nn.Conv2d": lambda: ops.conv2d(IMAGE, w((3, 2, 3, 3)), b((3,)), pad_mode="pad", padding=1),
        "nn.Conv3d": lambda: ops.conv3d(VOLUME, w((3, 2, 2, 2, 2)), b((3,))),
        "nn.LayerNorm": lambda: _layer_norm(ops, A, w((4,)), b((4,))),
        "nn.Embedding": lambda: ops.gather(w((5, 3)), LABELS, 0),
        "nn.BatchNorm1d": lambda: _batch_norm(ops, A, (0,), w((4,)), b((4,))),
        "nn.BatchNorm2d": lambda: _batch_norm(ops, IMAGE, (0, 2, 3), w((2,)), b((2,))),
        "nn.BatchNorm3d": lambda: _batch_norm(ops, VOLUME, (0, 2, 3, 4), w((2,)), b((2,))),
        "nn.ConvTranspose2d": lambda: (
            _conv_transpose2d(ops, IMAGE, w((2, 3, 3, 3)), (1, 3, 8, 8), stride=2, padding=1)
            + b((3,)).reshape(1, 3, 1, 1)
        ),
    }


def _elu(ops, x, alpha):
    """ELU with any alpha (ops.elu's CPU kernel takes only alpha 1)."""
    return ops.where(x > 0, x, alpha * ops.expm1(x))


def _layer_norm(ops, x, weight, bias, eps=1e-5):
    """Layer norm over the last axis (ops.layer_norm has no CPU kernel)."""
    mean = x.mean(-1, keep_dims=True)
    var = ((x - mean) ** 2).mean(-1, keep_dims=True)
    return (x - mean) / ops.sqrt(var + eps) * weight + bias


def _batch_norm(ops, x, axes, weight, bias, eps=1e-5):
    """Training-mode batch norm: the batch's mean and biased variance over `axes`, the
    per-channel `weight` and `bias` on axis 1."""
    shape = [1] * x.ndim
    shape[1] = -1
    mean = x.mean(axes, keep_dims=True)
    var = ((x - mean) ** 2).mean(axes, keep_dims=True)
    return (x - mean) / ops.sqrt(var + eps) * weight.reshape(shape) + bias.reshape(shape)


def _conv_transpose2d(ops, x, weight, out_shape, stride, padding=0):
    """A transposed convolution as the input gradient of the convolution it reverses
    (ops.conv_transpose2d has no CPU kernel); `out_shape` fixes the output padding."""
    kernel = tuple(weight.shape[2:])
    pad_mode = "pad" if padding else "valid"
    conv = ops.Conv2DTranspose(out_shape[1], kernel, pad_mode, padding, stride=stride)
    return conv(x, weight, out_shape)


def _composed_twins(ops, T, inputs):
    """Twins composed of several ops where the mint kernel and its ops namesake both lack a CPU
    kernel (or differ in convention)."""
    A, B, SQUARE, V3, V4 = (inputs[k] for k in ("A", "B", "SQUARE", "V3", "V4"))
    INTS, LABELS, LOGITS = inputs["INTS"], inputs["LABELS"], inputs["LOGITS"]
    IMAGE, SIGNAL, VOLUME = inputs["IMAGE"], inputs["SIGNAL"], inputs["VOLUME"]
    signs = T(np.sign(LOGITS.asnumpy()))
    int64 = LABELS.dtype
    patches = T(np.arange(24, dtype=np.float32).reshape(1, 4, 6) / 10)

    def unique_counts():
        values = ops.sort(ops.unique(INTS.reshape(-1))[0].astype(A.dtype))[0].astype(INTS.dtype)
        counts = (INTS.reshape(-1, 1) == values.reshape(1, -1)).astype(int64).sum(0)
        return values, counts

    def kthvalue():
        values, indices = ops.sort(A, 1)
        return values[:, 1:2], indices[:, 1:2].astype(int64)

    def adaptive_max_pool1d():
        bins = SIGNAL.reshape(1, 2, 2, 3)
        at = ops.argmax(bins, -1).astype(int64) + T(np.array([0, 3], np.int64))
        return ops.amax(bins, -1), at

    def reflection_pad3d():
        x = ops.pad(VOLUME.reshape(2, 4, 4, 4), (1, 1, 1, 1), "reflect").reshape(1, 2, 4, 6, 6)
        return ops.cat((x[:, :, 1:2], x, x[:, :, 2:3]), 2)

    def conv_tbc():
        x = T(np.ones((5, 1, 2), np.float32)).transpose(1, 2, 0)
        w = T(np.ones((3, 2, 4), np.float32)).transpose(2, 1, 0)
        out = ops.conv1d(x, w, V4, pad_mode="pad", padding=1)
        return out.transpose(2, 0, 1)

    def bilinear(size):
        return ops.ResizeBilinearV2(align_corners=True)(IMAGE, size)

    ones = T(np.ones((3, 2, 3, 3), np.float32))
    return {
        "mint.round": lambda: ops.round(A * 10) / 10,
        "mint.roll": lambda: ops.cat((A[:, -1:], A[:, :-1]), 1),
        "mint.diag": lambda: ops.diag_embed(V3, 1),
        "mint.dot": lambda: (V3 * V3).sum(),
        "mint.vdot": lambda: (V3 * V3).sum(),
        "mint.equal": lambda: bool(ops.equal(A, B).all().asnumpy()),
        "mint.equal_ext_op": lambda: ops.equal(A, A).all(),
        "mint.clone": lambda: ops.identity(A),
        "mint.bitwise_not": lambda: ops.invert(INTS),
        "mint.take": lambda: ops.gather(A.reshape(-1), T(np.array([0, 5, 11])), 0),
        "mint.unique": unique_counts,
        "mint.einsum": lambda: ops.matmul(A, B.T),
        "mint.kthvalue": kthvalue,
        "mint.npu_gelu": lambda: ops.gelu(A, "tanh"),
        "mint.triangular_solve": lambda: (
            ops.matmul(ops.inverse(ops.tril(SQUARE)), A[:, :2]),
            SQUARE,
        ),
        "mint.conv2d": lambda: ops.conv2d(IMAGE, ones, pad_mode="pad", padding=1),
        "mint.conv_tbc": conv_tbc,
        "functional.elu": lambda: _elu(ops, LOGITS, 0.5),
        "functional.elu_": lambda: _elu(ops, LOGITS, 0.5),
        "functional.elu_ext": lambda: _elu(ops, LOGITS, 0.5),
        "functional.inplace_elu": lambda: _elu(ops, LOGITS, 0.5),
        "nn.ELU": lambda: _elu(ops, LOGITS, 0.5),
        "functional.one_hot": lambda: ops.one_hot(LABELS, 5, T(1, int64), T(0, int64)),
        "functional.embedding": lambda: ops.gather(A.T, LABELS, 0),
        "functional.soft_margin_loss": lambda: ops.log1p(ops.exp(-signs * A)).mean(),
        "nn.SoftMarginLoss": lambda: ops.log1p(ops.exp(-signs * A)).mean(),
        "functional.conv1d": lambda: ops.conv1d(
            SIGNAL, T(np.ones((4, 2, 3), np.float32)), stride=2
        ),
        "functional.conv2d": lambda: ops.conv2d(
            IMAGE, T(np.ones((2, 1, 3, 3), np.float32)), groups=2
        ),
        "functional.conv3d": lambda: ops.conv3d(
            VOLUME, T(np.ones((3, 2, 2, 2, 2), np.float32)), T(np.zeros(3, np.float32))
        ),
        "functional.conv_transpose2d": lambda: _conv_transpose2d(
            ops, IMAGE, T(np.ones((2, 3, 2, 2), np.float32)), (1, 3, 8, 8), stride=2
        ),
        "functional.layer_norm": lambda: _layer_norm(ops, A, V4, V4),
        "functional.batch_norm": lambda: (A - V4) / ops.sqrt(V4 + 1e-5),
        "functional.dropout2d": lambda: ops.dropout2d(IMAGE, 0.5, training=False),
        "functional.cosine_embedding_loss": lambda: ops.cosine_embedding_loss(
            A, B, T(np.array([1, -1, 1], np.float32)), 0.1
        ),
        "nn.CosineEmbeddingLoss": lambda: ops.cosine_embedding_loss(
            A, B, T(np.array([1, -1, 1], np.float32)), 0.1
        ),
        "functional.fold": lambda: ops.fold(
            T(np.ones((1, 4, 6), np.float32)), T(np.array([3, 4], np.int32)), 2
        ),
        "nn.Fold": lambda: ops.fold(patches, T(np.array([3, 4], np.int32)), 2),
        "functional.adaptive_avg_pool3d_ext": lambda: ops.adaptive_avg_pool3d(VOLUME, (1, 2, 4)),
        "functional.adaptive_max_pool1d": adaptive_max_pool1d,
        "nn.AdaptiveMaxPool1d": lambda: adaptive_max_pool1d()[0],
        "nn.ReflectionPad3d": reflection_pad3d,
        "functional.interpolate": lambda: bilinear((8, 8)),
        "nn.UpsamplingBilinear2d": lambda: bilinear((5, 7)),
        "nn.upsample_bilinear2d_op": lambda: bilinear((5, 7)),
    }
