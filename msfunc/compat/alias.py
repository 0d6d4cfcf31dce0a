"""The ``mindspore`` import alias: a meta-path finder that answers ``mindspore.*`` with msfunc.

Every path of `MODULE_TREE` imports as a thin `MindSporeModule` whose attributes
are msfunc's own objects (``mindspore.nn.Dense is msfunc.nn.Dense``): classes keep
their msfunc ``__module__``, so pickle and inspect find them where they are defined.
A name real MindSpore has at that path and msfunc lacks raises UnsupportedError when
read (``ms.nn.Conv3d``); ``from mindspore.nn import Conv3d`` binds a `MissingName`
that raises it when used, so a script that imports a name it never uses still runs.
"""

import dis
import importlib
import importlib.abc
import importlib.machinery
import sys
import types

from ..context import mindspore_cpu_numerics, mindspore_dtype_checks, mindspore_shared_copies
from ..errors import UnsupportedError
from .module_tree import MODULE_TREE, NAME_OVER_MODULE
from .unsupported import MissingName, mindspore_names, unsupported_message

__all__ = ["MindSporeModule", "alias_mindspore", "unalias_mindspore"]

_IMPORT_FROM = dis.opmap["IMPORT_FROM"]
# The MindSpore release whose API msfunc answers: ``mindspore.__version__`` under the alias
# (programs compare it to pick an API; msfunc's own version is msfunc.__version__).
MINDSPORE_VERSION = "2.10.0"


def _importable(name):
    """The msfunc module `name`, or None when it does not exist (yet)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


def _called_by_import_from():
    """True when the attribute read comes from a ``from module import name`` statement."""
    frame = sys._getframe(3)  # IMPORT_FROM -> __getattr__ -> _lookup -> here
    code = frame.f_code.co_code
    return frame.f_lasti < len(code) and code[frame.f_lasti] == _IMPORT_FROM


_ABSENT = object()


class MindSporeModule(types.ModuleType):
    """A MindSpore module path whose names are msfunc's objects (see the module docstring)."""

    def __init__(self, path):
        super().__init__(path, f"MindSpore's {path}, answered by msfunc")
        self.__dict__["_msfunc_targets"] = MODULE_TREE[path]
        self.__dict__["__path__"] = []  # a package: submodules come from the finder
        if path == "mindspore":
            self.__dict__["__version__"] = MINDSPORE_VERSION

    def __setattr__(self, name, value):
        # (the import system sets a submodule on its parent: not over a rebound name)
        if f"{self.__name__}.{name}" in NAME_OVER_MODULE and isinstance(value, types.ModuleType):
            return
        holder = self._holder(name)
        if holder is not None:  # one module, as in MindSpore: msfunc's own code sees the write
            setattr(holder, name, value)
            return
        super().__setattr__(name, value)

    def __delattr__(self, name):
        holder = self._holder(name)
        if holder is not None and name not in self.__dict__:
            # mock.patch's undo deletes, then sets the original back: that set goes to `holder`
            delattr(holder, name)
            self.__dict__.setdefault("_msfunc_deleted", {})[name] = holder
            return
        super().__delattr__(name)

    def _holder(self, name):
        """The msfunc module whose own variable `name` this path shows (a script's
        ``mindspore.log.GLOBAL_LOGGER = None`` or a test's patch must reach msfunc's code),
        or None."""
        if name.startswith("__"):
            return None
        deleted = self.__dict__.get("_msfunc_deleted", {})
        if name in deleted:
            return deleted.pop(name)
        for module in self._target_modules():
            held = vars(module).get(name, _ABSENT)
            if held is not _ABSENT and not isinstance(held, types.ModuleType):
                return module
        return None

    def _target_modules(self):
        return [m for m in map(_importable, self._msfunc_targets) if m is not None]

    def resolve(self, name):
        """``(status, value)`` for `name`, raising nothing.

        status is "module" (a MindSpore sub-path; value its dotted path), "ok" (value
        is msfunc's object), "missing" (MindSpore has it, msfunc does not; value is
        the message) or "unknown" (MindSpore 2.10 has no such name; value the message).
        """
        path = self.__name__
        child = f"{path}.{name}"
        if child in MODULE_TREE and child not in NAME_OVER_MODULE:
            return "module", child
        reason = None
        for module in self._target_modules():
            try:
                return "ok", getattr(module, name)
            except (AttributeError, NotImplementedError) as exc:
                if isinstance(exc, UnsupportedError) and str(exc).startswith(path):
                    return "missing", str(exc)  # msfunc.mint says why, under MindSpore's path
                # msfunc.ops names MindSpore primitives it documents as not applicable
                if reason is None and "is not supported: " in str(exc):
                    reason = str(exc).split("is not supported: ", 1)[1]
        known = mindspore_names().get(path)
        if reason is None and known is not None and name not in known:
            return "unknown", (
                f"module {path!r} has no attribute {name!r} "
                "(MindSpore 2.10 has no such name either)"
            )
        return "missing", unsupported_message(path, name, reason)

    def _lookup(self, name):
        status, value = self.resolve(name)
        if status == "ok":
            return value
        if status == "module":
            return importlib.import_module(value)
        if status == "unknown":
            raise AttributeError(value)
        if _called_by_import_from():
            return MissingName(self.__name__, name, message=value)
        raise UnsupportedError(value)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            if name == "__all__":
                return self.__dir__()
            raise AttributeError(name)
        return self._lookup(name)

    def __dir__(self):
        names = set()
        for module in self._target_modules():
            names.update(
                getattr(module, "__all__", None)
                or (n for n in vars(module) if not n.startswith("_"))
            )
        prefix = self.__name__ + "."
        names.update(
            p[len(prefix) :]
            for p in MODULE_TREE
            if p.startswith(prefix) and "." not in p[len(prefix) :]
        )
        return sorted(names)


