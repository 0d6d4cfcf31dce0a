"""msfunc: MindSpore's functional + object-oriented programming model on JAX."""

from .common import dtype
from .common.dtype import *  # noqa: F403  (MindSpore exposes dtypes at top level)
from .common.initializer import initializer
from .common.parameter import Parameter, ParameterTuple
from .common.seed import get_seed, set_seed
from .common.tensor import Tensor, from_numpy, is_tensor, tensor

__version__ = "0.1.0"
