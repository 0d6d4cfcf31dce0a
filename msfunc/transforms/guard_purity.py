"""What the guards take as fixed library code, and which calls are effects (I/O, clocks, random)."""

from __future__ import annotations

import builtins
import types

import numpy as np

__all__ = ["BUILD_METHODS", "FIXED_LIBRARIES", "impure", "is_library", "module_name"]

# Packages whose code is treated as fixed (not walked): their functions are pure unless
# listed impure below, and their module state is configuration, not user data.
LIBRARIES = frozenset(
    (
        "msfunc",
        "jax",
        "jaxlib",
        "numpy",
        "scipy",
        "optax",
        "flax",
        "math",
        "cmath",
        "operator",
        "functools",
        "itertools",
        "collections",
        "typing",
        "abc",
        "types",
        "enum",
        "dataclasses",
        "builtins",
        "copy",
        "numbers",
        "ml_dtypes",
        "opt_einsum",
        "equinox",
        "chex",
        "re",
        "string",
        "inspect",
        "contextlib",
        "weakref",
        "_operator",
        "_functools",
        "posixpath",
    )
)
# Modules whose functions read or change the world: randomness, clocks, I/O.
IMPURE_MODULES = frozenset(
    (
        "random",
        "_random",
        "time",
        "numpy.random",
        "numpy.random.mtrand",
        "os",
        "sys",
        "io",
        "datetime",
        "secrets",
        "uuid",
        "logging",
        "socket",
        "subprocess",
        "threading",
        "tqdm",
        "pickle",
        "shutil",
        "tempfile",
        "pathlib",
        "urllib",
        "http",
        "csv",
        "json",
        "sqlite3",
    )
)
IMPURE_BUILTINS = frozenset(
    id(f)
    for f in (
        builtins.print,
        builtins.input,
        builtins.open,
        builtins.exec,
        builtins.eval,
        builtins.breakpoint,
        builtins.globals,
        builtins.locals,
        builtins.vars,
        builtins.setattr,
        builtins.delattr,
        builtins.compile,
        builtins.__import__,
    )
)
# Methods that run when an object is made, copied or shown, not when the program runs.
BUILD_METHODS = frozenset(
    (
        "__init__",
        "__new__",
        "__init_subclass__",
        "__set_name__",
        "__repr__",
        "__str__",
        "__del__",
        "__reduce__",
        "__getstate__",
        "__setstate__",
        "__copy__",
        "__deepcopy__",
        "extend_repr",
    )
)
# Libraries whose objects hold configuration (a primitive's attributes, an optax transform):
# read as fixed. The standard library's containers hold user data: they are read.
FIXED_LIBRARIES = frozenset(
    (
        "msfunc",
        "jax",
        "jaxlib",
        "numpy",
        "scipy",
        "optax",
        "flax",
        "ml_dtypes",
        "opt_einsum",
        "equinox",
        "chex",
    )
)
# Mutable containers the guards read whole (a deque, an array.array, a ChainMap ...).


def module_name(obj):
    module = getattr(obj, "__module__", None)
    if module is None:
        owner = getattr(obj, "__self__", None)  # a builtin method: its object's module
        if isinstance(owner, types.ModuleType):
            return owner.__name__
        module = getattr(type(owner), "__module__", None) if owner is not None else None
    return module if isinstance(module, str) else ""


def is_library(name):
    # (msfunc's examples are user programs: their state is guarded like any script's)
    return name.split(".", 1)[0] in LIBRARIES and not name.startswith("msfunc.examples")


def impure(obj):
    """Why calling `obj` is an effect (randomness, clock, I/O, print), or None."""
    if id(obj) in IMPURE_BUILTINS:
        return f"it calls {obj.__name__}"
    if isinstance(obj, types.ModuleType):
        name = obj.__name__
    else:
        name = module_name(obj)
    if name in IMPURE_MODULES or name.split(".", 1)[0] in IMPURE_MODULES:
        return f"it uses {name}"
    if isinstance(obj, (np.random.Generator, np.random.RandomState)):
        return "it draws from a numpy generator"
    return None
