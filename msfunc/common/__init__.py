"""Tensor factory, dtypes, Parameter, initializers and the seeded random stream."""

from . import dtype, initializer, signature, tensor_methods  # noqa: F401  (they install Tensor parts)
from .parameter import Parameter, ParameterTuple
from .seed import get_seed, set_seed
from .sparse_tensor import COOTensor, CSRTensor, RowTensor
from .tensor import Tensor, is_tensor

__all__ = [
    "dtype",
    "initializer",
    "Parameter",
    "ParameterTuple",
    "Tensor",
    "is_tensor",
    "set_seed",
    "get_seed",
    "COOTensor",
    "CSRTensor",
    "RowTensor",
]
