"""MindSpore's Tensor methods that are not functional twins, as one table installed on `Tensor`.

Most methods are functional twins, ``x.name(*a, **k) == msfunc.ops.name(x, *a, **k)``: they
are named on the op's row of `msfunc.ops.registry` and msfunc.ops installs them (one change
to the op fixes both). `METHODS` holds the rest: the family modules' methods, whose MindSpore
form differs from the op or has none. Names that only concern MindSpore's runtime are listed in
`NOT_APPLICABLE` with the reason; calling them raises NotImplementedError saying it.
"""

from .._graph_forbidden import check_not_in_graph
from .tensor import Tensor as _Tensor
from .tensor_hooks import hooks, register_hook, remove_hook
from .tensor_methods_cast import CAST_METHODS
from .tensor_methods_index import INDEX_METHODS
from .tensor_methods_inplace import INPLACE_METHODS, RANDOM_METHODS
from .tensor_methods_reduce import REDUCE_METHODS
from .tensor_methods_shape import SHAPE_METHODS

__all__ = ["METHODS", "NOT_APPLICABLE", "not_applicable"]

_STORAGE = "msfunc keeps values in immutable jax.Arrays, not in addressable storage"
_INIT = "msfunc initializes values at once; there is no deferred-initialization state"
NOT_APPLICABLE = {
    "data_ptr": f"{_STORAGE}; use jax.Array.unsafe_buffer_pointer() on t._array()",
    "delete_": "JAX frees device memory when the last reference goes; use del",
    "delta_seed": "a MindSpore runtime random-offset counter; msfunc draws from msfunc.set_seed",
    "flush_from_cache": "MindSpore's embedding-cache runtime has no msfunc counterpart",
    "getitem_index_info": "MindSpore graph-compiler indexing internals",
    "setitem_index_info": "MindSpore graph-compiler indexing internals",
    "index": "an undocumented MindSpore runtime hook",
    "index_of_parent_": f"view-tracking internals: {_STORAGE}",
    "parent_tensor_": f"view-tracking internals: {_STORAGE}",
    "init_flag": _INIT,
    "set_init_flag": _INIT,
    "offload": "MindSpore's host-offload runtime; JAX manages memory placement",
    "offload_file_path": "MindSpore's host-offload runtime; JAX manages memory placement",
    "param_info": "MindSpore's parameter-runtime record; use Parameter.name/requires_grad",
    "set_param_info": "MindSpore's parameter-runtime record; use Parameter.name/requires_grad",
    "pin_memory": "pinned host memory is managed by JAX, not per Tensor",
    "set_": f"rebinding storage: {_STORAGE}; use copy_ or t[...] = v",
    "set_cast_dtype": "MindSpore graph-compiler cast hint",
    "set_device_address": f"device addresses: {_STORAGE}",
    "storage": _STORAGE,
    "untyped_storage": _STORAGE,
    "symbolic_shape": "MindSpore dynamic-shape compiler metadata; msfunc compiles per shape",
    "virtual_flag": "MindSpore graph-compiler flag",
}
_NA_PROPERTIES = {
    "delta_seed",
    "index_of_parent_",
    "parent_tensor_",
    "init_flag",
    "param_info",
    "symbolic_shape",
    "virtual_flag",
}


def not_applicable(name):
    """The method (or property) for a name of `NOT_APPLICABLE`: raises NotImplementedError."""
    reason = NOT_APPLICABLE[name]

    def method(self, *args, **kwargs):
        raise NotImplementedError(f"Tensor.{name}: {reason}")

    method.__name__ = name
    method.__doc__ = f"Not available in msfunc: {reason}."
    return property(method, doc=method.__doc__) if name in _NA_PROPERTIES else method


METHODS = {}
for _table in (
    SHAPE_METHODS,
    REDUCE_METHODS,
    INDEX_METHODS,
    CAST_METHODS,
    INPLACE_METHODS,
    RANDOM_METHODS,
):
    METHODS.update(_table)
METHODS["assign_value_cpp"] = METHODS["assign_value"]
METHODS.update({name: not_applicable(name) for name in NOT_APPLICABLE})
METHODS.update(register_hook=register_hook, remove_hook=remove_hook, hooks=hooks)


def set_const_arg(self, const_arg=True):
    """Set MindSpore's compile-constant flag (`const_arg`) and return the Tensor; msfunc
    records it and traces the Tensor all the same. Refused inside compiled code.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0], const_arg=True)
        >>> x.set_const_arg(False) is x, x.const_arg
        (True, False)
    """
    check_not_in_graph("the method 'Tensor.set_const_arg'")  # (MindSpore's compiler refuses it)
    if not isinstance(const_arg, bool):
        raise TypeError(
            f"Tensor.set_const_arg: `const_arg` must be a bool, got {type(const_arg).__name__}"
        )
    self.__dict__["_const_arg"] = const_arg
    return self


METHODS["set_const_arg"] = set_const_arg


def install(cls):
    """Put every method of `METHODS` on `cls` that its class body does not define."""
    for name, method in METHODS.items():
        if name not in cls.__dict__:
            setattr(cls, name, method)


install(_Tensor)
