"""Cell buffers (non-trainable Tensors a Cell keeps) and `state_dict` / `load_state_dict`.

A buffer is an ordinary Tensor attribute whose name the Cell records (``_buffer_names``, a
tuple, so it takes part in the Cell's structure like any static field); assigning a
`_Buffer` registers it, as `register_buffer` does. `state_dict` collects Parameters and
persistent buffers by attribute path, running the registered hooks.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict, namedtuple

import jax.numpy as jnp
import numpy as np

from .._graph_forbidden import forbidden_in_graph
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor, unwrap

__all__ = ["BufferMethods", "IncompatibleKeys"]

IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])
IncompatibleKeys.__doc__ = "What `load_state_dict` did not match: keys missing and unexpected."

_HOOKS = "_msfunc_state_dict_hooks"  # per-instance; not part of compiled programs' keys
_hook_ids = itertools.count()


class StateDictHookHandle:
    """What the ``register_*state_dict*_hook`` methods return; ``remove()`` unregisters."""

    def __init__(self, hooks, handle_id):
        self._hooks, self.handle_id = hooks, handle_id

    def remove(self):
        """Unregister the hook (a second call does nothing)."""
        self._hooks.pop(self.handle_id, None)


def _hooks(cell, kind):
    table = cell.__dict__.get(_HOOKS)
    return () if table is None else tuple(table.get(kind, {}).values())


def _as_tensor(value, like=None):
    """A loaded value (Parameter, Tensor, numpy) as a fresh Tensor, in `like`'s dtype."""
    array = jnp.asarray(
        np.asarray(unwrap(value)) if isinstance(value, (list, tuple)) else unwrap(value)
    )
    if like is not None and array.dtype != like.dtype:
        array = array.astype(like.dtype)
    return Tensor(array)


