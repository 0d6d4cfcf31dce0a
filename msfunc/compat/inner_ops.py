"""MindSpore primitives kept off ``mindspore.ops`` (``ops.operations.Load``, ``_inner_ops``).

``Load`` reads a Parameter's value (MindSpore threads a side-effect token through it);
``ConvertToDynamic`` marks a tensor's shape as dynamic for MindSpore's compiler, and on
JAX, where every traced shape is static, it passes the value through unchanged.
``SameTypeShape`` passes its first tensor through after checking that the second has its
dtype and shape; ``IsSubClass`` says whether a dtype belongs to another (``int32`` to
``number``), ``IsInstance`` whether a value's type (`graph_helpers.typeof`) does.
``AntiQuant`` (Ascend's int8 dequantisation) checks its inputs and, as on MindSpore's CPU
build, has no kernel to run.

Example:
    >>> import msfunc as ms
    >>> import numpy as np
    >>> from msfunc.compat.inner_ops import Load
    >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    >>> Load()(w, None).tolist()
    [1.0, 1.0]
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.dtype_objects import Number, TensorType, Type, list_, tensor_type, tuple_
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from .cpu_kernel_ops import ConcatOffsetV1, TensorCopySlices, Uniform, UpdateCache
from .graph_helpers import typeof

__all__ = [
    "AntiQuant",
    "ConcatOffsetV1",
    "ConvertToDynamic",
    "IsInstance",
    "IsSubClass",
    "Load",
    "SameTypeShape",
    "TensorCopySlices",
    "Uniform",
    "UpdateCache",
]

Load = build_primitive(
    "Load", sig(), lambda p, variable, u=None: jnp.asarray(variable), module=__name__
)
ConvertToDynamic = build_primitive(
    "ConvertToDynamic", sig(is_dynamic_rank=False), lambda p, x: jnp.asarray(x), module=__name__
)


def _same_type_shape(p, x, y):
    for name, v in (("x", x), ("y", y)):
        if not isinstance(v, (jax.Array, np.ndarray)):
            raise TypeError(f"SameTypeShape: `{name}` must be a Tensor, got {type(v).__name__}")
    if x.dtype != y.dtype:
        raise TypeError(f"SameTypeShape: `y` must have `x`'s dtype {x.dtype}, got {y.dtype}")
    if x.shape != y.shape:
        raise ValueError(
            f"SameTypeShape: `y` must have `x`'s shape {tuple(x.shape)}, got {tuple(y.shape)}"
        )
    return x


def _is_subclass(p, sub_type, type_):
    for name, v in (("sub_type", sub_type), ("type_", type_)):
        if not isinstance(v, Type):
            raise TypeError(f"IsSubClass: `{name}` must be a dtype, got {type(v).__name__}")
    return _belongs(sub_type, type_)


def _belongs(sub_type, type_):
    if sub_type is type_:
        return True
    if type_ is tensor_type:  # every Tensor[...] type
        return isinstance(sub_type, TensorType)
    if type_ is tuple_ or type_ is list_:  # every Tuple[...] / List[...] type
        return type(sub_type) is type(type_)
    # a generic dtype (number, int_, float_ ...) holds every dtype of its class
    return bool(isinstance(type_, Number) and type_._generic and isinstance(sub_type, type(type_)))


def _is_instance(p, x, type_):
    if not isinstance(type_, Type):
        raise TypeError(f"IsInstance: `type_` must be a dtype, got {type(type_).__name__}")
    if x is None:  # (MindSpore's type of None is not its type_none)
        return False
    return _belongs(typeof(x), type_)


SameTypeShape = build_primitive("SameTypeShape", sig(), _same_type_shape, module=__name__)
IsSubClass = build_primitive("IsSubClass", sig(), _is_subclass, module=__name__)
IsInstance = build_primitive("IsInstance", sig(), _is_instance, module=__name__)


def _anti_quant(p, x, scale, offset=None):
    if not isinstance(x, (jax.Array, np.ndarray)) or x.dtype != np.int8:
        raise TypeError(
            f"AntiQuant: `x` must be an int8 Tensor, got {getattr(x, 'dtype', type(x))}"
        )
    for name, v in (("scale", scale), ("offset", offset)):
        if v is not None and not isinstance(v, (jax.Array, np.ndarray)):
            raise TypeError(f"AntiQuant: `{name}` must be a Tensor, got {type(v).__name__}")
    raise RuntimeError(
        "AntiQuant: Ascend's int8 dequantisation kernel has no CPU or JAX counterpart; compute "
        "(x.astype(dtype) + offset) * scale instead"
    )


AntiQuant = build_primitive(
    "AntiQuant", sig(sqrt_mode=False, dtype=mstype.float16), _anti_quant, module=__name__
)
