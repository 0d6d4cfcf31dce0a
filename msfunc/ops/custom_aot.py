"""ops.Custom(func_type="aot"): a compiled C/C++ kernel from a shared library, run on the host.

`func` is ``"path/lib.so:name"`` (a ``.cc`` / ``.cpp`` source is compiled with ``g++`` into a
shared library first, as MindSpore does). The kernel has MindSpore's AOT signature::

    extern "C" int name(int nparam, void **params, int *ndims, int64_t **shapes,
                        const char **dtypes, void *stream, void *extra);

`params` holds the inputs' then the outputs' buffers (C-contiguous), `dtypes` their names
(``"float32"`` ...); a non-zero return is an error. msfunc calls it through
``jax.pure_callback`` with `stream` NULL. Where the library has ``<name>Init`` or the
`reg_info` attributes, `extra` is an ``AotExtra`` holding them (msfunc.ops.custom_aot_extra):
Init runs first and the workspace buffers it asks for follow the outputs in `params`.
The output shapes and dtypes come from `out_shape` / `out_dtype` (values, or functions of the
inputs' shapes and dtypes), or ``<name>InferShape``.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import subprocess
import tempfile
import types
from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax.core import Tracer

from ..common.dtype_convert import dtype_to_nptype
from .custom_aot_extra import ABI_FLAGS

__all__ = ["aot_kernel", "check_aot_func"]

_SOURCES = (".cc", ".cpp", ".cxx", ".c")


def _is_infer(spec):
    return isinstance(spec, (types.FunctionType, types.MethodType, functools.partial))


def check_aot_func(func: Any, out_shape: Any) -> None:
    """TypeError unless `func` names an AOT kernel as MindSpore accepts it: a str
    ``"file:name"``, or a bare kernel name (a device library's op) when `out_shape` is an
    infer function.

    Example:
        >>> check_aot_func("add.so:CustomAdd", None)
        >>> check_aot_func("add", (2, 3))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: Custom: an aot `func` must be 'file_name:func_name' ..., got 'add'
    """
    if not isinstance(func, str):
        raise TypeError(f"Custom: an aot `func` must be a str, got {type(func).__name__}")
    parts = func.split(":")
    if len(parts) > 2 or (len(parts) == 1 and not _is_infer(out_shape)) or not all(parts):
        raise TypeError(
            "Custom: an aot `func` must be 'file_name:func_name' (a bare name needs an infer "
            f"function as `out_shape`), got {func!r}"
        )


@functools.cache
def _library(path: str, stamp: float) -> ctypes.CDLL:
    """The shared library at `path` (compiled first from a C/C++ source); `stamp` is the
    file's modification time, so an edited source is compiled again."""
    del stamp
    if path.endswith(_SOURCES):
        digest = hashlib.sha256(path.encode()).hexdigest()[:16]
        built = os.path.join(tempfile.gettempdir(), f"msfunc_aot_{digest}_{os.getpid()}.so")
        command = ["g++", "-std=c++17", "-O2", "-shared", "-fPIC", *ABI_FLAGS, "-o", built, path]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = getattr(exc, "stderr", None) or str(exc)
            raise RuntimeError(f"Custom: compiling {path} failed:\n{detail}") from exc
        path = built
    try:
        return ctypes.CDLL(path)
    except OSError as exc:
        raise RuntimeError(f"Custom: cannot load the aot kernel library {path}: {exc}") from exc


def _kernel(func: str):
    path, name = func.rsplit(":", 1)
    path = os.path.realpath(path)
    if not os.path.isfile(path):
        raise RuntimeError(f"Custom: the aot kernel file {path} does not exist")
    try:
        kernel = getattr(_library(path, os.path.getmtime(path)), name)
    except AttributeError:
        raise RuntimeError(f"Custom: {path} has no function {name!r}") from None
    kernel.restype = ctypes.c_int
    return kernel


def _specs(spec, values):
    """`spec`, or what it gives for `values` when it is a function (an infer function)."""
    if _is_infer(spec):
        spec = spec(*values)
    return spec


def _as_shapes(spec):
    if isinstance(spec, (tuple, list)) and spec and all(isinstance(s, (tuple, list)) for s in spec):
        return [tuple(int(d) for d in s) for s in spec], True
    if isinstance(spec, (tuple, list)):
        return [tuple(int(d) for d in spec)], False
    raise TypeError(f"Custom: `out_shape` must give a shape or a list of shapes, got {spec!r}")


def _as_dtypes(spec, count):
    several = isinstance(spec, (tuple, list))
    dtypes = list(spec) if several else [spec] * count
    return [np.dtype(dtype_to_nptype(d)) if not isinstance(d, np.dtype) else d for d in dtypes]


def _shape_arrays(buffers):
    dims = [(ctypes.c_int64 * max(b.ndim, 1))(*b.shape) for b in buffers]
    pointer = ctypes.POINTER(ctypes.c_int64)
    count = len(buffers)
    return (
        (ctypes.c_int * count)(*[b.ndim for b in buffers]),
        (pointer * count)(*[ctypes.cast(d, pointer) for d in dims]),
        (ctypes.c_char_p * count)(*[b.dtype.name.encode() for b in buffers]),
        dims,  # (kept alive with the pointers to them)
    )


# MindSpore's memory pool hands out blocks in multiples of 512 bytes, and kernels rely on it
_BLOCK = 512


def _launch(kernel, outputs, extra_parts, *inputs):
    """Run `kernel` on numpy `inputs`, writing fresh arrays of `outputs` (shape, dtype).

    `extra_parts` is None, or (the kernel's Init function or None, its attributes): the
    kernel then gets an ``AotExtra`` (msfunc.ops.custom_aot_extra) and the workspace
    buffers its Init asks for, after the outputs."""
    buffers = [np.ascontiguousarray(x) for x in inputs]
    buffers += [np.empty(shape, dtype) for shape, dtype in outputs]
    extra = None
    if extra_parts is not None:
        from .custom_aot_extra import AotExtra

        init, attrs = extra_parts
        extra = AotExtra(attrs)
    try:
        if extra is not None and init is not None:
            ndims, shapes, dtypes, _ = _shape_arrays(buffers)
            if init(ndims, shapes, dtypes, extra.pointer) != 0:
                raise RuntimeError("Custom: the aot kernel's Init function failed")
        count_out = len(buffers)
        if extra is not None:
            for size in extra.workspace_sizes():
                buffers.append(np.zeros(-(-max(size, 1) // _BLOCK) * _BLOCK, np.uint8))
        count = len(buffers)
        ndims, shapes, dtypes, _ = _shape_arrays(buffers)
        code = kernel(
            ctypes.c_int(count),
            (ctypes.c_void_p * count)(*[b.ctypes.data for b in buffers]),
            ndims,
            shapes,
            dtypes,
            None,
            None if extra is None else extra.pointer,
        )
    finally:
        if extra is not None:
            extra.close()
    if code != 0:
        raise RuntimeError(f"Custom: the aot kernel returned {code} (non-zero: it failed)")
    return tuple(buffers[len(inputs) : count_out])


def _companion(func, suffix):
    """The kernel library's function ``<name><suffix>`` (Init, InferShape), or None."""
    path, name = func.rsplit(":", 1)
    path = os.path.realpath(path)
    library = _library(path, os.path.getmtime(path))
    try:
        return getattr(library, name + suffix)
    except AttributeError:
        return None


def _split_inputs(inputs, reg_info):
    """(the tensor inputs, the attribute values after them): as many tensors as `reg_info`
    registers inputs, else every leading array."""
    registered = reg_info.get("inputs") if isinstance(reg_info, dict) else None
    if registered:
        count = len(registered)
    else:
        count = next((i for i, x in enumerate(inputs) if not hasattr(x, "shape")), len(inputs))
    return inputs[:count], list(inputs[count:])


def _out_shapes(func, out_shape, inputs, attrs):
    """(output shapes, several outputs?): from `out_shape`, or when it is None from the
    kernel's ``<name>InferShape`` (else the first input's shape)."""
    if out_shape is not None:
        return _as_shapes(_specs(out_shape, [tuple(x.shape) for x in inputs]))
    infer = _companion(func, "InferShape")
    if infer is None:
        return [tuple(inputs[0].shape)], False
    from .custom_aot_extra import AotExtra, infer_shape

    extra = AotExtra(attrs)
    try:
        return [infer_shape(infer, [tuple(x.shape) for x in inputs], extra)], False
    finally:
        extra.close()


def aot_kernel(
    func: str, out_shape: Any, out_dtype: Any, reg_info: Any = None
) -> Callable[..., Any]:
    """A function of arrays running the AOT kernel `func` (see the module docstring) through
    ``jax.pure_callback``, its outputs shaped by `out_shape` / `out_dtype` (None: the
    kernel's InferShape function, else the first input's). Arguments after the inputs
    `reg_info` registers are the values of its attributes that have none.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> run = aot_kernel("missing.so:add", (2,), ms.float32)
        >>> run(jnp.ones(2), jnp.ones(2))
        Traceback (most recent call last):
        ...
        RuntimeError: Custom: the aot kernel file ... does not exist
    """

    def run(*args):
        kernel = _kernel(func) if ":" in func else None
        if kernel is None:
            raise RuntimeError(
                f"Custom: {func!r} names a device kernel with no library file; msfunc runs "
                "aot kernels from a 'file_name:func_name' shared library on the host"
            )
        inputs, values = _split_inputs(args, reg_info)
        from .custom_aot_extra import attributes

        attrs = attributes(reg_info, values)
        init = _companion(func, "Init")
        extra_parts = (init, attrs) if init is not None or attrs else None
        shapes, several = _out_shapes(func, out_shape, inputs, attrs)
        dtype_spec = out_dtype if out_dtype is not None else inputs[0].dtype
        dtypes = _as_dtypes(_specs(dtype_spec, [x.dtype for x in inputs]), len(shapes))
        outputs = tuple(zip(shapes, dtypes, strict=True))
        launch = functools.partial(_launch, kernel, outputs, extra_parts)
        if any(isinstance(x, Tracer) for x in inputs):
            results = jax.pure_callback(
                launch, tuple(jax.ShapeDtypeStruct(s, d) for s, d in outputs), *inputs
            )
        else:  # (run now: a failing kernel raises its RuntimeError here, not inside JAX)
            results = tuple(map(jax.numpy.asarray, launch(*map(np.asarray, inputs))))
        return results if several else results[0]

    return run
