"""Tensor methods for dtypes, copies, new Tensors and facts about the storage (``float()``,
``to``, ``type``, ``new_zeros``, ``clone``, ``stride`` ...), plus the few linear-algebra
methods whose form differs from their functional twins."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .tensor import unwrap, wrap
from .tensor_methods_common import as_dtype, shape_args

__all__ = ["CAST_METHODS"]


def _cast_to(name, dtype_name):
    def method(self, memory_format=None):
        return wrap(unwrap(self).astype(as_dtype(dtype_name, name)))

    method.__name__ = name
    method.__doc__ = f"The values cast to {dtype_name}."
    return method


def astype(self, dtype, copy=True):
    """The values cast to `dtype` (a MindSpore, numpy or jax dtype, or its name).

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1.7, -1.7]).astype(ms.int32).tolist()
        [1, -1]
    """
    return wrap(unwrap(self).astype(as_dtype(dtype, "astype")))


def to(self, *args, **kwargs):
    """``to(dtype)``, ``to(other)`` (its dtype) or ``to(device, dtype)``: the cast values.

    Devices are not switched: msfunc leaves placement to JAX.
    """
    from .tensor import Tensor

    dtype = kwargs.pop("dtype", None)
    other = kwargs.pop("other", None)
    for a in args:
        if isinstance(a, Tensor):
            other = a
        elif isinstance(a, str) and a.split(":")[0].lower() in (
            "cpu",
            "gpu",
            "ascend",
            "npu",
            "cuda",
            "tpu",
            "meta",
        ):
            continue
        elif isinstance(a, bool) or a is None:
            continue
        else:
            dtype = a
    unknown = set(kwargs) - {"device", "non_blocking", "copy"}
    if unknown:
        raise TypeError(f"Tensor.to() got unexpected keyword arguments {sorted(unknown)}")
    if other is not None:
        dtype = unwrap(other).dtype
    if dtype is None:
        return self
    return astype(self, dtype)


def type_(self, dtype=None):
    """``type()`` the dtype's name (``'Float32'``); ``type(dtype)`` the values cast."""
    if dtype is None:
        from .tensor_format import dtype_name

        return dtype_name(unwrap(self).dtype)
    return astype(self, dtype)


def type_as(self, other):
    """The values cast to the dtype of `other`."""
    return wrap(unwrap(self).astype(jnp.asarray(unwrap(other)).dtype))


def set_dtype(self, dtype):
    """Cast this Tensor in place to `dtype`; returns the new dtype.

    On a Parameter the cast value is written through the state frame.
    """
    dtype = as_dtype(dtype, "set_dtype")
    self._rebind(unwrap(self).astype(dtype))
    return self.dtype


def _new(fill):
    def method(self, *size, dtype=None, device=None, **kwargs):
        unknown = set(kwargs) - {"requires_grad", "layout", "pin_memory"}
        if unknown:
            raise TypeError(f"Tensor.new_*: unexpected keyword arguments {sorted(unknown)}")
        if len(size) == 2 and isinstance(size[0], (tuple, list)) and dtype is None:
            size, dtype = size[:1], size[1]  # new_zeros((2, 3), ms.int32)
        shape = shape_args(size, "new_*")
        dt = unwrap(self).dtype if dtype is None else as_dtype(dtype, "new_*")
        return wrap(jnp.full(shape, fill, dt))

    return method


def new_full(self, size, fill_value, *, dtype=None, device=None):
    """A Tensor of shape `size` filled with `fill_value`, in this dtype (or `dtype`)."""
    shape = shape_args((size,), "new_full")
    dt = unwrap(self).dtype if dtype is None else as_dtype(dtype, "new_full")
    return wrap(jnp.full(shape, unwrap(fill_value), dt))


def clone(self, *, memory_format=None):
    """A new Tensor with the same values."""
    return wrap(jnp.array(unwrap(self), copy=True))


def stride(self, dim=None):
    """Element strides of the (always contiguous) data: a list, or the stride of `dim`."""
    shape = unwrap(self).shape
    strides, step = [], 1
    for s in reversed(shape):
        strides.append(step)
        step *= s
    strides.reverse()
    return strides if dim is None else strides[dim]


