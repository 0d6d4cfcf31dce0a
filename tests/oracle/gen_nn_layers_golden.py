"""Golden values from real MindSpore 2.10 for nn layers and losses (tests/golden/nn_layers.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_layers

Each case is a function ``case(ms, nn, mk)`` returning ``(net, args)``: the same text builds
the MindSpore net here and the msfunc net in ``tests/nn/test_nn_layers_golden.py``. ``mk`` makes
deterministic input tensors; every Parameter is then set from a numpy array derived from the
case and Parameter name (``weights_for``), never from a framework's random stream. The json
records the outputs, the Parameter names and shapes, and for stateful layers (BatchNorm in
training) the Parameter values after the forward pass. This module must not import
MindSpore or msfunc at top level: the msfunc test imports it.
"""

import json
import os
import sys
import zlib

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_layers.json"
)


def _rng(*keys):
    return np.random.default_rng(zlib.crc32("/".join(keys).encode()))


def make_input(case_name, index, shape, kind="f"):
    """A deterministic numpy input: 'f' normal, 'u' in (0.1, 1), 'i<K>' ints < K, 'b' bool,
    'sign' +-1, 'prob' / 'logprob' softmax / log-softmax over the last axis."""
    rng = _rng(case_name, "input", str(index))
    if kind == "f":
        return rng.normal(size=shape).astype(np.float32)
    if kind == "u":
        return rng.uniform(0.1, 1.0, size=shape).astype(np.float32)
    if kind.startswith("i"):
        return rng.integers(0, int(kind[1:]), size=shape).astype(np.int32)
    if kind == "b":
        return rng.uniform(size=shape) < 0.3
    if kind == "sign":
        return np.where(rng.uniform(size=shape) < 0.5, -1.0, 1.0).astype(np.float32)
    z = rng.normal(size=shape)
    logp = z - np.log(np.exp(z).sum(-1, keepdims=True))
    return (np.exp(logp) if kind == "prob" else logp).astype(np.float32)


def weights_for(case_name, param_name, shape):
    """The numpy value every framework's Parameter `param_name` gets in `case_name`."""
    rng = _rng(case_name, "param", param_name)
    if "variance" in param_name:
        return rng.uniform(0.5, 1.5, size=shape).astype(np.float32)
    return (0.5 * rng.normal(size=shape)).astype(np.float32)


# --------------------------------------------------------------------------- cases
def _act(cls_name, *a, shape=(2, 5), **k):
    def case(ms, nn, mk):
        return getattr(nn, cls_name)(*a, **k), [mk(shape)]

    return case


ACTIVATIONS = {
    "act_relu": _act("ReLU"),
    "act_relu6": _act("ReLU6", shape=(2, 5)),
    "act_leakyrelu": _act("LeakyReLU", 0.1),
    "act_prelu": _act("PReLU", 3, shape=(2, 3, 2)),
    "act_gelu_tanh": _act("GELU"),
    "act_gelu_erf": _act("GELU", approximate=False),
    "act_fastgelu": _act("FastGelu"),
    "act_silu": _act("SiLU"),
    "act_mish": _act("Mish"),
    "act_sigmoid": _act("Sigmoid"),
    "act_tanh": _act("Tanh"),
    "act_softmax": _act("Softmax", 0),
    "act_logsoftmax": _act("LogSoftmax"),
    "act_elu": _act("ELU"),
    "act_selu": _act("SeLU"),
    "act_celu": _act("CELU", 0.7),
    "act_softsign": _act("Softsign"),
    "act_hsigmoid": _act("HSigmoid"),
    "act_hswish": _act("HSwish"),
    "act_hardtanh": _act("Hardtanh", -0.5, 0.8),
    "act_logsigmoid": _act("LogSigmoid"),
    "act_tanhshrink": _act("Tanhshrink"),
    "act_softmin": _act("Softmin"),
    "act_threshold": _act("Threshold", 0.1, 20.0),
    "act_glu": _act("GLU", shape=(2, 6)),
    "act_hshrink": _act("HShrink", 0.4),
    "act_softshrink": _act("SoftShrink", 0.3),
    "act_softmax2d": _act("Softmax2d", shape=(1, 3, 2, 2)),
}