class BufferMethods:
    """Buffer registration and state-dict methods of `Cell` (a base class of it)."""

    _buffer_names = ()  # names of this Cell's buffer attributes, in registration order
    _non_persistent_buffers = ()  # the buffers `state_dict` leaves out

    # -- registration ------------------------------------------------------------
    @forbidden_in_graph("the method 'Cell.register_buffer'")
    def register_buffer(self, name, tensor, persistent=True):
        """Keep `tensor` (or None) as the buffer `name`: an attribute that is state but not
        a Parameter (no gradient, not in `trainable_params`); `persistent` buffers are in
        `state_dict`.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.ReLU()
            >>> net.register_buffer("scale", ms.Tensor([2.0]))
            >>> [(k, v.tolist()) for k, v in net.named_buffers()], net.scale.tolist()
            ([('scale', [2.0])], [2.0])
        """
        who = f"{type(self).__name__}.register_buffer"
        if "_auto_prefix" not in self.__dict__:
            raise AttributeError(
                f"{who}: call super().__init__() in {type(self).__name__}."
                "__init__ before registering buffers"
            )
        if not isinstance(name, str):
            raise TypeError(f"{who}: the buffer name should be a string, got {type(name).__name__}")
        if not name:
            raise KeyError(f"{who}: the buffer name must not be empty")
        if "." in name:
            raise KeyError(f'{who}: the buffer name must not contain ".", got {name!r}')
        if name not in self._buffer_names and (name in self.__dict__ or hasattr(type(self), name)):
            raise KeyError(f"{who}: {type(self).__name__} already has an attribute {name!r}")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"{who}: buffer {name!r} must be a Tensor or None, got {type(tensor).__name__}"
            )
        self._set_buffer(name, tensor, bool(persistent))

    def _set_buffer(self, name, tensor, persistent):
        object.__setattr__(self, name, tensor)
        if name not in self._buffer_names:
            object.__setattr__(self, "_buffer_names", self._buffer_names + (name,))
        others = tuple(n for n in self._non_persistent_buffers if n != name)
        object.__setattr__(
            self, "_non_persistent_buffers", others if persistent else others + (name,)
        )

    def _forget_buffer(self, name):
        object.__setattr__(self, "_buffer_names", tuple(n for n in self._buffer_names if n != name))
        object.__setattr__(
            self,
            "_non_persistent_buffers",
            tuple(n for n in self._non_persistent_buffers if n != name),
        )

    @property
    def _buffers(self):
        """OrderedDict name -> buffer of this Cell's own buffers."""
        return OrderedDict((n, self.__dict__.get(n)) for n in self._buffer_names)

    # -- traversal ----------------------------------------------------------------
    @forbidden_in_graph("the method 'Cell.named_buffers'")
    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """Yield (path, buffer) for this Cell's buffers, then its descendants' (None skipped).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> from msfunc.common.parameter import _Buffer
            >>> net = nn.SequentialCell([nn.ReLU()])
            >>> net[0].mask = _Buffer(ms.Tensor([1.0]))
            >>> [name for name, _ in net.named_buffers()]
            ['0.mask']
        """
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for path, cell in cells:
            for name in cell._buffer_names:
                buffer = cell.__dict__.get(name)
                if buffer is None or (remove_duplicate and id(buffer) in seen):
                    continue
                seen.add(id(buffer))
                yield (f"{path}.{name}" if path else name), buffer

    @forbidden_in_graph("the method 'Cell.buffers'")
    def buffers(self, recurse=True):
        """Yield every buffer (see `named_buffers`)."""
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    @forbidden_in_graph("the method 'Cell.get_buffer'")
    def get_buffer(self, target):
        """The buffer at the dotted path `target` (``'sub.running'``); AttributeError if there
        is none."""
        *path, name = target.split(".")
        cell = self
        for part in path:
            child = cell.__dict__.get(part)
            if not getattr(type(child), "_msfunc_is_cell", False):
                raise AttributeError(
                    f"{type(cell).__name__} has no attribute {part!r} holding a Cell"
                )
            cell = child
        if name not in cell.__dict__:
            raise AttributeError(f"{type(cell).__name__} has no attribute {name!r}")
        if name not in cell._buffer_names:
            raise AttributeError(f"{type(cell).__name__}.{name} is not a buffer")
        return cell.__dict__[name]

    # -- state dict -------------------------------------------------------------
    def _register_state_hook(self, kind, hook):
        if not callable(hook):
            raise TypeError(
                f"{type(self).__name__}.register_{kind}_hook: `hook` must be "
                f"callable, got {type(hook).__name__}"
            )
        table = self.__dict__.get(_HOOKS)
        if table is None:
            table = {}
            object.__setattr__(self, _HOOKS, table)
        hooks = table.setdefault(kind, {})
        handle_id = next(_hook_ids)
        hooks[handle_id] = hook
        return StateDictHookHandle(hooks, handle_id)

    def register_state_dict_pre_hook(self, hook):
        """Call ``hook(cell, prefix, keep_vars)`` before `state_dict` collects this Cell."""
        return self._register_state_hook("state_dict_pre", hook)

    def register_state_dict_post_hook(self, hook):
        """Call ``hook(cell, state_dict, prefix, local_metadata)`` after `state_dict`
        collected this Cell (a non-None return replaces nothing: edit `state_dict` in place)."""
        return self._register_state_hook("state_dict_post", hook)

    def register_load_state_dict_pre_hook(self, hook):
        """Call ``hook(cell, state_dict, prefix, local_metadata, strict, missing_keys,
        unexpected_keys, error_msgs)`` before `load_state_dict` loads this Cell."""
        return self._register_state_hook("load_state_dict_pre", hook)

    def register_load_state_dict_post_hook(self, hook):
        """Call ``hook(cell, incompatible_keys)`` after `load_state_dict` (it may edit the
        key lists in place)."""
        return self._register_state_hook("load_state_dict_post", hook)

    def _state_entries(self):
        """(key, owner cell, attribute or None, value) for every entry of the state dict."""
        for path, cell in self.cells_and_names():
            prefix = f"{path}." if path else ""
            for key, value in cell.__dict__.items():
                if isinstance(value, Parameter):
                    yield prefix + key, cell, key, value
                elif isinstance(value, ParameterTuple) and not key.startswith("_msfunc_"):
                    for p in value:
                        yield prefix + p.name, cell, None, p
            for name in cell._buffer_names:
                buffer = cell.__dict__.get(name)
                if buffer is not None and name not in cell._non_persistent_buffers:
                    yield prefix + name, cell, name, buffer

    @forbidden_in_graph("the method 'Cell.state_dict'")
    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        """An OrderedDict path -> value of every Parameter and persistent buffer, this Cell's
        first (what `save_checkpoint` and `load_state_dict` take).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 1)
            >>> net.register_buffer("count", ms.Tensor([0]))
            >>> list(net.state_dict())
            ['weight', 'bias', 'count']
        """
        del args  # MindSpore's positional (destination, prefix, keep_vars) are keywords here
        out = OrderedDict() if destination is None else destination
        cells = list(self.cells_and_names())
        for path, cell in cells:
            for hook in _hooks(cell, "state_dict_pre"):
                hook(cell, prefix + (f"{path}." if path else ""), keep_vars)
        for key, _, _, value in self._state_entries():
            out[prefix + key] = value
        for path, cell in reversed(cells):
            for hook in _hooks(cell, "state_dict_post"):
                hook(cell, out, prefix + (f"{path}." if path else ""), {})
        return out

    @forbidden_in_graph("the method 'Cell.load_state_dict'")
    def load_state_dict(self, state_dict, strict=True):
        """Load Parameters and buffers from `state_dict` (path -> value, as `state_dict` or
        `load_checkpoint` give); returns ``(missing_keys, unexpected_keys)``. With `strict`,
        any mismatch raises RuntimeError before anything is loaded.

        Example:
            >>> from msfunc import nn
            >>> a, b = nn.Dense(2, 1), nn.Dense(2, 1)
            >>> b.load_state_dict(a.state_dict())
            IncompatibleKeys(missing_keys=[], unexpected_keys=[])
            >>> bool((a.weight == b.weight).all())
            True
        """
        if not hasattr(state_dict, "items"):
            raise TypeError(
                f"{type(self).__name__}.load_state_dict: `state_dict` must be a "
                f"dict, got {type(state_dict).__name__}"
            )
        state_dict = OrderedDict(state_dict)
        entries = list(self._state_entries())
        missing = [key for key, *_ in entries if key not in state_dict]
        expected = {key for key, *_ in entries}
        unexpected = [key for key in state_dict if key not in expected]
        errors = []
        for path, cell in self.cells_and_names():
            for hook in _hooks(cell, "load_state_dict_pre"):
                hook(
                    cell,
                    state_dict,
                    f"{path}." if path else "",
                    {},
                    strict,
                    missing,
                    unexpected,
                    errors,
                )
        if strict and (missing or unexpected or errors):
            parts = errors[:]
            if missing:
                parts.append("missing keys: " + ", ".join(missing))
            if unexpected:
                parts.append("unexpected keys: " + ", ".join(unexpected))
            raise RuntimeError(
                f"{type(self).__name__}.load_state_dict: the state dict does "
                "not match the network (" + "; ".join(parts) + ")"
            )
        for key, cell, attr, value in entries:
            if key not in state_dict:
                continue
            if isinstance(value, Parameter):
                value.set_data(_as_tensor(state_dict[key], value))
            else:
                cell._set_buffer(
                    attr,
                    _as_tensor(state_dict[key], value),
                    attr not in cell._non_persistent_buffers,
                )
        result = IncompatibleKeys(missing, unexpected)
        for _, cell in self.cells_and_names():
            for hook in _hooks(cell, "load_state_dict_post"):
                hook(cell, result)
        return result
