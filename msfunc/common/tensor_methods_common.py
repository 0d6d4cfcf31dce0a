"""Shared pieces of the Tensor method tables: argument reading and functional twins."""

import inspect

import jax.numpy as jnp
import numpy as np

from .tensor import unwrap

__all__ = ["twin", "shape_args", "ALIAS_GROUPS"]


def shape_args(shape, who):
    """``f(2, 3)``, ``f((2, 3))`` and ``f([2, 3])`` as the tuple ``(2, 3)``."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    out = []
    for s in shape:
        s = unwrap(s)
        # ints (integer scalars and 0-d integer Tensors) only: MindSpore refuses a float
        # (4.0 included) or a bool where a size goes
        kind = np.dtype(s.dtype).kind if hasattr(s, "dtype") else None
        if isinstance(s, (bool, float)) or kind in ("b", "f", "c"):
            raise TypeError(f"Tensor.{who}: sizes must be ints, got {s!r}")
        try:
            out.append(int(s))
        except TypeError:
            raise TypeError(f"Tensor.{who}: sizes must be ints, got {type(s).__name__}") from None
    return tuple(out)


# MindSpore's Tensor methods accept torch-style and numpy-style keyword names for the same
# argument; a twin renames a keyword its functional form does not know to the one it does.
ALIAS_GROUPS = (
    ("axis", "dim", "dims"),
    ("keepdims", "keep_dims", "keepdim"),
    ("axis1", "dim1"),
    ("axis2", "dim2"),
    ("ddof", "correction"),
    ("other", "y", "x2", "exponent", "divisor", "tensor2", "vec2", "mat2"),
    ("shape", "size"),
)


def _parameters(fn):
    """The keyword names `fn` takes after its first argument; None when it takes any."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return tuple(p.name for p in params[1:])


def _rename(kwargs, params, name):
    out = {}
    for key, value in kwargs.items():
        if key not in params:
            for group in ALIAS_GROUPS:
                if key in group:
                    match = [g for g in group if g in params]
                    if match:
                        key = match[0]
                    break
            else:
                raise TypeError(f"Tensor.{name}() got an unexpected keyword argument {key!r}")
        out[key] = value
    return out


def twin(name, fn, function_name):
    """The method ``x.name(*a, **k) == fn(x, *a, **k)``; `fn` is ``msfunc.ops.<function_name>``
    (msfunc.ops installs one for each Tensor method named on its registry's rows).

    Example:
        >>> import msfunc
        >>> neg = twin("neg", msfunc.ops.neg, "neg")
        >>> neg(msfunc.Tensor([1.0])).tolist()
        [-1.0]
    """
    cache = []

    def method(self, *args, **kwargs):
        if not cache:  # read the signature on the first call, not at import
            cache.append(_parameters(fn))
        params = cache[0]
        if kwargs and kwargs.get("out", 0) is None:
            kwargs = {k: v for k, v in kwargs.items() if k != "out"}  # numpy's np.any(t) & co.
        if kwargs and params is not None:
            kwargs = _rename(kwargs, params, name)
        return fn(self, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    method.__doc__ = f"``x.{name}(...)`` is ``msfunc.ops.{function_name}(x, ...)``."
    method._twin_of = fn  # (tests/ops/test_op_registry.py checks each method calls its row's op)
    return method


def as_dtype(dtype, who="astype"):
    """A MindSpore, numpy or jax dtype (or its name) as the numpy dtype jax uses."""
    from .dtype import canonical_dtype

    try:
        return canonical_dtype(dtype)
    except Exception:  # noqa: BLE001  (any unknown spelling: one clear message)
        raise TypeError(f"Tensor.{who}: `dtype` must be a dtype, got {dtype!r}") from None


def is_float(value):
    return jnp.issubdtype(value.dtype, jnp.inexact)
