"""msfunc.ops: MindSpore's functional ops and primitive classes on JAX.

The namespace is assembled from the `__all__` of every ``func_*`` module in
this package and of `primitives`; the names MindSpore has but msfunc does not
support are listed in the ``not_applicable_*`` modules, and asking for one
raises `msfunc.errors.UnsupportedError` (an AttributeError and a NotImplementedError) with the
reason and the nearest alternative, so ``hasattr(ops, name)`` answers False.

``__init__.pyi`` lists the namespace for IDEs and type checkers; ``python tools/gen_stubs.py``
regenerates it (tests/project/test_stubs.py fails when it is stale).
"""

import importlib
import pkgutil
import types

from ..common.promotion import WIDENING_OPS
from ..common.tensor_functions import tensor_function, tensor_op
from ..errors import UnsupportedError
from ..transforms.gradient import GradOperation
from ..transforms.vectorize import vmap
from . import _forward

_PACKAGE_MODULES = sorted(m.name for m in pkgutil.iter_modules(__path__))
_FUNCTION_MODULES = [m for m in _PACKAGE_MODULES if m.startswith("func_")]
_CLASS_MODULES = [m for m in ("primitives",) if m in _PACKAGE_MODULES]

__all__ = ["GradOperation", "vmap"]
for _module_name in _FUNCTION_MODULES + _CLASS_MODULES:
    _module = importlib.import_module(f"{__name__}.{_module_name}")
    for _name in getattr(_module, "__all__", ()):
        _obj = getattr(_module, _name)
        if type(_obj) is types.FunctionType and ("<locals>" in _obj.__qualname__
                                                  or _obj.__module__ == _forward.__name__):
            # made by a factory (forward, a closure): named where it is public, so help(),
            # repr and documentation tools find it under its own name and module
            _obj.__name__ = _obj.__qualname__ = _name
            _obj.__module__ = _module.__name__
        # Public functions take and return Tensors; the func_* modules work on arrays.
        if type(_obj) is types.FunctionType and not getattr(_obj, "_msfunc_tensor_function",
                                                              False):
            _inner = getattr(_obj, "__wrapped_fn__", None)  # a jax function exposed by `forward`
            _promotes = _name not in WIDENING_OPS  # MindSpore's promotion: no float64 unasked
            _obj = (tensor_op(_obj, _inner, len(_obj.__signature__.parameters), _promotes)
                    if _inner is not None else tensor_function(
                        _obj, _promotes, getattr(_module, "TAKES_PARAMETERS", False)))
        globals()[_name] = _obj
        __all__.append(_name)

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

__all__ += ["grad", "value_and_grad", "jvp", "vjp", "jacfwd", "jacrev", "linearize", "jet",
            "derivative", "get_grad"]
from .hooks import HookBackward, InsertGradientOf  # noqa: E402

__all__ += ["HookBackward", "InsertGradientOf"]
from .multitype import HyperMap, Map, MultitypeFuncGraph, constexpr  # noqa: E402

__all__ += ["HyperMap", "Map", "MultitypeFuncGraph", "constexpr"]

NOT_APPLICABLE = {}
for _module_name in _PACKAGE_MODULES:
    if _module_name.startswith("not_applicable"):
        _module = importlib.import_module(f"{__name__}.{_module_name}")
        NOT_APPLICABLE.update(getattr(_module, "NOT_APPLICABLE", {}))
__all__ = sorted(set(__all__))


def __getattr__(name):
    reason = NOT_APPLICABLE.get(name)
    if reason is not None:
        raise UnsupportedError(f"msfunc.ops.{name} is not supported: {reason}")
    raise AttributeError(f"module 'msfunc.ops' has no attribute {name!r}")

# MindSpore's sub-namespaces (ops.operations as P, ops.functional as F, ...), views of this one.
# Collectives for code inside jax.shard_map (msfunc.communication implements them).
from ..communication.collectives import (  # noqa: E402
    AllGather,
    AllReduce,
    Broadcast,
    ReduceOp,
    ReduceScatter,
)
from . import composite, function, functional, operations  # noqa: E402

__all__ += ["AllGather", "AllReduce", "Broadcast", "ReduceOp", "ReduceScatter"]
