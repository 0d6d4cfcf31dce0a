"""msfunc.nn layers, one module per topic as in MindSpore (basic, conv, pooling, ...).

A layer is read from its module when first used (msfunc._lazy): `import msfunc` loads none of
these modules, and a program loads the topics it uses.
"""

from ..._lazy import on_first_read as _on_first_read
from ..._lazy import reexport as _reexport

# Each module's public names (its ``__all__``; tests/project/test_import_graph.py checks them).
_MODULES = {
    "activation": (
        "Softmin",
        "Softmax",
        "Softmax2d",
        "LogSoftmax",
        "LogSoftmaxExt",
        "ReLU",
        "ReLU6",
        "RReLU",
        "SeLU",
        "SiLU",
        "Tanh",
        "Tanhshrink",
        "Hardtanh",
        "GELU",
        "FastGelu",
        "Sigmoid",
        "Softsign",
        "PReLU",
        "PReLUExt",
        "get_activation",
        "LeakyReLU",
        "HSigmoid",
        "HSwish",
        "ELU",
        "LogSigmoid",
        "LRN",
        "SoftShrink",
        "HShrink",
        "CELU",
        "Threshold",
        "Mish",
        "GLU",
    ),
    "adaptive_pooling": (
        "AdaptiveAvgPool1d",
        "AdaptiveAvgPool2d",
        "AdaptiveAvgPool3d",
        "AdaptiveMaxPool1d",
        "AdaptiveMaxPool2d",
        "AdaptiveMaxPool3d",
        "LPPool1d",
        "LPPool2d",
    ),
    "attention": ("MultiheadAttention",),
    "basic": ("Dense", "Flatten", "Unflatten", "Identity"),
    "channel_shuffle": ("ChannelShuffle",),
    "combined": ("Conv2dBnAct", "DenseBnAct"),
    "conv": ("Conv1d", "Conv2d", "Conv3d"),
    "conv_transpose": ("Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"),
    "dense": ("BiDense",),
    "dropout": ("Dropout", "Dropout1d", "Dropout2d", "Dropout3d"),
    "embedding": ("Embedding", "EmbeddingLookup", "MultiFieldEmbeddingLookup"),
    "fractional_pooling": ("FractionalMaxPool2d", "FractionalMaxPool3d"),
    "image": ("SSIM", "MSSSIM", "PSNR", "CentralCrop", "ImageGradients"),
    "index_cells": ("Range", "OneHot"),
    "math": ("MatMul", "Tril", "Triu"),
    "normalization": ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm"),
    "norms": ("Norm", "ClipByNorm", "L1Regularizer"),
    "padding": (
        "Pad",
        "ZeroPad2d",
        "ConstantPad1d",
        "ConstantPad2d",
        "ConstantPad3d",
        "ReflectionPad1d",
        "ReflectionPad2d",
        "ReflectionPad3d",
        "ReplicationPad1d",
        "ReplicationPad2d",
        "ReplicationPad3d",
    ),
    "per_sample_norm": ("GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"),
    "pooling": ("MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d"),
    "rnns": ("RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"),
    "sparse": ("SparseToDense", "SparseTensorDenseMatmul"),
    "spatial": ("Unfold", "Upsample", "PixelShuffle", "PixelUnshuffle"),
    "timedistributed": ("TimeDistributed",),
    "transformer": (
        "TransformerEncoderLayer",
        "TransformerDecoderLayer",
        "TransformerEncoder",
        "TransformerDecoder",
        "Transformer",
    ),
    "unpooling": ("MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"),
}
_HOMES = {name: f".{module}" for module, names in _MODULES.items() for name in names}
# the submodules, read as attributes too (``nn.layer.basic``)
_SUBMODULES = (*_MODULES, "activation_elementwise", "activation_parametric", "activation_softmax")

__all__ = list(_HOMES)
__getattr__, __dir__ = _on_first_read(
    globals(), {*_HOMES, *_SUBMODULES}, _reexport(__name__, _HOMES)
)