def _layer(build, *shapes):
    """A case: `build(nn)` on inputs of `shapes` ((shape, kind) or shape)."""

    def case(ms, nn, mk):
        return build(nn), [mk(*s) if isinstance(s[0], tuple) else mk(s) for s in shapes]

    return case


LAYERS = {
    "dense_relu": _layer(lambda nn: nn.Dense(3, 4, activation="relu"), (2, 3)),
    "conv1d_same": _layer(lambda nn: nn.Conv1d(2, 3, 3, has_bias=True), (2, 2, 7)),
    "conv1d_pad_group": _layer(
        lambda nn: nn.Conv1d(2, 4, 3, stride=2, pad_mode="pad", padding=1, group=2), (1, 2, 8)
    ),
    "conv2d_same_s2": _layer(lambda nn: nn.Conv2d(2, 3, 3, stride=2, has_bias=True), (1, 2, 5, 5)),
    "conv2d_pad_dil": _layer(
        lambda nn: nn.Conv2d(
            2, 4, (3, 2), pad_mode="pad", padding=(1, 0, 2, 1), dilation=(2, 1), group=2
        ),
        (1, 2, 6, 6),
    ),
    "conv2d_valid": _layer(lambda nn: nn.Conv2d(2, 3, 2, pad_mode="valid"), (2, 2, 4, 4)),
    "conv3d": _layer(lambda nn: nn.Conv3d(2, 2, 2, has_bias=True), (1, 2, 3, 3, 3)),
    "conv1dT_same": _layer(
        lambda nn: nn.Conv1dTranspose(2, 3, 3, stride=2, has_bias=True), (1, 2, 4)
    ),
    "conv2dT_same_k2": _layer(lambda nn: nn.Conv2dTranspose(2, 2, 2), (1, 2, 3, 3)),
    "conv2dT_same_k4": _layer(lambda nn: nn.Conv2dTranspose(1, 2, 4, stride=1), (1, 1, 3, 3)),
    "conv2dT_valid_g2": _layer(
        lambda nn: nn.Conv2dTranspose(2, 4, 3, stride=2, pad_mode="valid", group=2), (1, 2, 3, 3)
    ),
    "conv2dT_pad_op": _layer(
        lambda nn: nn.Conv2dTranspose(
            2, 3, 3, stride=2, pad_mode="pad", padding=1, output_padding=1, has_bias=True
        ),
        (1, 2, 3, 3),
    ),
    "conv3dT_pad_op": _layer(
        lambda nn: nn.Conv3dTranspose(
            2, 2, 2, stride=2, pad_mode="pad", padding=1, output_padding=1, has_bias=True
        ),
        (1, 2, 2, 3, 2),
    ),
    "conv3dT_same": _layer(
        lambda nn: nn.Conv3dTranspose(1, 2, (2, 3, 3), stride=(1, 2, 1)), (1, 1, 2, 2, 3)
    ),
    "maxpool2d_valid": _layer(lambda nn: nn.MaxPool2d(2, 2), (1, 2, 5, 5)),
    "maxpool2d_same": _layer(lambda nn: nn.MaxPool2d(3, 2, pad_mode="same"), (1, 1, 6, 6)),
    "maxpool2d_pad_idx": _layer(
        lambda nn: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True), (1, 1, 5, 5)
    ),
    "maxpool2d_ceil": _layer(
        lambda nn: nn.MaxPool2d(2, 2, pad_mode="pad", ceil_mode=True), (1, 1, 5, 5)
    ),
    "maxpool1d": _layer(lambda nn: nn.MaxPool1d(3, 2), (1, 2, 7)),
    "avgpool2d_same": _layer(lambda nn: nn.AvgPool2d(3, 2, pad_mode="same"), (1, 1, 6, 6)),
    "avgpool2d_pad": _layer(
        lambda nn: nn.AvgPool2d(3, 2, pad_mode="pad", padding=1, count_include_pad=False),
        (1, 1, 5, 5),
    ),
    "avgpool1d": _layer(lambda nn: nn.AvgPool1d(2, 2), (1, 2, 6)),
    "maxpool3d_pad": _layer(
        lambda nn: nn.MaxPool3d(2, 2, pad_mode="pad", padding=1), (1, 2, 3, 4, 4)
    ),
    "avgpool3d": _layer(lambda nn: nn.AvgPool3d(2, 1), (1, 1, 3, 3, 3)),
    "adaptive_avg3d": _layer(lambda nn: nn.AdaptiveAvgPool3d((1, 2, 2)), (1, 2, 2, 4, 4)),
    "adaptive_max3d": _layer(lambda nn: nn.AdaptiveMaxPool3d(2), (1, 1, 4, 4, 4)),
    "lppool1d": _layer(lambda nn: nn.LPPool1d(2, 3, 2), (1, 2, 7)),
    "lppool2d": _layer(lambda nn: nn.LPPool2d(1.5, 2), ((1, 2, 4, 4), "u")),
    "adaptive_avg1d": _layer(lambda nn: nn.AdaptiveAvgPool1d(3), (1, 2, 6)),
    "adaptive_avg2d": _layer(lambda nn: nn.AdaptiveAvgPool2d((2, 3)), (1, 2, 5, 7)),
    "adaptive_max1d": _layer(lambda nn: nn.AdaptiveMaxPool1d(3), (1, 2, 6)),
    "adaptive_max2d": _layer(lambda nn: nn.AdaptiveMaxPool2d(2), (1, 2, 5, 5)),
    "bn2d_eval": _layer(lambda nn: nn.BatchNorm2d(2), (3, 2, 2, 2)),
    "layernorm_2axes": _layer(
        lambda nn: nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1), (2, 3, 4)
    ),
    "layernorm_last": _layer(lambda nn: nn.LayerNorm((4,)), (2, 4)),
    "groupnorm": _layer(lambda nn: nn.GroupNorm(2, 4), (2, 4, 2, 2)),
    "instancenorm2d": _layer(lambda nn: nn.InstanceNorm2d(2), (2, 2, 3, 3)),
    "embedding_pad": _layer(lambda nn: nn.Embedding(5, 3, padding_idx=1), ((2, 3), "i5")),
    "embedding_onehot": _layer(lambda nn: nn.Embedding(5, 3, use_one_hot=True), ((4,), "i5")),
    "flatten": _layer(lambda nn: nn.Flatten(), (2, 3, 2)),
    "unflatten": _layer(lambda nn: nn.Unflatten(1, (2, 3)), (2, 6)),
    "unfold_same": _layer(
        lambda nn: nn.Unfold([1, 2, 2, 1], [1, 2, 1, 1], [1, 1, 2, 1], "same"), (1, 2, 5, 5)
    ),
    "unfold_valid": _layer(
        lambda nn: nn.Unfold([1, 2, 3, 1], [1, 1, 2, 1], [1, 1, 1, 1]), (1, 3, 4, 5)
    ),
    "pad_constant": _layer(lambda nn: nn.Pad(((0, 0), (1, 2))), (2, 3)),
    "pad_reflect": _layer(lambda nn: nn.Pad(((1, 1), (2, 2)), "REFLECT"), (3, 4)),
    "pad_symmetric": _layer(lambda nn: nn.Pad(((1, 0), (2, 1)), "SYMMETRIC"), (3, 4)),
    "zeropad2d": _layer(lambda nn: nn.ZeroPad2d((1, 0, 2, 1)), (1, 1, 2, 2)),
    "constantpad1d": _layer(lambda nn: nn.ConstantPad1d(2, 0.5), (1, 2, 3)),
    "reflectionpad2d": _layer(lambda nn: nn.ReflectionPad2d(1), (1, 1, 3, 3)),
    "replicationpad1d": _layer(lambda nn: nn.ReplicationPad1d((1, 2)), (1, 2, 3)),
    "upsample_nearest": _layer(lambda nn: nn.Upsample(size=(4, 6)), (1, 1, 2, 3)),
    "upsample_bilinear": _layer(
        lambda nn: nn.Upsample(size=(3, 5), mode="bilinear", align_corners=True), (1, 1, 2, 3)
    ),
    "pixelshuffle": _layer(lambda nn: nn.PixelShuffle(2), (1, 4, 2, 2)),
    "pixelunshuffle": _layer(lambda nn: nn.PixelUnshuffle(2), (1, 1, 4, 4)),
    "dropout_eval": _layer(lambda nn: nn.Dropout(p=0.3), (2, 3)),
    "rnncell_relu": _layer(lambda nn: nn.RNNCell(3, 4, nonlinearity="relu"), (2, 3), (2, 4)),
    "grucell": _layer(lambda nn: nn.GRUCell(3, 4), (2, 3), (2, 4)),
    "rnn_2layer_bidir": _layer(
        lambda nn: nn.RNN(3, 4, num_layers=2, bidirectional=True), (5, 2, 3)
    ),
    "gru_batch_first_hx": _layer(
        lambda nn: nn.GRU(3, 4, num_layers=2, batch_first=True), (2, 5, 3), (2, 2, 4)
    ),
}


