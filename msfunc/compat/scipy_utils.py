"""``mindspore.scipy.utils``: the array helpers MindSpore's scipy code imports, on msfunc's ops."""

from ..common.tensor import Tensor
from ..numpy import dot, greater, where, zeros_like
from ..ops import GradOperation, grad

__all__ = ["GradOperation", "Tensor", "dot", "grad", "greater", "where", "zeros_like"]
