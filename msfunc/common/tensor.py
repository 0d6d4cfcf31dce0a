"""`Tensor`: a factory for `jax.Array` with MindSpore's dtype rules, plus Tensor methods on arrays.

msfunc does not wrap arrays: ``Tensor(...)`` returns a ``jax.Array`` and
``isinstance(x, Tensor)`` is True for any ``jax.Array`` (and for Parameters).
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax._src import core as _core
from jax._src.array import ArrayImpl

from .. import _state
from . import dtype as mstype
from .dtype import canonical_dtype

__all__ = ["Tensor", "tensor", "is_tensor", "from_numpy", "canonical_dtype"]


def _default_dtype(data):
    """MindSpore's dtype for Python data: floats are float32, ints int64, bools bool."""
    if isinstance(data, bool):
        return mstype.bool_
    if isinstance(data, int):
        return mstype.int64
    if isinstance(data, float):
        return mstype.float32
    if isinstance(data, complex):
        return mstype.complex64
    if isinstance(data, (list, tuple)):
        arr = np.asarray(data)
        if arr.dtype == np.float64:
            return mstype.float32
        if arr.dtype.kind == "i":
            return mstype.int64
        return arr.dtype
    return None


def tensor(input_data=None, dtype=None, shape=None, init=None):
    """Build a `jax.Array` the way ``mindspore.Tensor`` would.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1.0, 2.0]).dtype
        dtype('float32')
    """
    if init is not None or (input_data is None and shape is not None):
        from .initializer import initializer

        if shape is None:
            raise ValueError("Tensor: `shape` is required when `init` is given")
        return initializer(init if init is not None else "zeros", shape,
                           dtype or mstype.float32)
    if input_data is None:
        raise ValueError("Tensor: `input_data` is required (or give `shape` and `init`)")
    if isinstance(input_data, _state.Box):
        input_data = _state.read(input_data)
    if dtype is None:
        dtype = _default_dtype(input_data)
    if dtype is not None:
        return jnp.asarray(input_data, dtype=canonical_dtype(dtype))
    return jnp.asarray(input_data)


class _TensorMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, (jax.Array, _state.Box))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, (jax.Array, _state.Box))


class Tensor(metaclass=_TensorMeta):
    """``Tensor(input_data, dtype=None)`` returns a ``jax.Array`` (see `tensor`).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1, 2], [3, 4]], ms.float32)
        >>> isinstance(x, ms.Tensor), x.asnumpy().tolist()
        (True, [[1.0, 2.0], [3.0, 4.0]])
    """

    def __new__(cls, input_data=None, dtype=None, shape=None, init=None, **_ignored):
        return tensor(input_data, dtype, shape, init)


def is_tensor(obj):
    """True when `obj` is an array or a Parameter."""
    return isinstance(obj, Tensor)


def from_numpy(array):
    """Array from a numpy array, keeping its dtype."""
    return jnp.asarray(array)


# MindSpore Tensor methods that jax.Array lacks, added to concrete arrays and tracers.
def _asnumpy(self):
    return np.asarray(self)


def _expand_dims(self, axis):
    return jnp.expand_dims(self, axis)


def _astype(self, dtype, copy=False):
    return jnp.asarray(self, dtype=canonical_dtype(dtype))


def ms_transpose(self, *axes):
    """MindSpore's Tensor.transpose: two axes swap those dims; a full permutation permutes;
    no axes reverse the dims."""
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if len(axes) == 2 and jnp.ndim(self) >= 2:
        return jnp.swapaxes(self, axes[0], axes[1])
    return jnp.transpose(self, axes or None)


_TENSOR_METHODS = {
    "asnumpy": _asnumpy,
    "numpy": _asnumpy,
    "expand_dims": _expand_dims,
    "unsqueeze": _expand_dims,
    "dim": lambda self: self.ndim,
    "numel": lambda self: self.size,
    "nelement": lambda self: self.size,
    "set_dtype": _astype,
    "to": lambda self, dtype: _astype(self, dtype),
    "abs": lambda self: jnp.abs(self),
    "exp": lambda self: jnp.exp(self),
    "log": lambda self: jnp.log(self),
    "sqrt": lambda self: jnp.sqrt(self),
    "sin": lambda self: jnp.sin(self),
    "cos": lambda self: jnp.cos(self),
    "tanh": lambda self: jnp.tanh(self),
    "sigmoid": lambda self: jax.nn.sigmoid(self),
    "norm": lambda self, ord=None, dim=None, keepdim=False: jnp.linalg.norm(
        self, ord=ord, axis=dim, keepdims=keepdim),
    "is_floating_point": lambda self: bool(jnp.issubdtype(self.dtype, jnp.floating)),
}
for _name, _fn in _TENSOR_METHODS.items():
    for _cls in (ArrayImpl, _core.Tracer):
        if not hasattr(_cls, _name):
            setattr(_cls, _name, _fn)
# MindSpore code writes weight.transpose(0, 1) to swap two dims; numpy would do nothing.
for _cls in (ArrayImpl, _core.Tracer):
    _cls.transpose = ms_transpose