def lstmcell(ms, nn, mk):
    return nn.LSTMCell(3, 4), [mk((2, 3)), (mk((2, 4)), mk((2, 4)))]


def lstm_bidir_seq_length(ms, nn, mk):
    net = nn.LSTM(3, 4, bidirectional=True, batch_first=True)
    return net, [
        mk((2, 5, 3)),
        (mk((2, 2, 4)), mk((2, 2, 4))),
        ms.Tensor(np.array([5, 3], np.int32)),
    ]


def rnn_seq_length(ms, nn, mk):
    return nn.RNN(3, 4, has_bias=False), [
        mk((4, 3, 3)),
        None,
        ms.Tensor(np.array([4, 2, 1], np.int32)),
    ]


def mha_masks(ms, nn, mk):
    net = nn.MultiheadAttention(4, 2)
    q, kv = mk((3, 2, 4)), mk((5, 2, 4))
    kpm = ms.Tensor(np.array([[False] * 4 + [True], [False] * 5]))
    # A boolean attn_mask: MindSpore 2.10 mis-combines a float attn_mask with a boolean
    # key_padding_mask (the padded key gains weight), which msfunc does not copy.
    attn = ms.Tensor(np.triu(np.ones((3, 5), bool), 3))
    return net, [q, kv, kv, kpm, True, attn]


