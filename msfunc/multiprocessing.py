"""``mindspore.multiprocessing``: Python's multiprocessing, safe to start processes after JAX ran.

MindSpore's module is the standard library's with hooks around ``fork()``. msfunc computes
through JAX, whose runtime threads do not survive ``fork()``: a forked child that computes
deadlocks or aborts. So this module starts every process from a fork server (a fresh
interpreter that has imported msfunc but never computed), and the ``'fork'`` start method
names that server here: ``set_start_method('fork')`` gives ``get_start_method() ==
'forkserver'``. A child therefore sees what it is sent (its target and arguments, pickled,
Tensors included), not a copy of the parent's memory; when ``mindspore`` is aliased to
msfunc in the parent, the child aliases it before it unpickles its target. As with Python's
own ``'spawn'`` and ``'forkserver'``, a script that starts processes guards its top level with
``if __name__ == '__main__':`` and keeps the queues it passes alive until the child has them.

Example:
    >>> import msfunc.multiprocessing as mp
    >>> mp.get_context('fork').get_start_method()
    'forkserver'
"""

from __future__ import annotations

import importlib.util
import multiprocessing.context as _context
import sys
from multiprocessing import forkserver as _forkserver
from multiprocessing import process

# The fork server imports msfunc once, so each child starts with it loaded. Importing msfunc
# starts none of JAX's threads (they start at the first computation), so the server can fork.
_SERVER_PRELOAD = ["msfunc"]
# The start methods that never fork a process that may have run JAX.
_SAFE_METHODS = ("forkserver", "spawn")


def _mindspore_alias_active():
    """True when ``import mindspore`` answers with msfunc in this process."""
    from .compat import alias

    spec = importlib.util.find_spec("mindspore")  # (the alias's finder answers first when on)
    return spec is not None and type(spec.loader).__module__ == alias.__name__


def _setup_child(msfunc_file, alias):
    """Check the child runs the parent's msfunc and alias ``mindspore`` if the parent does
    (called while the child unpickles its process object, before its target)."""
    import msfunc

    if msfunc.__file__ != msfunc_file:
        # The fork server imports msfunc as a fresh interpreter finds it (working directory,
        # PYTHONPATH): a parent that put another copy on sys.path would get mixed versions.
        raise ImportError(
            f"multiprocessing: the child imported msfunc from {msfunc.__file__}, the parent "
            f"runs {msfunc_file}; put the parent's copy on PYTHONPATH"
        )
    if alias:
        from .compat import alias_mindspore

        alias_mindspore()


class _ChildSetup:
    """Pickled ahead of a process's state, so the child runs `_setup_child` before it looks
    up its target (a function of a module that may import mindspore)."""

    def __reduce__(self):
        return (_setup_child, (sys.modules["msfunc"].__file__, _mindspore_alias_active()))


def _rebuild_process(_setup, cls, state):
    process = cls.__new__(cls)
    process.__dict__.update(state)
    return process


class _ProcessPickling:
    """A process object as the child receives it: `_ChildSetup`, then the object's state."""

    def __reduce__(self):
        return (_rebuild_process, (_ChildSetup(), type(self), self.__dict__))


class _ForkServerProcess(_ProcessPickling, _context.ForkServerProcess):
    pass


class _SpawnProcess(_ProcessPickling, _context.SpawnProcess):
    pass


class _ForkServerContext(_context.ForkServerContext):
    Process = _ForkServerProcess

    def _check_available(self):
        super()._check_available()
        _forkserver.set_forkserver_preload(_SERVER_PRELOAD)  # (read when the server starts)


class _SpawnContext(_context.SpawnContext):
    Process = _SpawnProcess


_CONTEXTS = {"forkserver": _ForkServerContext(), "spawn": _SpawnContext()}


class _Context(_context.DefaultContext):
    """The module's default context: the standard one, with ``'fork'`` served by the fork
    server and every process carrying the ``mindspore`` alias to its child."""

    def get_context(self, method=None):
        if method is None:
            if self._actual_context is None:
                self._actual_context = vars(self)["_default_context"]  # (set by the base)
            return self._actual_context
        if method == "fork":
            method = "forkserver"
        if method not in _CONTEXTS:
            raise ValueError(
                f"get_context: method must be one of 'fork', {_SAFE_METHODS!r} or None, "
                f"got {method!r}"
            )
        context = _CONTEXTS[method]
        context._check_available()
        return context

    def get_all_start_methods(self):
        return ["fork", *_SAFE_METHODS]


_default_context = _Context(_CONTEXTS["forkserver"])


class Process(_ProcessPickling, process.BaseProcess):
    """A process started by the module's current start method (see the module docstring).

    Example:
        >>> import msfunc.multiprocessing as mp
        >>> issubclass(mp.Process, mp.process.BaseProcess)
        True
    """

    _start_method = None  # (the child keeps the start method it was given)

    @staticmethod
    def _Popen(process_obj):
        return _default_context.get_context().Process._Popen(process_obj)

    @staticmethod
    def _after_fork():
        return _default_context.get_context().Process._after_fork()


# The standard library's names, bound to this module's context (as multiprocessing binds
# them to its own); Process is the class above.
__all__ = [name for name in dir(_default_context) if not name.startswith("_")]
globals().update((name, getattr(_default_context, name)) for name in __all__ if name != "Process")