def is_signed(self):
    """Whether the dtype can hold negative values."""
    dt = unwrap(self).dtype
    return bool(jnp.issubdtype(dt, jnp.signedinteger) or jnp.issubdtype(dt, jnp.inexact))


def get_bytes(self):
    """The raw bytes of the values (C order)."""
    return np.ascontiguousarray(np.asarray(unwrap(self))).tobytes()


def convert_bytes_to_tensor(bytes_data, shape, dtype):
    """A Tensor of `shape` and `dtype` from raw bytes (the inverse of `get_bytes`)."""
    from .tensor import from_numpy

    return from_numpy(
        np.frombuffer(bytes_data, as_dtype(dtype, "convert_bytes_to_tensor"))
        .reshape(tuple(shape))
        .copy()
    )


def to_dlpack(self):
    """A DLPack capsule of the values (the array's ``__dlpack__``)."""
    return unwrap(self).__dlpack__()


def from_dlpack(array):
    """A Tensor sharing the memory of an object with ``__dlpack__`` (torch, numpy, jax ...).

    JAX reads DLPack through the protocol only: a bare capsule is not accepted.
    """
    from .tensor import wrap as as_tensor

    if not hasattr(array, "__dlpack__"):
        raise TypeError(
            "Tensor.from_dlpack: expected an object with __dlpack__ (a torch, numpy "
            f"or jax array), got {type(array).__name__}"
        )
    return as_tensor(jax.dlpack.from_dlpack(array))


def device(self):
    """The platform the values live on, in MindSpore's spelling ('CPU', 'GPU' ...)."""
    value = unwrap(self)
    try:
        platform = next(iter(value.devices())).platform
    except (AttributeError, jax.errors.ConcretizationTypeError):
        platform = jax.default_backend()
    return {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU", "tpu": "TPU"}.get(
        platform, platform.upper()
    )


def sync(self, *args, **kwargs):
    """Wait for the computation of the values (``block_until_ready``); returns None."""
    value = unwrap(self)
    if hasattr(value, "block_until_ready"):
        value.block_until_ready()


def init_data(self, *args, **kwargs):
    """The Tensor itself, its values initialized (msfunc filled them when it was made; from
    now on it prints them, as MindSpore's does)."""
    self.__dict__.pop("_pending_init", None)
    return self


def _pending_initializer(self):
    """The Initializer a Tensor was made by while `has_init`, else None."""
    if "_pending_init" not in self.__dict__:
        return None
    from .initializer import resolved_initializer  # (initializer imports this module's users)

    return resolved_initializer(self.__dict__["_pending_init"])


def requires_grad_(self, requires_grad=True):
    """On a Parameter, set `requires_grad`; a plain Tensor is unchanged (msfunc differentiates
    functions with respect to their inputs). Returns self."""
    if hasattr(self, "requires_grad"):  # a Parameter
        self.requires_grad = bool(requires_grad)
    return self


def to_coo(self):
    """The non-zeros as a COO sparse tensor (``ops.dense_to_sparse_coo``)."""
    from .. import ops

    return ops.dense_to_sparse_coo(self)


def to_csr(self):
    """The non-zeros of a 2-D Tensor as a CSR sparse tensor (``ops.dense_to_sparse_csr``)."""
    from .. import ops

    return ops.dense_to_sparse_csr(self)


def qr(self, some=True):
    """(Q, R); the reduced factorisation unless `some` is False."""
    from .. import ops

    return ops.qr(self, "reduced" if some else "complete")


def triangular_solve(self, A, upper=True, transpose=False, unitriangular=False):
    """(the solution X of ``A X = self``, A) for a triangular `A` (torch's form)."""
    a = jnp.asarray(unwrap(A))
    solution = jax.scipy.linalg.solve_triangular(
        a, unwrap(self), trans=1 if transpose else 0, lower=not upper, unit_diagonal=unitriangular
    )
    return wrap((solution, a))


