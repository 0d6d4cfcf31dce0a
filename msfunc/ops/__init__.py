"""msfunc.ops: MindSpore's functional ops and primitive classes on JAX.

Every functional op is one row of `msfunc.ops.registry` (its name, its array function in a
``func_*`` module, its promotion rule and its Tensor-method twins); this module publishes the
rows as Tensor functions and installs the twins on Tensor. The primitive classes come from the
tables of ``primitive_tables`` (`primitives`). The names MindSpore has but msfunc does not
support are listed in the ``not_applicable_*`` modules, and asking for one raises
`msfunc.errors.UnsupportedError` (an AttributeError and a NotImplementedError) with the reason
and the nearest alternative, so ``hasattr(ops, name)`` answers False.

``__init__.pyi`` re-exports every name from its home for IDEs and type checkers;
``python tools/gen_stubs.py`` regenerates it from the registry
(tests/project/test_stubs.py fails when it is stale).
"""

import importlib as _importlib

from .._lazy import DeferredSet as _DeferredSet
from .._lazy import on_first_read as _on_first_read
from ..common.tensor import Tensor as _Tensor
from ..errors import UnsupportedError
from ..transforms.gradient import GradOperation
from ..transforms.vectorize import vmap
from . import primitives as _primitives
from .not_applicable_functions import NOT_APPLICABLE as _NOT_APPLICABLE_FUNCTIONS
from .not_applicable_primitives import NOT_APPLICABLE as _NOT_APPLICABLE_PRIMITIVES
from .registry import AREAS as _AREAS
from .registry import install_twins as _install_twins
from .registry import publish as _publish

# The public names but the generated primitive classes (made on first read, as `__all__` is).
_names = ["GradOperation", "vmap"]
# Public functions take and return Tensors; the func_* modules work on arrays.
for _area in _AREAS:
    for _row in _area.ROWS:
        globals()[_row.name] = _publish(_row, _area.HOME)
        _names.append(_row.name)
for _name in _primitives._DEFINED:  # Primitive, its variants, Custom
    globals()[_name] = getattr(_primitives, _name)
    _names.append(_name)
from .morph import Morph  # noqa: E402

_names.append("Morph")
_install_twins(_Tensor, globals())

# Transforms MindSpore also exposes under ops.
from ..transforms import (  # noqa: E402
    derivative,
    get_grad,
    grad,
    jacfwd,
    jacrev,
    jet,
    jvp,
    linearize,
    value_and_grad,
    vjp,
)

_names += [
    "grad",
    "value_and_grad",
    "jvp",
    "vjp",
    "jacfwd",
    "jacrev",
    "linearize",
    "jet",
    "derivative",
    "get_grad",
]
from .hooks import HookBackward, InsertGradientOf  # noqa: E402

_names += ["HookBackward", "InsertGradientOf"]
from .multitype import HyperMap, Map, MultitypeFuncGraph, constexpr  # noqa: E402

_names += ["HyperMap", "Map", "MultitypeFuncGraph", "constexpr"]
from .custom_reg import CustomRegOp, DataType  # noqa: E402

_names += ["CustomRegOp", "DataType"]

NOT_APPLICABLE = {**_NOT_APPLICABLE_FUNCTIONS, **_NOT_APPLICABLE_PRIMITIVES}

# Collectives for code inside jax.shard_map (msfunc.communication implements them).
from ..communication.collectives import (  # noqa: E402
    AllGather,
    AllReduce,
    Broadcast,
    ReduceOp,
    ReduceScatter,
)

_COLLECTIVES = ["AllGather", "AllReduce", "Broadcast", "ReduceOp", "ReduceScatter"]
# MindSpore's sub-namespaces (ops.operations as P, ops.functional as F, ...), views of this
# one (`_namespace_views`): imported on first read, as they copy every name.
_VIEWS = ("composite", "function", "functional", "operations")
_SUBMODULES = (*_VIEWS, "primitive_docs")  # (the generated classes' docstrings)


def _viewed_names():
    """The names the views copy: every public name but the collectives, sorted."""
    return sorted({*_names, *_primitives.GENERATED})


def _deferred(name):
    if name == "__all__":
        return _viewed_names() + _COLLECTIVES
    if name in _SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    return getattr(_primitives, name)


def _missing(name):
    reason = NOT_APPLICABLE.get(name)
    if reason is not None:
        raise UnsupportedError(f"msfunc.ops.{name} is not supported: {reason}")
    raise AttributeError(f"module 'msfunc.ops' has no attribute {name!r}")


__getattr__, __dir__ = _on_first_read(
    globals(),
    _DeferredSet(lambda: {"__all__", *_SUBMODULES, *_primitives.GENERATED}),
    _deferred,
    _missing,
)
