"""Tensors that share memory with numpy arrays both ways, as MindSpore's do on CPU.

``Tensor.from_numpy(n)`` shares `n`, and ``t.asnumpy()`` returns an array that shares `t`.

MindSpore's Tensor and `n` are one buffer: ``np.add(n, 1, out=n)`` or ``n[0] = 5`` changes the
Tensor, and ``t[0] = 7`` changes `n`. JAX arrays own immutable buffers (XLA aliases a numpy
buffer only on CPU and 64-byte aligned, and a dispatched program may read it late), so a
shared Tensor keeps `n` instead, and each read of its value compares `n` with the values it
holds (on CPU in place, about 0.6 us for a few values and 0.4 ms for 4 MB; elsewhere with a
copy of the bytes it last loaded) and reloads `n` when they differ; its views follow. An
item write into the Tensor or a view is copied into `n` (`tensor_views.write_items`). Any
other new value (``t.add_(1)``, ``assign_value``, ``set_data``) ends the sharing, as
``assign_value`` does in MindSpore 2.10. As there, only a C-contiguous writeable array is
shared; others are copied. The array ``asnumpy`` returns is held weakly: once the program
holds none of it (nor a view of it), the Tensor stops checking. A Parameter's ``asnumpy``
array follows its updates (each optimizer step's new values are copied into it, as
MindSpore's in-place update is seen there) until ``set_data`` or ``assign_value`` gives it
new memory (`end_sharing`); a view's ``asnumpy`` is a copy.

While a shared Tensor (or a view of one) lives, ``Tensor._value`` is a property that makes
this check (every Tensor read pays a dict lookup, about 0.1 us); when the last one dies the
plain slot is back, so a program that shares nothing pays nothing.
"""

import functools
import weakref
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import ArrayImpl, Tracer
from .host_array import HostArray, host_array
from .tensor_view_tree import refresh_views

__all__ = [
    "bind",
    "share_numpy",
    "share_host",
    "end_sharing",
    "detach",
    "reattach",
    "share_view",
    "swap_value",
]


class _Link:
    """One shared Tensor: its array (`array`, or `weak`: a weak reference to it) and, off
    CPU, the `seen` bytes last loaded (on CPU the Tensor's own values are read in place);
    for a view of one, `root` (a weak reference to the shared Tensor) alone."""

    __slots__ = ("ref", "array", "weak", "seen", "root", "follows", "__weakref__")
    ref: Any
    weak: Any

    def __init__(self, ref, array, weak, seen, root):
        self.ref, self.array, self.weak, self.seen, self.root = ref, array, weak, seen, root
        self.follows = False  # a Parameter's: its new values are copied into the array

    def source(self):
        """The shared array, or None (a view's link; a weakly held array gone)."""
        return self.array if self.weak is None else self.weak()


_LINKS: dict[int, _Link] = {}  # id(tensor) -> its link
_BOUND = {}  # "cls", "slot", "property": set by `bind`


def bind(cls):
    """Let `cls` (msfunc's Tensor) share numpy arrays: keep its ``_value`` slot descriptor
    and build the property that replaces it while a shared Tensor lives.

    Example:
        >>> import msfunc as ms
        >>> bind(ms.Tensor)  # (tensor.py does this once)
    """
    slot = cls.__dict__["_value"]
    if isinstance(slot, property):  # (bound already, and a shared Tensor lives)
        return
    get, set_ = slot.__get__, slot.__set__
    links = _LINKS

    def read(self):
        link = links.get(id(self))
        if link is not None:
            _sync(self, link)
        return get(self)

    def write(self, value):
        set_(self, value)
        link = links.get(id(self))
        if link is not None and link.root is None:  # (a view keeps following its root)
            if link.follows:
                _follow(self, link, value)
            else:
                _forget(id(self))

    _BOUND.update(cls=cls, slot=slot, get=get, set=set_, property=property(read, write))