def mha_kv_dims(ms, nn, mk):
    net = nn.MultiheadAttention(
        4, 2, kdim=3, vdim=5, add_bias_kv=True, add_zero_attn=True, batch_first=True
    )
    return net, [mk((2, 3, 4)), mk((2, 4, 3)), mk((2, 4, 5)), None, True, None, False]


def encoder_layer(ms, nn, mk):
    net = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0)
    return net, [mk((3, 2, 4)), ms.Tensor(np.triu(np.full((3, 3), -1e4, np.float32), 1))]


def encoder_layer_norm_first_gelu(ms, nn, mk):
    net = nn.TransformerEncoderLayer(
        4, 2, 8, dropout=0.0, activation="gelu", norm_first=True, batch_first=True
    )
    return net, [mk((2, 3, 4))]


def decoder_layer(ms, nn, mk):
    net = nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0)
    return net, [mk((3, 2, 4)), mk((5, 2, 4))]


def encoder_stack(ms, nn, mk):
    layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0)
    net = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm((4,)))
    return net, [mk((3, 2, 4))]


def transformer(ms, nn, mk):
    net = nn.Transformer(4, 2, 1, 1, 8, dropout=0.0)
    return net, [mk((3, 2, 4)), mk((2, 2, 4))]


LAYERS.update(
    lstmcell=lstmcell,
    lstm_bidir_seq_length=lstm_bidir_seq_length,
    rnn_seq_length=rnn_seq_length,
    mha_masks=mha_masks,
    mha_kv_dims=mha_kv_dims,
    encoder_layer=encoder_layer,
    encoder_layer_norm_first_gelu=encoder_layer_norm_first_gelu,
    decoder_layer=decoder_layer,
    encoder_stack=encoder_stack,
    transformer=transformer,
)


