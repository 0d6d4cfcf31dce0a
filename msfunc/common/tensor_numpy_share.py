"""``Tensor.from_numpy(n)``: a Tensor that shares `n`'s memory both ways, as MindSpore's does.

MindSpore's Tensor and `n` are one buffer: ``np.add(n, 1, out=n)`` or ``n[0] = 5`` changes the
Tensor, and ``t[0] = 7`` changes `n`. JAX arrays own immutable buffers (XLA aliases a numpy
buffer only on CPU and 64-byte aligned, and a dispatched program may read it late), so a
shared Tensor keeps `n` and the bytes it last loaded from it instead: each read of its value
compares them (a copy and compare of the bytes, about 0.05 us for a few values and 0.5 ms
for 4 MB) and reloads `n` when they differ; its views follow. An item write into the Tensor or
a view is copied into `n` (`tensor_views.write_items`). Any other new value (``t.add_(1)``,
``assign_value``, ``set_data``) ends the sharing, as ``assign_value`` does in MindSpore 2.10.
As there, only a C-contiguous writeable array is shared; others are copied.

While a shared Tensor (or a view of one) lives, ``Tensor._value`` is a property that makes
this check (every Tensor read pays a dict lookup, about 0.1 us); when the last one dies the
plain slot is back, so a program that shares nothing pays nothing.
"""

import weakref

import jax.numpy as jnp
import numpy as np

__all__ = ["bind", "share_numpy", "numpy_source", "share_view"]


class _Link:
    """One shared Tensor: its `array` and the `seen` bytes last loaded; for a view of one,
    `root` (a weak reference to the shared Tensor) alone."""

    __slots__ = ("ref", "array", "seen", "root")

    def __init__(self, ref, array, seen, root):
        self.ref, self.array, self.seen, self.root = ref, array, seen, root


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
        if link is not None and link.array is not None:  # (a view keeps following its root)
            _forget(id(self))

    _BOUND.update(cls=cls, slot=slot, get=get, set=set_, property=property(read, write))


def _install():
    cls = _BOUND["cls"]
    if cls.__dict__["_value"] is not _BOUND["property"]:
        cls._value = _BOUND["property"]


def _forget(key):
    if _LINKS.pop(key, None) is not None and not _LINKS:
        _BOUND["cls"]._value = _BOUND["slot"]


def _link(tensor, array, seen, root):
    key = id(tensor)
    _LINKS[key] = _Link(weakref.ref(tensor, lambda _, key=key: _forget(key)), array, seen, root)
    _install()


def _sync(tensor, link):
    """Reload `tensor` (a shared Tensor or a view of one) from its array if that changed."""
    if link.array is None:
        root = link.root()
        root_link = _LINKS.get(id(root)) if root is not None else None
        if root_link is not None:
            _sync(root, root_link)
        return
    data = link.array.tobytes()
    if data == link.seen:
        return
    from .tensor_views import refresh_views  # (tensor_views imports this module)

    link.seen = data
    old = _BOUND["get"](tensor)
    new = np.frombuffer(data, link.array.dtype).reshape(old.shape)
    _BOUND["set"](tensor, jnp.asarray(new))
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
        _link(tensor, array, array.tobytes(), None)
    return tensor


def numpy_source(tensor):
    """The numpy array `tensor` shares (`share_numpy`), or None.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> n = np.zeros(2, np.float32)
        >>> numpy_source(ms.Tensor.from_numpy(n)) is n, numpy_source(ms.Tensor(n))
        (True, None)
    """
    if not _LINKS:
        return None
    link = _LINKS.get(id(tensor))
    return None if link is None else link.array


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
        _link(view, None, None, link.root if link.array is None else weakref.ref(base))