def _install():
    cls = _BOUND["cls"]
    if cls.__dict__["_value"] is not _BOUND["property"]:
        cls._value = _BOUND["property"]


def _forget(key, link=None):
    """Drop the link of the Tensor `key` (only if it is still `link`, when given)."""
    if link is not None and _LINKS.get(key) is not link:
        return
    if _LINKS.pop(key, None) is not None and not _LINKS:
        _BOUND["cls"]._value = _BOUND["slot"]


def _follow(param, link, value):
    """Copy a Parameter's new `value` (an optimizer step's) into the array it shares, as
    MindSpore's in-place update is seen there; a trace's stand-in is skipped, and a value of
    another shape or dtype ends the sharing."""
    if isinstance(value, Tracer):
        return
    array = link.source()
    if array is None:
        return
    value = np.asarray(value)
    if value.shape != array.shape or value.dtype != array.dtype:
        _forget(id(param))
        return
    np.copyto(array, value)
    link.seen = _snapshot(array)


def end_sharing(tensor):
    """End `tensor`'s sharing with a numpy array (``Parameter.set_data`` and
    ``assign_value`` give it new memory in MindSpore: the old array keeps the old values).

    Example:
        >>> import msfunc as ms
        >>> p = ms.Parameter(ms.Tensor([1.0]), name="p")
        >>> a = p.asnumpy()
        >>> end_sharing(p)
        >>> p.set_data(ms.Tensor([2.0])).tolist(), a.tolist()
        ([2.0], [1.0])
    """
    if _LINKS:
        _forget(id(tensor))


def _forget_weak(key, link_ref):
    link = link_ref()
    if link is not None:
        _forget(key, link)


@functools.cache
def _on_cpu():
    return jax.default_backend() == "cpu"


def _snapshot(array):
    # (on CPU the Tensor's own buffer is compared in place: no second copy of the values)
    return None if _on_cpu() else array.tobytes()


_SMALL = 1 << 16  # bytes: up to this many, compared as bytes objects; beyond, as uint arrays
_UINTS = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _same_bits(array, values):
    """Whether `array` holds exactly the bits of `values` (a numpy array of its dtype)."""
    if array.nbytes <= _SMALL or array.dtype.itemsize not in _UINTS:
        return array.tobytes() == values.tobytes()
    uint = _UINTS[array.dtype.itemsize]
    return np.array_equal(array.reshape(-1).view(uint), values.reshape(-1).view(uint))


def _link(tensor, array, root, weak=False, follows=False):
    key = id(tensor)
    link = _Link(None, None if weak else array, None, None, root)
    link.follows = follows
    link.ref = weakref.ref(tensor, lambda _, key=key: _forget(key))
    if weak:
        # (the callback holds the link weakly: a cycle would keep a snapshot alive until GC)
        link.weak = weakref.ref(array, lambda _, k=key, r=weakref.ref(link): _forget_weak(k, r))
    if array is not None:
        link.seen = _snapshot(array)
    _LINKS[key] = link
    _install()


def _sync(tensor, link):
    """Reload `tensor` (a shared Tensor or a view of one) from its array if that changed."""
    if link.root is not None:
        root = link.root()
        root_link = _LINKS.get(id(root)) if root is not None else None
        if root_link is not None:
            _sync(root, root_link)
        return
    array = link.source()
    if array is None:
        return
    old = _BOUND["get"](tensor)
    if isinstance(old, Tracer):  # (a Parameter's stand-in while a trace runs)
        return
    if link.seen is None:
        if _same_bits(array, np.asarray(old)):
            return
    elif array.tobytes() == link.seen:
        return
    link.seen = _snapshot(array)
    _BOUND["set"](tensor, jnp.asarray(array.reshape(old.shape)))
    refresh_views(tensor)


