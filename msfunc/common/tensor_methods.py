"""MindSpore's Tensor methods as one table, `METHODS`, installed on `Tensor` by name.

Most methods are functional twins, ``x.name(*a, **k) == msfunc.ops.name(x, *a, **k)``
(one change to the op fixes both); the family modules hold the methods whose MindSpore form
differs from the op or has none. Names that only concern MindSpore's runtime are listed in
`NOT_APPLICABLE` with the reason; calling them raises NotImplementedError saying it.
"""

from .tensor import Tensor as _Tensor
from .tensor_hooks import hooks, register_hook, remove_hook
from .tensor_methods_cast import CAST_METHODS
from .tensor_methods_common import twin
from .tensor_methods_index import INDEX_METHODS
from .tensor_methods_inplace import INPLACE_METHODS, RANDOM_METHODS
from .tensor_methods_reduce import REDUCE_METHODS
from .tensor_methods_shape import SHAPE_METHODS

__all__ = ["METHODS", "NOT_APPLICABLE", "TWINS", "not_applicable"]

# Methods whose MindSpore form is the functional op's with the Tensor first (keyword
# spellings such as dim/axis and keepdim/keep_dims are both accepted).
TWINS = (
    "abs", "absolute", "acos", "acosh", "addbmm", "addcdiv", "addcmul", "addmv",
    "adjoint", "all", "amax", "amin", "aminmax", "angle", "any", "approximate_equal",
    "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "argmax",
    "argmin", "argsort", "argwhere", "asin", "asinh", "atan", "atan2", "atanh", "baddbmm",
    "bincount", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "bmm", "ceil", "cholesky", "cholesky_inverse", "cholesky_solve", "clamp",
    "clip", "col2im", "conj", "copysign", "cos", "cosh", "cov", "cross", "cummax", "cummin",
    "cumprod", "deg2rad", "det", "diagflat", "diagonal", "diagonal_scatter", "diff",
    "digamma", "div", "divide", "dot", "dsplit", "eigvals", "eq", "equal", "erf", "erfc",
    "erfinv", "exp", "expm1", "fills", "flip", "fliplr", "flipud", "float_power", "floor",
    "floor_divide", "fmax", "fmin", "fmod", "fold", "frac", "gather_elements", "gather_nd",
    "gcd", "ge", "geqrf", "ger", "greater", "greater_equal", "gt", "hardshrink", "heaviside",
    "histc", "hsplit", "hypot", "i0", "igamma", "igammac", "imag", "index_fill",
    "index_select", "inner", "inplace_update", "inv", "inverse", "invert", "isclose",
    "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "lcm", "ldexp", "le",
    "lerp", "less", "less_equal", "lgamma", "log", "log10", "log1p", "log2",
    "log_matrix_determinant", "logaddexp", "logaddexp2", "logcumsumexp", "logdet",
    "logical_and", "logical_not", "logical_or", "logical_xor", "logit", "logsumexp", "lstsq",
    "lt", "lu_solve", "masked_fill", "masked_select", "matmul", "matrix_determinant",
    "matrix_power", "maximum", "median", "minimum", "moveaxis", "movedim", "msort", "mul",
    "multinomial", "multiply", "mvlgamma", "nan_to_num", "nanmean", "nanmedian",
    "nanquantile", "nansum", "ne", "neg", "negative", "nextafter", "norm", "not_equal",
    "orgqr", "ormqr", "outer", "positive", "pow", "prod", "quantile", "rad2deg",
    "random_categorical", "ravel", "real", "reciprocal", "remainder", "renorm",
    "repeat_interleave", "reverse", "reverse_sequence", "roll", "rot90", "round", "rsqrt",
    "scatter_div", "scatter_max", "scatter_min", "scatter_mul", "scatter_sub",
    "select_scatter", "sgn",
    "sigmoid", "sign", "signbit", "sin", "sinc", "sinh", "slice_scatter", "slogdet",
    "soft_shrink", "sqrt", "square", "std", "svd", "swapaxes",
    "swapdims", "tan", "tanh", "tensor_split", "top_k", "topk", "tril", "triu",
    "true_divide", "trunc", "unbind", "unfold", "unique_consecutive", "unique_with_pad",
    "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod", "var",
    "vsplit", "xdivy", "xlogy", "bitwise_not",
)
# Twins whose op has another name in msfunc.ops: MindSpore's ``x.scatter_mul(indices,
# updates)`` takes N-d indices, as ``ops.tensor_scatter_mul`` does.
_RENAMED_TWINS = {"bitwise_not": "invert",
                  **{f"scatter_{op}": f"tensor_scatter_{op}"
                     for op in ("sub", "mul", "div", "max", "min")}}

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
    "set_const_arg": "MindSpore graph-compiler constant hint; msfunc.jit traces every input",
    "set_device_address": f"device addresses: {_STORAGE}",
    "storage": _STORAGE,
    "untyped_storage": _STORAGE,
    "symbolic_shape": "MindSpore dynamic-shape compiler metadata; msfunc compiles per shape",
    "virtual_flag": "MindSpore graph-compiler flag",
}
_NA_PROPERTIES = {"delta_seed", "index_of_parent_", "parent_tensor_", "init_flag", "param_info",
                  "symbolic_shape", "virtual_flag"}


def not_applicable(name):
    """The method (or property) for a name of `NOT_APPLICABLE`: raises NotImplementedError."""
    reason = NOT_APPLICABLE[name]

    def method(self, *args, **kwargs):
        raise NotImplementedError(f"Tensor.{name}: {reason}")

    method.__name__ = name
    method.__doc__ = f"Not available in msfunc: {reason}."
    return property(method, doc=method.__doc__) if name in _NA_PROPERTIES else method


METHODS = {name: twin(name, _RENAMED_TWINS.get(name)) for name in TWINS}
for _table in (SHAPE_METHODS, REDUCE_METHODS, INDEX_METHODS, CAST_METHODS, INPLACE_METHODS,
               RANDOM_METHODS):
    METHODS.update(_table)
METHODS["assign_value_cpp"] = METHODS["assign_value"]
METHODS.update({name: not_applicable(name) for name in NOT_APPLICABLE})
METHODS.update(register_hook=register_hook, remove_hook=remove_hook, hooks=hooks)


def install(cls):
    """Put every method of `METHODS` on `cls` that its class body does not define."""
    for name, method in METHODS.items():
        if name not in cls.__dict__:
            setattr(cls, name, method)


install(_Tensor)