def _train(build, *shapes, calls=1):
    """A stateful case run in training mode `calls` times; Parameters recorded afterwards."""

    def case(ms, nn, mk):
        net = build(nn)
        net.set_train(True)
        return net, [mk(s) for s in shapes]

    case.stateful, case.calls = True, calls
    return case


STATEFUL = {
    "bn1d_train": _train(lambda nn: nn.BatchNorm1d(3), (4, 3)),
    "bn2d_train_x2": _train(lambda nn: nn.BatchNorm2d(2, momentum=0.8), (3, 2, 2, 2), calls=2),
    "bn3d_train": _train(lambda nn: nn.BatchNorm3d(2), (2, 2, 2, 2, 2)),
    "bn2d_no_batch_stats": _train(
        lambda nn: nn.BatchNorm2d(2, use_batch_statistics=False), (2, 2, 2, 2)
    ),
    "bn1d_affine_false": _train(lambda nn: nn.BatchNorm1d(2, affine=False), (3, 2, 3)),
}


def _loss(build, *shapes):
    def case(ms, nn, mk):
        return build(nn, ms), [mk(*s) if isinstance(s[0], tuple) else mk(s) for s in shapes]

    return case


def _t(ms, values, dtype=np.float32):
    return ms.Tensor(np.asarray(values, dtype))


