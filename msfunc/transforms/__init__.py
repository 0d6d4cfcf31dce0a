"""msfunc's transforms: MindSpore-shaped adapters over JAX transforms, on the state frame."""

from .bprop import custom_bprop
from .forward import derivative, jet, jvp, linearize
from .gradient import GradOperation, grad, value_and_grad
from .jacobian import jacfwd, jacrev
from .jit_api import jit
from .reverse import get_grad, vjp
from .shard import shard
from .sink import data_sink
from .vectorize import vmap

__all__ = [
    "GradOperation",
    "custom_bprop",
    "data_sink",
    "derivative",
    "get_grad",
    "grad",
    "jacfwd",
    "jacrev",
    "jet",
    "jit",
    "jvp",
    "linearize",
    "shard",
    "value_and_grad",
    "vjp",
    "vmap",
]
