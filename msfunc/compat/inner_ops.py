"""MindSpore primitives kept off ``mindspore.ops`` (``ops.operations.Load``, ``_inner_ops``).

``Load`` reads a Parameter's value (MindSpore threads a side-effect token through it);
``ConvertToDynamic`` marks a tensor's shape as dynamic for MindSpore's compiler, and on
JAX, where every traced shape is static, it passes the value through unchanged.
``SameTypeShape`` passes its first tensor through after checking that the second has its
dtype and shape; ``IsSubClass`` says whether a dtype belongs to another (``int32`` to
``number``), ``IsInstance`` whether a value's type (`graph_helpers.typeof`) does.
``ClipByNorm`` scales each slice of `x` over `axis` down to L2 norm `clip_norm` (the kernel
behind ``nn.ClipByNorm``); ``CopyWithSlice`` writes one Tensor's values into another of its
shape and dtype. ``AntiQuant`` (Ascend's int8 dequantisation) checks its inputs and, as on
MindSpore's CPU build, has no kernel to run.

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
from ..common.tensor import Tensor
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from .cpu_kernel_ops import ConcatOffsetV1, TensorCopySlices, Uniform, UpdateCache
from .graph_helpers import typeof

__all__ = [
    "AntiQuant",
    "ClipByNorm",
    "ConcatOffsetV1",
    "ConvertToDynamic",
    "CopyWithSlice",
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
    "ConvertToDynamic",
    sig(is_dynamic_rank=False),
    lambda p, x: jnp.asarray(x),
    module=__name__,
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


_CLIP_DTYPES = (np.dtype(np.float16), np.dtype(np.float32))


def _clip_by_norm(p, x, clip_norm):
    x, limit = jnp.asarray(x), jnp.asarray(clip_norm)
    for name, v in (("x", x), ("clip_norm", limit)):
        if v.dtype not in _CLIP_DTYPES:
            raise TypeError(f"ClipByNorm: `{name}` must be float16 or float32, got {v.dtype}")
    axis = p.axis
    axes = None if axis is None else tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    for a in axes or ():
        if not -x.ndim <= a < max(x.ndim, 1):
            raise ValueError(f"ClipByNorm: `axis` {a} lies outside [{-x.ndim}, {x.ndim})")
    try:
        jnp.broadcast_shapes(x.shape, limit.shape)
    except ValueError:
        raise ValueError(
            f"ClipByNorm: `clip_norm` of shape {limit.shape} must broadcast with x's shape "
            f"{x.shape}"
        ) from None
    x, limit = x.astype(jnp.float32), limit.astype(jnp.float32)
    # a plain sqrt: an all-zero slice has a NaN gradient, as MindSpore's kernel gives
    norm = jnp.sqrt(jnp.sum(jnp.square(x), axis=axes, keepdims=True))
    return x * limit / jnp.maximum(norm, limit)


def _check_clip_axis(p):
    """MindSpore's constructor check of ClipByNorm's `axis`."""
    items = p.axis if isinstance(p.axis, (tuple, list)) else (p.axis,)
    if p.axis is not None and any(isinstance(a, bool) or not isinstance(a, int) for a in items):
        raise TypeError(f"ClipByNorm: `axis` must be an int, tuple or list, got {p.axis!r}")


ClipByNorm = build_primitive(
    "ClipByNorm",
    sig(axis=None),
    _clip_by_norm,
    module=__name__,
    doc="""``x * clip_norm / max(norm, clip_norm)`` with ``norm`` the L2 norm of `x` over
`axis` (every axis when None): slices longer than `clip_norm` are scaled down to it.

Args:
    axis (Union[None, int, tuple[int], list[int]]): The axes a norm spans. Default: None.

Inputs:
    x (Tensor): float16 or float32.
    clip_norm (Tensor): float16 or float32, broadcastable with `x`.

Outputs:
    Tensor, float32, of `x`'s shape.

Raises:
    TypeError: If `axis` or a dtype is not supported.
    ValueError: If an axis lies outside `x`'s rank or the shapes do not broadcast.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.inner_ops import ClipByNorm
    >>> x = ms.Tensor([[3.0, 4.0], [0.3, 0.4]])
    >>> print(ClipByNorm(1)(x, ms.Tensor([1.0])))
    [[0.6 0.8]
     [0.3 0.4]]
""",
)
_clip_init = ClipByNorm.__init__


def _clip_checked_init(self, *args, **kwargs):
    _clip_init(self, *args, **kwargs)
    _check_clip_axis(self)


_clip_checked_init.__signature__ = _clip_init.__signature__
ClipByNorm.__init__ = _clip_checked_init


def _copy_with_slice(p, self, src):
    if not isinstance(self, Tensor):
        raise TypeError(f"CopyWithSlice: `self` must be a Tensor, got {type(self).__name__}")
    src = jnp.asarray(src)
    if tuple(src.shape) != tuple(self.shape) or src.dtype != self._value.dtype:
        # (MindSpore's kernel copies storage as it is: no broadcast, no cast)
        raise RuntimeError(
            f"CopyWithSlice: `src` ({src.dtype}, shape {tuple(src.shape)}) must have the "
            f"destination's dtype and shape ({self._value.dtype}, {tuple(self.shape)})"
        )
    self._assign(src)
    return src  # (a new Tensor of the values, as MindSpore's kernel returns)


CopyWithSlice = build_primitive(
    "CopyWithSlice",
    sig(),
    _copy_with_slice,
    module=__name__,
    raw="first",
    doc="""Writes the values of `src` into the Tensor `self` and returns it.

Inputs:
    self (Tensor): The destination.
    src (Tensor): The values, of `self`'s shape and dtype.

Outputs:
    Tensor, a new Tensor of the written values.

Raises:
    RuntimeError: If the shapes or dtypes differ.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.inner_ops import CopyWithSlice
    >>> dst = ms.Tensor([0.0, 0.0])
    >>> out = CopyWithSlice()(dst, ms.Tensor([1.0, 2.0]))
    >>> out is dst, dst.tolist()
    (False, [1.0, 2.0])
""",
)


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