LOSSES = {
    "mse_mean": _loss(lambda nn, ms: nn.MSELoss(), (2, 3), (2, 3)),
    "mse_none": _loss(lambda nn, ms: nn.MSELoss("none"), (2, 3), (2, 3)),
    "l1_sum": _loss(lambda nn, ms: nn.L1Loss("sum"), (2, 3), (2, 3)),
    "smoothl1_none": _loss(lambda nn, ms: nn.SmoothL1Loss(0.5), (2, 3), (2, 3)),
    "smoothl1_mean": _loss(lambda nn, ms: nn.SmoothL1Loss(2.0, "mean"), (2, 3), (2, 3)),
    "huber_sum": _loss(lambda nn, ms: nn.HuberLoss("sum", 0.7), (2, 3), (2, 3)),
    "ce_index": _loss(lambda nn, ms: nn.CrossEntropyLoss(), (4, 3), ((4,), "i3")),
    "ce_weight_ignore_smooth": _loss(
        lambda nn, ms: nn.CrossEntropyLoss(
            _t(ms, [0.2, 1.0, 0.7]), ignore_index=1, label_smoothing=0.1
        ),
        (5, 3),
        ((5,), "i3"),
    ),
    "ce_index_sum_3d": _loss(
        lambda nn, ms: nn.CrossEntropyLoss(reduction="sum"), (2, 3, 4), ((2, 4), "i3")
    ),
    "ce_prob": _loss(lambda nn, ms: nn.CrossEntropyLoss(), (3, 4), ((3, 4), "prob")),
    "ce_prob_weight_smooth_none": _loss(
        lambda nn, ms: nn.CrossEntropyLoss(
            _t(ms, [1.0, 0.5, 2.0, 1.0]), reduction="none", label_smoothing=0.2
        ),
        (3, 4),
        ((3, 4), "prob"),
    ),
    "nll_weight": _loss(
        lambda nn, ms: nn.NLLLoss(_t(ms, [0.3, 1.0, 2.0])), ((4, 3), "logprob"), ((4,), "i3")
    ),
    "nll_none": _loss(
        lambda nn, ms: nn.NLLLoss(reduction="none"), ((4, 3), "logprob"), ((4,), "i3")
    ),
    # A full-shape weight: MindSpore 2.10's CPU kernel does not broadcast a (C,) weight (it
    # weights the first row only and zeroes the rest), which msfunc does not copy.
    "bce_weight": _loss(
        lambda nn, ms: nn.BCELoss(_t(ms, [[1.0, 2.0, 0.5], [0.3, 1.0, 1.5]])),
        ((2, 3), "u"),
        ((2, 3), "u"),
    ),
    "bce_logits_weights": _loss(
        lambda nn, ms: nn.BCEWithLogitsLoss(
            "mean", _t(ms, [1.0, 2.0, 0.5]), _t(ms, [3.0, 1.0, 0.5])
        ),
        (2, 3),
        ((2, 3), "u"),
    ),
    "sce_sparse_mean": _loss(
        lambda nn, ms: nn.SoftmaxCrossEntropyWithLogits(True, "mean"), (4, 3), ((4,), "i3")
    ),
    "sce_dense_none": _loss(
        lambda nn, ms: nn.SoftmaxCrossEntropyWithLogits(), (3, 4), ((3, 4), "prob")
    ),
    "kldiv_mean": _loss(lambda nn, ms: nn.KLDivLoss(), ((2, 3), "logprob"), ((2, 3), "prob")),
    "kldiv_sum": _loss(lambda nn, ms: nn.KLDivLoss("sum"), ((2, 3), "logprob"), ((2, 3), "prob")),
    "kldiv_none": _loss(lambda nn, ms: nn.KLDivLoss("none"), ((2, 3), "logprob"), ((2, 3), "prob")),
    "cosine_embedding": _loss(
        lambda nn, ms: nn.CosineEmbeddingLoss(0.2), (4, 3), (4, 3), ((4,), "sign")
    ),
    "margin_ranking": _loss(lambda nn, ms: nn.MarginRankingLoss(0.1), (5,), (5,), ((5,), "sign")),
    "triplet_margin": _loss(
        lambda nn, ms: nn.TripletMarginLoss(margin=0.5), (3, 4), (3, 4), (3, 4)
    ),
    "triplet_margin_p1_swap": _loss(
        lambda nn, ms: nn.TripletMarginLoss(p=1, swap=True, reduction="none"),
        (3, 4),
        (3, 4),
        (3, 4),
    ),
    "poisson_log_input": _loss(lambda nn, ms: nn.PoissonNLLLoss(), (2, 3), ((2, 3), "u")),
    "poisson_full_sum": _loss(
        lambda nn, ms: nn.PoissonNLLLoss(False, True, reduction="sum"),
        ((2, 3), "u"),
        ((2, 3), "i5"),
    ),
    "gaussian_nll_full": _loss(
        lambda nn, ms: nn.GaussianNLLLoss(full=True), (3, 2), (3, 2), ((3, 2), "u")
    ),
    "mae_sum": _loss(lambda nn, ms: nn.MAELoss("sum"), (2, 3), (2, 3)),
    "rmse": _loss(lambda nn, ms: nn.RMSELoss(), (2, 3), (2, 3)),
    "hinge_embedding": _loss(lambda nn, ms: nn.HingeEmbeddingLoss(0.5), (2, 3), ((2, 3), "sign")),
    "soft_margin_none": _loss(lambda nn, ms: nn.SoftMarginLoss("none"), (2, 3), ((2, 3), "sign")),
    "focal_index_sum": _loss(
        lambda nn, ms: nn.FocalLoss(_t(ms, [1.0, 2.0, 0.5]), 1.5, "sum"),
        (2, 3, 2, 2),
        ((2, 1, 2, 2), "i3"),
    ),
    "focal_onehot": _loss(lambda nn, ms: nn.FocalLoss(), (4, 3), ((4, 3), "i2")),
    "dice": _loss(lambda nn, ms: nn.DiceLoss(), ((2, 3), "u"), ((2, 3), "i2")),
    "multilabel_soft_margin": _loss(
        lambda nn, ms: nn.MultiLabelSoftMarginLoss(_t(ms, [1.0, 0.5, 2.0])), (2, 3), ((2, 3), "i2")
    ),
}


