"""`Cell.to_float`: running a Cell and its descendants in a lower floating-point dtype."""

import contextlib
import threading

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state
from ..common.parameter import Parameter
from ..common.tensor import Tensor, wrap

__all__ = ["DtypeMethods", "cast_float", "own_dtype_reads"]

# set while a kernel that reads its Parameters in their own dtype runs (`own_dtype_reads`)
_OWN_DTYPE = threading.local()


@contextlib.contextmanager
def own_dtype_reads():
    """Parameters read in the block keep their own dtype inside a `to_float` Cell: MindSpore
    casts neither in graph mode nor in PyNative the Parameters of its BatchNorm kernel, which
    reads gamma, beta and the running statistics in float32 (probed against MindSpore 2.10).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> class Scale(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.w = ms.Parameter(ms.Tensor([1.0]), name="w")
        ...     def construct(self, x):
        ...         with own_dtype_reads():
        ...             own = self.w.value().dtype
        ...         return own, self.w.value().dtype
        >>> Scale().to_float(ms.float16)(ms.Tensor([1.0]))
        (dtype('float32'), dtype('float16'))
    """
    previous = getattr(_OWN_DTYPE, "on", False)
    _OWN_DTYPE.on = True
    try:
        yield
    finally:
        _OWN_DTYPE.on = previous


class DtypeMethods:
    """The compute-dtype methods of `Cell` (a base class of it)."""

    def to_float(self, dst_type):
        """Run this Cell and its descendants in `dst_type` (float16, float32 or bfloat16):
        floating inputs and Parameters are cast on entry; sets the flags ``fp16``/``fp32``/
        ``bf16`` as MindSpore does; returns self.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 1).to_float(ms.float16)
            >>> net(ms.numpy.ones((1, 2))).dtype, net.get_flags()["fp16"]
            (dtype('float16'), True)
        """
        try:
            dst = np.dtype(dst_type)  # before canonicalising: float64 must not become float32
        except TypeError:
            dst = None
        if dst not in (jnp.float16, jnp.float32, jnp.bfloat16):
            raise ValueError(
                f"to_float: `dst_type` must be float16, float32 or bfloat16, got {dst_type}"
            )
        flags = {
            "fp16": dst == jnp.float16,
            "fp32": dst == jnp.float32,
            "bf16": dst == jnp.bfloat16,
        }
        for _, cell in self.cells_and_names():
            cell._compute_dtype = dst
            cell.add_flags(**flags)
        return self

    def cast_param(self, param):
        """`param`'s value in this Cell's `to_float` dtype (the Parameter itself when the
        Cell has none, or when it is not floating-point).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 1).to_float(ms.float16)
            >>> net.cast_param(net.weight).dtype
            dtype('float16')
        """
        if not isinstance(param, Parameter):
            raise TypeError(f"cast_param: `param` must be a Parameter, got {type(param).__name__}")
        if self._compute_dtype is None:
            return param
        return cast_float(_state.read(param), self._compute_dtype)

    def _call_in_dtype(self, args, kwargs):
        """Run with floating inputs, Parameters and Tensor attributes cast to the `to_float`
        dtype."""
        dtype = self._compute_dtype
        swapped = _cast_tensor_attributes(self, dtype)
        try:
            out = self._call_cast(args, kwargs, dtype)
        finally:
            _restore_tensor_attributes(self, swapped)
        if self.__dict__.get("_msfunc_amp_output_float32"):
            # (a layer `auto_mixed_precision` O1 or "auto" runs in low precision: MindSpore
            # casts its result back to float32)
            out = _floats_to_32(out)
        return out

    def _call_cast(self, args, kwargs, dtype):
        args = tuple(cast_float(a, dtype) for a in args)
        params = list(self.get_parameters())
        # (each read casts anew, so the values held are the Parameters' own: an enclosing
        # to_float Cell's cast would round those a BatchNorm reads in float32)
        with own_dtype_reads():
            lifted = _CastOnRead(dtype, {id(p): _state.read(p) for p in params})

        def call(*call_args):
            object.__setattr__(self, "_compute_dtype", None)
            try:
                return self._call_eager(*call_args, **kwargs)
            finally:
                object.__setattr__(self, "_compute_dtype", dtype)

        out, writes = _state.run_isolating(
            lambda isolate: _state.run_collecting(
                call, args, lifted, owner=f"{type(self).__name__}.to_float", isolate=isolate
            )
        )
        with own_dtype_reads():
            _state.commit([(p, v.astype(_state.read(p).dtype)) for p, v in writes])
        return out


def _cast_tensor_attributes(cell, dtype):
    """Put cast copies of `cell`'s floating Tensor attributes (``self.ratio = Tensor(2.5)``) in
    its ``__dict__`` for one call: MindSpore's graph casts them on entry to a `to_float` Cell
    like its inputs and Parameters, so ``x * self.ratio`` stays in float16 (it would promote
    to float32). Returns ``{name: (original, cast)}`` for `_restore_tensor_attributes`."""
    attrs = cell.__dict__
    swapped = {}
    for name, value in attrs.items():
        if (
            isinstance(value, (Tensor, jax.Array))
            and not isinstance(value, Parameter)
            and jnp.issubdtype(value.dtype, jnp.floating)
            and value.dtype != dtype
        ):
            swapped[name] = (value, value.astype(dtype))
    for name, (_original, cast) in swapped.items():
        attrs[name] = cast
    return swapped


def _restore_tensor_attributes(cell, swapped):
    attrs = cell.__dict__
    for name, (original, cast) in swapped.items():
        if attrs.get(name) is cast:  # (an attribute the call reassigned keeps its new value)
            attrs[name] = original


class _CastOnRead(dict):
    """id(Parameter) -> its value; each read returns the value cast anew, as MindSpore casts
    a Parameter at each use in a `to_float` Cell: the gradients of the uses then add up in
    the Parameter's own dtype (float32), not in the low-precision one."""

    __slots__ = ("dtype",)

    def __init__(self, dtype, values):
        super().__init__(values)
        self.dtype = dtype

    def get(self, key, default=None):
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            return default
        return value if getattr(_OWN_DTYPE, "on", False) else cast_float(value, self.dtype)


_ABSENT = object()


def _floats_to_32(out):
    if isinstance(out, (tuple, list)):
        return type(out)(_floats_to_32(o) for o in out)
    return cast_float(out, jnp.float32)


def cast_float(x, dtype):
    if hasattr(x, "dtype") and jnp.issubdtype(x.dtype, jnp.floating) and x.dtype != dtype:
        cast = jnp.asarray(x, dtype)
        # (a Tensor input stays a Tensor: construct may assign it to a Parameter attribute)
        return wrap(cast) if isinstance(x, Tensor) else cast
    return x
