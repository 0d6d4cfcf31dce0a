"""ops.Custom(func_type="aot"): a compiled C/C++ kernel from a shared library, run on the host.

`func` is ``"path/lib.so:name"`` (a ``.cc`` / ``.cpp`` source is compiled with ``g++`` into a
shared library first, as MindSpore does). The kernel has MindSpore's AOT signature::

    extern "C" int name(int nparam, void **params, int *ndims, int64_t **shapes,
                        const char **dtypes, void *stream, void *extra);

`params` holds the inputs' then the outputs' buffers (C-contiguous), `dtypes` their names
(``"float32"`` ...); a non-zero return is an error. msfunc calls it through
``jax.pure_callback`` with `stream` and `extra` NULL, so a kernel that reads attributes
through `extra` cannot run. The output shapes and dtypes come from `out_shape` / `out_dtype`
(values, or functions of the inputs' shapes and dtypes).
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
        command = ["g++", "-std=c++17", "-O2", "-shared", "-fPIC", "-o", built, path]
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


def _launch(kernel, outputs, *inputs):
    """Run `kernel` on numpy `inputs`, writing fresh arrays of `outputs` (shape, dtype)."""
    buffers = [np.ascontiguousarray(x) for x in inputs]
    buffers += [np.empty(shape, dtype) for shape, dtype in outputs]
    count = len(buffers)
    dims = [(ctypes.c_int64 * max(b.ndim, 1))(*b.shape) for b in buffers]
    pointer = ctypes.POINTER(ctypes.c_int64)
    code = kernel(
        ctypes.c_int(count),
        (ctypes.c_void_p * count)(*[b.ctypes.data for b in buffers]),
        (ctypes.c_int * count)(*[b.ndim for b in buffers]),
        (pointer * count)(*[ctypes.cast(d, pointer) for d in dims]),
        (ctypes.c_char_p * count)(*[b.dtype.name.encode() for b in buffers]),
        None,
        None,
    )
    if code != 0:
        raise RuntimeError(f"Custom: the aot kernel returned {code} (non-zero: it failed)")
    return tuple(buffers[len(inputs) :])


def aot_kernel(func: str, out_shape: Any, out_dtype: Any) -> Callable[..., Any]:
    """A function of arrays running the AOT kernel `func` (see the module docstring) through
    ``jax.pure_callback``, its outputs shaped by `out_shape` / `out_dtype`.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> run = aot_kernel("missing.so:add", (2,), ms.float32)
        >>> run(jnp.ones(2), jnp.ones(2))
        Traceback (most recent call last):
        ...
        RuntimeError: Custom: the aot kernel file ... does not exist
    """

    def run(*inputs):
        kernel = _kernel(func) if ":" in func else None
        if kernel is None:
            raise RuntimeError(
                f"Custom: {func!r} names a device kernel with no library file; msfunc runs "
                "aot kernels from a 'file_name:func_name' shared library on the host"
            )
        shapes, several = _as_shapes(_specs(out_shape, [tuple(x.shape) for x in inputs]))
        dtypes = _as_dtypes(_specs(out_dtype, [x.dtype for x in inputs]), len(shapes))
        outputs = tuple(zip(shapes, dtypes, strict=True))
        if any(isinstance(x, Tracer) for x in inputs):
            results = jax.pure_callback(
                functools.partial(_launch, kernel, outputs),
                tuple(jax.ShapeDtypeStruct(s, d) for s, d in outputs),
                *inputs,
            )
        else:  # (run now: a failing kernel raises its RuntimeError here, not inside JAX)
            results = tuple(
                map(jax.numpy.asarray, _launch(kernel, outputs, *map(np.asarray, inputs)))
            )
        return results if several else results[0]

    return run