def ctc_mean(ms, nn, mk):
    lp = mk((6, 2, 4), "logprob")
    targets = ms.Tensor(np.array([[1, 2, 2], [3, 1, 0]], np.int32))
    return nn.CTCLoss(), [
        lp,
        targets,
        ms.Tensor(np.array([6, 5], np.int32)),
        ms.Tensor(np.array([3, 2], np.int32)),
    ]


def ctc_sum(ms, nn, mk):
    lp = mk((5, 2, 3), "logprob")
    targets = ms.Tensor(np.array([[1, 2], [2, 0]], np.int32))
    return nn.CTCLoss(blank=0, reduction="sum"), [
        lp,
        targets,
        ms.Tensor(np.array([5, 4], np.int32)),
        ms.Tensor(np.array([2, 1], np.int32)),
    ]


def multilabel_margin(ms, nn, mk):
    target = ms.Tensor(np.array([[3, 0, -1, 1], [1, 2, 3, 0]], np.int32))
    return nn.MultilabelMarginLoss(), [mk((2, 4)), target]


def multi_margin_p2_weight(ms, nn, mk):
    net = nn.MultiMarginLoss(2, 0.8, weight=_t(ms, [1.0, 0.3, 2.0, 0.5]))
    return net, [mk((3, 4)), ms.Tensor(np.array([2, 0, 3], np.int64))]


LOSSES.update(
    ctc_mean=ctc_mean,
    ctc_sum=ctc_sum,
    multilabel_margin=multilabel_margin,
    multi_margin_p2_weight=multi_margin_p2_weight,
)

CASES = {**ACTIVATIONS, **LAYERS, **STATEFUL, **LOSSES}

SIGNATURE_CLASSES = """
Dense Flatten Unflatten Identity Dropout Dropout1d Dropout2d Dropout3d Unfold Upsample PixelShuffle
PixelUnshuffle Pad ZeroPad2d ConstantPad1d ConstantPad2d ConstantPad3d ReflectionPad1d
ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d ReplicationPad3d Conv1d Conv2d
Conv3d Conv1dTranspose Conv2dTranspose Conv3dTranspose MaxPool1d MaxPool2d MaxPool3d AvgPool1d
AvgPool2d
AvgPool3d AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveMaxPool1d
AdaptiveMaxPool2d AdaptiveMaxPool3d LPPool1d LPPool2d BatchNorm1d BatchNorm2d BatchNorm3d
LayerNorm GroupNorm InstanceNorm1d InstanceNorm2d InstanceNorm3d Embedding RNNCell LSTMCell
GRUCell MultiheadAttention TransformerEncoderLayer TransformerDecoderLayer TransformerEncoder
TransformerDecoder Transformer CELU ELU FastGelu GELU GLU HShrink HSigmoid HSwish Hardtanh
LeakyReLU LogSigmoid LogSoftmax LogSoftmaxExt Mish PReLU PReLUExt RReLU ReLU ReLU6 SeLU SiLU
Sigmoid SoftShrink Softmax Softmax2d Softmin Softsign Tanh Tanhshrink Threshold LRN LossBase
MSELoss L1Loss SmoothL1Loss HuberLoss CrossEntropyLoss NLLLoss BCELoss BCEWithLogitsLoss
SoftmaxCrossEntropyWithLogits KLDivLoss CosineEmbeddingLoss MarginRankingLoss TripletMarginLoss
PoissonNLLLoss GaussianNLLLoss CTCLoss MultiLabelSoftMarginLoss HingeEmbeddingLoss
SoftMarginLoss MultiMarginLoss MultilabelMarginLoss RMSELoss MAELoss FocalLoss DiceLoss
""".split()

