"""Rows of msfunc.ops whose array functions live in ``func_activation.py``."""

from .. import func_activation as f
from ._row import Op

HOME = f
ROWS = (
    Op("celu", f.celu),
    Op("elu", f.elu),
    Op("fast_gelu", f.fast_gelu),
    Op("gelu", f.gelu),
    Op("hardshrink", f.hardshrink, methods=("hardshrink",)),
    Op("hardsigmoid", f.hardsigmoid),
    Op("hardswish", f.hardswish),
    Op("hardtanh", f.hardtanh),
    Op("inplace_sigmoid", f.inplace_sigmoid, in_place=True),
    Op("leaky_relu", f.leaky_relu),
    Op("logsigmoid", f.logsigmoid),
    Op("mish", f.mish),
    Op("prelu", f.prelu),
    Op("relu", f.relu),
    Op("relu6", f.relu6),
    Op("rrelu", f.rrelu),
    Op("selu", f.selu),
    Op("sigmoid", f.sigmoid, methods=("sigmoid",)),
    Op("silu", f.silu),
    Op("soft_shrink", f.soft_shrink, methods=("soft_shrink",)),
    Op("softplus", f.softplus),
    Op("softshrink", f.softshrink),
    Op("softsign", f.softsign),
    Op("tanhshrink", f.tanhshrink),
    Op("threshold", f.threshold),
)
