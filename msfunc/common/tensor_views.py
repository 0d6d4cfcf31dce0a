"""Views: Tensors that share their base's values, as MindSpore's PyNative views do.

``t.view(3, 2)``, ``t.reshape(...)`` and basic indexing (ints, slices, ``...``, None) give a
view of `t`: an item write into the view (``b[0, 0] = 7``, ``u[0][0] = 5``) changes `t`,
and an item write into `t` shows in its views. JAX arrays are immutable, so a view holds
its own array, its base, and how it was made (a reshape, or an index); a write rebuilds
the base functionally (``base.at[index].set(view)``, or the view reshaped back) and
re-derives every live view of it. As in MindSpore 2.10 on CPU, only item writes
(``__setitem__``) are shared: ``view += 1`` and ``view.add_(1)`` change the view alone.
A Parameter is never a base (its writes go through msfunc's state frames).

``Tensor.from_numpy(n)`` shares `n`'s memory both ways (`tensor_numpy_share`); its views
follow `n` too.

Example:
    >>> import msfunc as ms
    >>> t = ms.Tensor([0.0, 1.0, 2.0, 3.0])
    >>> b = t.view(2, 2)
    >>> b[0, 0] = 7.0
    >>> t.tolist()
    [7.0, 1.0, 2.0, 3.0]
"""

import weakref

import jax

from .tensor_numpy_share import detach, reattach, share_view
from .tensor_view_tree import refresh_views

__all__ = [
    "is_basic_index",
    "index_view",
    "reshape_view",
    "write_items",
]


class _ViewLink:
    """How a view was made from `base`: `derive(base_array)` is the view's array and
    `merge(base_array, view_array)` the base's array after a write into the view."""

    __slots__ = ("base", "derive", "merge")

    def __init__(self, base, derive, merge):
        self.base, self.derive, self.merge = base, derive, merge


def is_basic_index(index):
    """True for an index of ints, slices, Ellipsis and None only (numpy's basic indexing).

    Example:
        >>> is_basic_index((0, slice(1, None))), is_basic_index([0, 1])
        (True, False)
    """
    items = index if type(index) is tuple else (index,)
    return all(type(i) in (int, slice) or i is None or i is Ellipsis for i in items)


def _register(base, view, derive, merge):
    if getattr(base, "_msfunc_by_reference", False):  # a Parameter: no shared storage
        return view
    view.__dict__["_view_link"] = _ViewLink(base, derive, merge)
    views = base.__dict__.get("_views")
    if views is None:
        views = base.__dict__["_views"] = weakref.WeakSet()
    views.add(view)
    share_view(base, view)
    return view


def index_view(base, view, index):
    """Register `view` (the Tensor of ``base[index]``, a basic index) as a view of `base`.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0, 2.0])
        >>> row = t[1:]  # Tensor.__getitem__ registers it
        >>> row[0] = 5.0
        >>> t.tolist()
        [1.0, 5.0]
    """
    return _register(base, view, lambda b: b[index], lambda b, v: b.at[index].set(v))


def reshape_view(base, view):
    """Register `view` (a Tensor of `base`'s values in another shape) as a view of `base`.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0, 2.0, 3.0, 4.0])
        >>> square = t.reshape(2, 2)  # Tensor.reshape registers it
        >>> t[3] = 0.0
        >>> square.tolist()
        [[1.0, 2.0], [3.0, 0.0]]
    """
    shape = view._value.shape
    return _register(base, view, lambda b: b.reshape(shape), lambda b, v: v.reshape(b.shape))


def write_items(tensor, new_value):
    """Store `new_value` (the array after an item write) in `tensor`, its base, the base's
    other views and a numpy array it shares (see the module docstring).

    Example:
        >>> import jax.numpy as jnp
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0, 2.0])
        >>> head = t[:1]
        >>> _ = write_items(head, jnp.array([9.0], jnp.float32))
        >>> t.tolist()
        [9.0, 2.0]
    """
    link = tensor.__dict__.get("_view_link")
    if link is None:
        shared = detach(tensor)  # (a numpy array it shares: the write is copied there)
        tensor._assign(new_value)
        refresh_views(tensor)
        if shared is not None and not isinstance(tensor._value, jax.core.Tracer):
            reattach(tensor, shared)
        return tensor
    old = tensor._value
    if new_value.dtype != old.dtype:
        new_value = new_value.astype(old.dtype)
    base = link.base
    write_items(base, link.merge(base._array(), new_value))  # re-derives `tensor` too
    return tensor