def mm(self, mat2):
    """The matrix product of two 2-D Tensors of one dtype (MindSpore's checks: `mat2` must be
    a Tensor, not a number, list or numpy array; 1-D or 3-D operands are refused).

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([[1.0, 2.0]]).mm(ms.Tensor([[3.0], [4.0]])).tolist()
        [[11.0]]
    """
    a, b = unwrap(self), unwrap(mat2)
    if not hasattr(b, "ndim") or isinstance(b, (np.ndarray, np.generic)):
        raise TypeError(f"Tensor.mm: `mat2` must be a Tensor, got {type(mat2).__name__}")
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError(f"Tensor.mm: both operands must be 2-D, got {a.ndim}-D and {b.ndim}-D")
    if a.shape[1] != b.shape[0]:
        raise ValueError(
            f"Tensor.mm: `mat2` must have {a.shape[1]} rows (the Tensor's columns), "
            f"got shape {tuple(b.shape)}"
        )
    if a.dtype != b.dtype:
        raise TypeError(f"Tensor.mm: `mat2` must have the Tensor's dtype {a.dtype}, got {b.dtype}")
    return wrap(jnp.matmul(a, b))


def addr(self, vec1, vec2, beta=1, alpha=1):
    """``beta * self + alpha * outer(vec1, vec2)``."""
    from .. import ops

    return ops.addr(self, vec1, vec2, beta=beta, alpha=alpha)


def addmm(self, mat1, mat2, *, beta=1, alpha=1):
    """``beta * self + alpha * (mat1 @ mat2)``."""
    from .. import ops

    return ops.addmm(self, mat1, mat2, beta=beta, alpha=alpha)


_CASTS = {
    "float": "float32",
    "double": "float64",
    "half": "float16",
    "bfloat16": "bfloat16",
    "int": "int32",
    "long": "int64",
    "short": "int16",
    "byte": "uint8",
    "bool": "bool",
}


def _const_arg(self) -> bool:
    """MindSpore's compile-constant flag (`Tensor(const_arg=)`, `Tensor.set_const_arg`)."""
    return bool(vars(self).get("_const_arg", False))


CAST_METHODS: dict[str, Any] = {name: _cast_to(name, dt) for name, dt in _CASTS.items()}
CAST_METHODS.update(
    {
        "astype": astype,
        "to": to,
        "type": type_,
        "type_as": type_as,
        "set_dtype": set_dtype,
        "new_zeros": _new(0),
        "new_ones": _new(1),
        "new_empty": _new(0),
        "new_full": new_full,
        "clone": clone,
        "copy": clone,
        "contiguous": lambda self: self,
        "is_contiguous": lambda self: True,
        "value": lambda self: wrap(unwrap(self)),
        "data": property(lambda self: self, doc="The Tensor itself."),
        "stride": stride,
        "storage_offset": lambda self: 0,
        "is_signed": is_signed,
        "is_complex": lambda self: bool(jnp.issubdtype(unwrap(self).dtype, jnp.complexfloating)),
        "is_floating_point": lambda self: bool(jnp.issubdtype(unwrap(self).dtype, jnp.floating)),
        "dim": lambda self: unwrap(self).ndim,
        "ndimension": lambda self: unwrap(self).ndim,
        "numel": lambda self: self.size,
        "nelement": lambda self: self.size,
        "has_init": property(
            lambda self: "_pending_init" in self.__dict__,
            doc="True for a Tensor an initializer made, until `init_data` or a read.",
        ),
        "init": property(_pending_initializer, doc="The initializer of `has_init`, else None."),
        "is_init": lambda self: False,
        "init_finished": property(lambda self: True),
        "is_meta": property(lambda self: False),
        "is_pinned": lambda self: False,
        "is_shared": lambda self: False,
        "const_arg": property(_const_arg),
        "hooks": lambda self: [],
        "get_bytes": get_bytes,
        "convert_bytes_to_tensor": staticmethod(convert_bytes_to_tensor),
        "to_dlpack": to_dlpack,
        "from_dlpack": staticmethod(from_dlpack),
        "device": property(device, doc="The platform name ('CPU', 'GPU', 'TPU')."),
        "data_sync": sync,
        "wait_pipeline": sync,
        "requires_grad_": requires_grad_,
        "init_data": init_data,
        "to_coo": to_coo,
        "to_csr": to_csr,
        "move_to": lambda self, to="CPU", blocking=True: wrap(unwrap(self)),
        "asnumpy": lambda self: np.array(self._host()),
        "numpy": lambda self: np.array(self._host()),
        "qr": qr,
        "triangular_solve": triangular_solve,
        "mm": mm,
        "addr": addr,
        "addmm": addmm,
    }
)
