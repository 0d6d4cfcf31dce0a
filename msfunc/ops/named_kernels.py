"""Kernels found by a primitive's name, for user `Primitive` subclasses that define no body.

MindSpore runs such a subclass (``class Shift(PrimitiveWithInfer)`` with only ``__init__`` and
its infer hooks) on the backend kernel registered under its name. msfunc does the same: a name
of one of msfunc's generated primitive classes runs that class with the subclass's attributes,
and the few kernels MindSpore's CPU build has without a public class are written here.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np


def _shift(prim, x, fill_value):
    """MindSpore's CPU ``Shift``: move `x` by ``periods`` along ``axis``; vacated places hold
    `fill_value` (all of them when ``|periods|`` reaches the axis' length)."""
    x = jnp.asarray(x)
    axis = prim.attrs.get("axis", -1) % max(x.ndim, 1)
    periods = int(prim.attrs.get("periods", 1))
    n = x.shape[axis]
    source = np.arange(n) - periods  # output position i reads input position i - periods
    inside = (source >= 0) & (source < n)
    moved = jnp.take(x, np.clip(source, 0, max(n - 1, 0)), axis=axis)
    shape = [1] * x.ndim
    shape[axis] = n
    fill = jnp.asarray(fill_value).astype(x.dtype)
    return jnp.where(inside.reshape(shape), moved, fill)


_WITHOUT_CLASS = {"Shift": _shift}


def without_class(name: str):
    """The kernel ``kernel(prim, *args)`` MindSpore's CPU build has under `name` without a
    public primitive class, or ``None`` (`msfunc.ops.primitives` tries its own classes first).

    Example:
        >>> class Attrs:
        ...     attrs = {"periods": 1, "axis": 0}
        >>> without_class("Shift")(Attrs(), jnp.arange(3.0), 9.0).tolist()
        [9.0, 0.0, 1.0]
    """
    return _WITHOUT_CLASS.get(name)