# Default initialisation: large enough layers that max |w| and std pin the distribution.
INIT_CASES = {
    "dense": lambda nn: nn.Dense(200, 100),
    "conv2d": lambda nn: nn.Conv2d(16, 256, 3, has_bias=True),
    "conv1d_transpose": lambda nn: nn.Conv1dTranspose(40, 300, 5, has_bias=True),
    "conv2d_transpose": lambda nn: nn.Conv2dTranspose(16, 256, 3, group=2, has_bias=True),
    "lstm": lambda nn: nn.LSTM(30, 40),
    "gru_cell": lambda nn: nn.GRUCell(30, 40),
    "embedding": lambda nn: nn.Embedding(300, 40),
    "batchnorm2d": lambda nn: nn.BatchNorm2d(8),
    "layernorm": lambda nn: nn.LayerNorm((8,)),
    "prelu": lambda nn: nn.PReLU(4),
    "mha": lambda nn: nn.MultiheadAttention(256, 4, add_bias_kv=True),
    "mha_kv": lambda nn: nn.MultiheadAttention(256, 4, kdim=200, vdim=300),
    "transformer": lambda nn: nn.Transformer(256, 2, 1, 1, 300),
}


def signatures(nn):
    """{class: [[argument, default]]} of __init__ and construct for every layer and loss
    class msfunc provides (defaults that are not plain values are recorded as their kind)."""
    import inspect

    out = {}
    for cls_name in SIGNATURE_CLASSES:
        cls = getattr(nn, cls_name)
        for method in ("__init__", "construct"):
            params = []
            for p in list(inspect.signature(getattr(cls, method)).parameters.values())[1:]:
                d = p.default
                if d is inspect.Parameter.empty:
                    d = "<required>"
                elif not isinstance(d, (int, float, str, bool, type(None))):
                    d = "<object>"
                params.append([p.name, d])
            out[f"{cls_name}.{method}"] = params
    return out


def init_stats(nn, name):
    """{param name: [max |w|, std]} of a freshly built INIT_CASES layer."""
    net = INIT_CASES[name](nn)
    out = {}
    for p in net.get_parameters():
        a = np.asarray(p.asnumpy(), np.float64)
        out[p.name] = [float(np.abs(a).max()), float(a.std())]
    return out


# --------------------------------------------------------------------------- running
def _to_list(x):
    if x is None:
        return None
    if isinstance(x, (tuple, list)):
        return [_to_list(i) for i in x]
    a = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    return {"shape": list(a.shape), "dtype": a.dtype.name, "v": a.reshape(-1).tolist()}


def run_case(ms, nn, name):
    """Build case `name` with framework `ms`, set its weights, run it; a json-able record."""
    case = CASES[name]
    counter = iter(range(100))

    def mk(shape, kind="f"):
        return ms.Tensor(make_input(name, next(counter), shape, kind))

    net, args = case(ms, nn, mk)
    params = [
        (p.name, [int(s) for s in p.shape], bool(p.requires_grad)) for p in net.get_parameters()
    ]
    for p in net.get_parameters():
        p.set_data(ms.Tensor(weights_for(name, p.name, tuple(p.shape))))
    out = None
    for _ in range(getattr(case, "calls", 1)):
        out = net(*args)
    record = {"out": _to_list(out), "params": params}
    if getattr(case, "stateful", False):
        record["after"] = {p.name: _to_list(p) for p in net.get_parameters()}
    return record


def main():
    import mindspore as ms
    from mindspore import nn

    ms.set_context(mode=ms.PYNATIVE_MODE)
    golden = {"__meta__": {"mindspore": ms.__version__}}
    for name in CASES:
        try:
            golden[name] = run_case(ms, nn, name)
        except Exception as exc:  # noqa: BLE001 - a MindSpore failure is recorded, not fatal
            golden[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            print(f"{name}: {golden[name]['error']}", file=sys.stderr)
    golden["__init__"] = {name: init_stats(nn, name) for name in INIT_CASES}
    golden["__signatures__"] = signatures(nn)
    with open(GOLDEN_PATH + ".tmp", "w") as f:
        json.dump(golden, f, separators=(",", ":"))
    os.replace(GOLDEN_PATH + ".tmp", GOLDEN_PATH)
    print(f"wrote {len(CASES)} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
