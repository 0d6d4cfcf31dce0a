"""MindSpore's Tensor methods, as functions of the Tensor: installed on `Tensor` by name."""

import jax.numpy as jnp
import numpy as np

from .dtype import canonical_dtype

__all__ = ["METHODS"]


def _arr(t):
    return t._array()


def _wrap(value):
    from .tensor import wrap

    return wrap(value)


def transpose(self, *axes):
    """MindSpore's Tensor.transpose: two axes swap those dims; a full permutation permutes;
    no axes reverse the dims."""
    value = _arr(self)
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if len(axes) == 2 and value.ndim >= 2:
        return _wrap(jnp.swapaxes(value, axes[0], axes[1]))
    return _wrap(jnp.transpose(value, axes or None))


def astype(self, dtype, copy=False):
    """The values cast to `dtype`."""
    return _wrap(jnp.asarray(_arr(self), dtype=canonical_dtype(dtype)))


def reshape(self, *shape):
    """The values in a new shape (``reshape(2, 3)`` or ``reshape((2, 3))``)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return _wrap(jnp.reshape(_arr(self), shape))


def expand_dims(self, axis):
    """A new size-1 dim at `axis`."""
    return _wrap(jnp.expand_dims(_arr(self), axis))


METHODS = {
    "transpose": transpose,
    "astype": astype,
    "set_dtype": astype,
    "to": lambda self, dtype, *a, **k: astype(self, dtype),
    "reshape": reshape,
    "expand_dims": expand_dims,
    "unsqueeze": expand_dims,
    "dim": lambda self: _arr(self).ndim,
    "numel": lambda self: self.size,
    "nelement": lambda self: self.size,
    "is_floating_point": lambda self: bool(jnp.issubdtype(_arr(self).dtype, jnp.floating)),
    "norm": lambda self, ord=None, dim=None, keepdim=False: _wrap(jnp.linalg.norm(
        _arr(self), ord=ord, axis=dim, keepdims=keepdim)),
    "sigmoid": lambda self: _wrap(1 / (1 + jnp.exp(-_arr(self)))),
    "asnumpy": lambda self: np.array(_arr(self)),
}