def share_numpy(tensor, array):
    """Make `tensor` (just built from numpy `array`, of its dtype and shape) share `array`'s
    memory: see the module docstring. A non-contiguous or read-only array is not shared.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> n = np.zeros(2, np.float32)
        >>> t = share_numpy(ms.Tensor(n), n)
        >>> n[1] = 3.0
        >>> t[0] = 4.0
        >>> n.tolist(), t.tolist()
        ([4.0, 3.0], [4.0, 3.0])
    """
    if isinstance(array, np.ndarray) and array.flags.writeable and array.flags.c_contiguous:
        _link(tensor, array, None)
    return tensor


def share_host(tensor, values):
    """What ``tensor.asnumpy()`` returns: an array of `values` (the Tensor's, on the host)
    that shares the Tensor's memory both ways (see the module docstring), or a view of the
    array it shares already.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0, 2.0])
        >>> a = t.asnumpy()  # (Tensor.asnumpy calls this)
        >>> a[0] = 5.0
        >>> t[1] = 7.0
        >>> t.tolist(), a.tolist()
        ([5.0, 7.0], [5.0, 7.0])
    """
    link = _LINKS.get(id(tensor)) if _LINKS else None
    if link is not None and link.root is None:
        shared = link.source()
        if shared is not None:
            return host_array(shared.reshape(values.shape))
    kind = type(tensor)
    follows = kind is not _BOUND["cls"] and kind.__dict__.get("_numpy_follows_writes", False)
    if (
        (kind is not _BOUND["cls"] and not follows)
        or "_view_link" in tensor.__dict__
        or link is not None
        or type(_BOUND["get"](tensor)) is not ArrayImpl  # (a traced value, folded)
    ):
        return host_array(np.array(values))  # (a view, another subclass: a copy)
    owner = HostArray(values.shape, values.dtype)  # (owns its memory: views keep it alive)
    np.copyto(owner, values)
    _link(tensor, owner, None, weak=True, follows=follows)
    return owner


def detach(tensor):
    """End `tensor`'s sharing for a moment (an item write is stored): its link, or None.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> t = ms.Tensor.from_numpy(np.zeros(2, np.float32))
        >>> link = detach(t)
        >>> reattach(t, link)
    """
    if not _LINKS:
        return None
    link = _LINKS.get(id(tensor))
    if link is None or link.root is not None:
        return None
    _forget(id(tensor))
    return link


def reattach(tensor, link):
    """Copy `tensor`'s new values into the array of `link` (from `detach`) and share again.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> n = np.zeros(2, np.float32)
        >>> t = ms.Tensor.from_numpy(n)
        >>> link = detach(t)
        >>> t._value = t._value + 1
        >>> reattach(t, link)
        >>> n.tolist()
        [1.0, 1.0]
    """
    if link is None:
        return
    array = link.source()
    if array is None:
        return
    np.copyto(array, np.asarray(tensor._value).astype(array.dtype, copy=False).reshape(array.shape))
    link.seen = _snapshot(array)
    _LINKS[id(tensor)] = link
    _install()


def share_view(base, view):
    """Let `view` (a view of `base`) follow the numpy array `base` or its root shares.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> n = np.zeros(3, np.float32)
        >>> head = ms.Tensor.from_numpy(n)[:2]  # (Tensor.__getitem__ calls this)
        >>> n[0] = 5.0
        >>> head.tolist()
        [5.0, 0.0]
    """
    link = _LINKS.get(id(base))
    if link is not None:
        _link(view, None, link.root or weakref.ref(base))


def swap_value(tensor, value):
    """Hold `value` in `tensor` without the sharing checks (a trace's stand-in for a Tensor it
    reads by reference), returning what it held; swap back with the returned value.

    Example:
        >>> import jax.numpy as jnp
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0])
        >>> held = swap_value(t, jnp.zeros(1))
        >>> before = t.tolist()
        >>> _ = swap_value(t, held)
        >>> before, t.tolist()
        ([0.0], [1.0])
    """
    held = _BOUND["get"](tensor)
    _BOUND["set"](tensor, value)
    return held