class _MindSporeFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the ``mindspore.*`` paths of MODULE_TREE; an unknown one is a ModuleNotFoundError."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "mindspore" and not fullname.startswith("mindspore."):
            return None
        if fullname not in MODULE_TREE:
            raise ModuleNotFoundError(
                f"No module named {fullname!r}: msfunc does not provide this MindSpore module "
                "(`python -m msfunc check script.py` lists what a script needs)",
                name=fullname,
            )
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return MindSporeModule(spec.name)

    def exec_module(self, module):
        pass


_FINDER = _MindSporeFinder()


def alias_mindspore():
    """Make ``import mindspore`` (and every path of MODULE_TREE) resolve to msfunc.

    Idempotent. A real MindSpore installation is shadowed while the alias is on.

    Example:
        >>> import msfunc
        >>> from msfunc.compat import alias_mindspore, unalias_mindspore
        >>> alias_mindspore()
        >>> from mindspore import nn
        >>> nn.Dense is msfunc.nn.Dense
        True
        >>> unalias_mindspore()
    """
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    mindspore_dtype_checks(True)  # a MindSpore program gets MindSpore's dtype strictness
    mindspore_cpu_numerics(True)  # ... and its CPU kernels' numbers
    mindspore_shared_copies(True)  # ... and its deep copies of Tensors, sharing storage
    for name in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
        if not isinstance(sys.modules[name], MindSporeModule):
            del sys.modules[name]  # a real MindSpore imported earlier would shadow msfunc


def unalias_mindspore():
    """Undo `alias_mindspore`: remove the finder and the ``mindspore.*`` modules it made.

    Example:
        >>> from msfunc.compat import unalias_mindspore
        >>> unalias_mindspore()
    """
    while _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    mindspore_dtype_checks(False)
    mindspore_cpu_numerics(False)
    mindspore_shared_copies(False)
    for name in [n for n, m in sys.modules.items() if isinstance(m, MindSporeModule)]:
        del sys.modules[name]
