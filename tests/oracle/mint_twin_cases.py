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
            "mint.roll": lambda: ops.roll(A, 1, 1),
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
            "functional.elu": lambda: ops.elu(LOGITS, 0.5),
            "functional.elu_ext": lambda: ops.elu(LOGITS, 0.5),
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
            "functional.soft_margin_loss": lambda: ops.soft_margin_loss(
                A, T(np.sign(LOGITS.asnumpy()))
            ),
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
        "nn.LayerNorm": lambda: ops.layer_norm(A, (4,), w((4,)), b((4,)), 1e-5),
        "nn.Embedding": lambda: ops.gather(w((5, 3)), LABELS, 0),
    }
