"""msfunc: MindSpore's functional + object-oriented programming model on JAX."""

from . import nn, numpy, ops, scipy  # noqa: E402,I001  (after the names they use)
from .common import dtype
from .common.dtype import *  # noqa: F403  (MindSpore exposes dtypes at top level)
from .common.initializer import initializer
from .common.parameter import Parameter, ParameterTuple
from .common.seed import get_seed, set_seed
from .common.tensor import Tensor, from_numpy, is_tensor, tensor
from .compat.graph_flags import COMPATIBLE, LAX, STRICT, mutable
from .context import GRAPH_MODE, PYNATIVE_MODE, get_context, set_context
from .transforms import (
    GradOperation,
    custom_bprop,
    data_sink,
    get_grad,
    grad,
    jacfwd,
    jacrev,
    jit,
    jvp,
    value_and_grad,
    vjp,
    vmap,
)

__version__ = "0.1.0"


def __getattr__(name):
    """A MindSpore name msfunc lacks raises UnsupportedError saying so (msfunc.errors)."""
    from .compat.unsupported import missing_attribute

    return missing_attribute(__name__, name)
