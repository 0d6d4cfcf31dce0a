"""Module attributes made on first read (PEP 562): the one home of msfunc's deferred work.

``import msfunc`` should cost little beyond ``import jax``; names that few programs read
(hundreds of generated primitive classes, whole subpackages) are made when first read and
then kept in the module's globals, so later reads are plain lookups and ``dir()``,
``hasattr``, ``from module import name`` and pickle see them as before.
"""

import collections.abc
import importlib
import inspect

__all__ = ["on_first_read", "submodule", "reexport", "DeferredSet", "DeferredSignature"]


def on_first_read(namespace, names, load, missing=None):
    """``(__getattr__, __dir__)`` for the module whose globals are `namespace`: each of `names`
    (a set, or a `DeferredSet` when knowing them costs what is deferred) is ``load(name)``,
    made when first read and kept in `namespace`; another name goes to ``missing(name)`` (by
    default an AttributeError).

    Example:
        >>> namespace = {"__name__": "demo"}
        >>> getattr_, dir_ = on_first_read(namespace, {"answer"}, lambda name: 42)
        >>> "answer" in namespace, getattr_("answer"), namespace["answer"], dir_()
        (False, 42, 42, ['__name__', 'answer'])
    """
    module = namespace["__name__"]

    def __getattr__(name):
        # Python probes dunder names (``__path__`` on every ``from module import x``): of them
        # only ``__all__`` may be deferred, so that a probe makes nothing.
        if (name.startswith("__") and name != "__all__") or name not in names:
            if missing is not None:
                return missing(name)
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        # Two threads may both make it; the first stored is kept and both get it. (No lock:
        # a loader imports modules, and a lock held across imports could deadlock with them.)
        return namespace.setdefault(name, load(name))

    def __dir__():
        return sorted(set(namespace) | set(names))

    return __getattr__, __dir__


def submodule(package):
    """A `load` for `on_first_read` that imports ``package.name``.

    Example:
        >>> submodule("json")("decoder").__name__
        'json.decoder'
    """
    return lambda name: importlib.import_module(f"{package}.{name}")


def reexport(package, homes):
    """A `load` for `on_first_read` reading each name from its module ``homes[name]`` (a path
    relative to `package`); a name `homes` lacks is the submodule ``package.name``.

    Example:
        >>> load = reexport("json", {"dumps": "."})
        >>> load("dumps").__name__, load("decoder").__name__
        ('dumps', 'json.decoder')
    """

    def load(name):
        home = homes.get(name)
        if home is None:
            return importlib.import_module(f"{package}.{name}")
        return getattr(importlib.import_module(home, package), name)

    return load


class DeferredSet(collections.abc.Set):
    """The set ``make()`` returns, called when the set is first asked about.

    Example:
        >>> names = DeferredSet(lambda: {"a", "b"})
        >>> "a" in names, sorted(names), len(names)
        (True, ['a', 'b'], 2)
    """

    def __init__(self, make):
        self._make = make
        self._items = None

    def _set(self):
        if self._items is None:
            self._items = frozenset(self._make())
        return self._items

    def __contains__(self, item):
        return item in self._set()

    def __iter__(self):
        return iter(self._set())

    def __len__(self):
        return len(self._set())


class DeferredSignature(inspect.Signature):
    """A signature computed by ``make()`` when first read: ``fn.__signature__`` for the
    hundreds of functions msfunc publishes at import, whose signatures only help(), IDEs
    and documentation read.

    Example:
        >>> def f(x, y=1): ...
        >>> sig = DeferredSignature(lambda: inspect.signature(f))
        >>> str(sig), list(sig.parameters), sig == inspect.signature(f)
        ('(x, y=1)', ['x', 'y'], True)
    """

    __slots__ = ("_make", "_made")

    def __init__(self, make):  # (Signature's own slots stay unset: the properties below)
        self._make = make
        self._made = None

    def _signature(self):
        if self._made is None:
            self._made = self._make()
        return self._made

    @property
    def _parameters(self):
        return self._signature().parameters

    @property
    def _return_annotation(self):
        return self._signature().return_annotation

    def __reduce__(self):
        return self._signature().__reduce__()
