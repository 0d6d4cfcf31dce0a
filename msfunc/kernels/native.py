"""Build, cache and load msfunc's C++ XLA FFI kernels (CPU); callers fall back to pure JAX."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import hashlib
import logging
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import jax
import jax.ffi
import jaxlib

__all__ = ["library", "status", "enabled", "disabled", "cache_dir"]

_log = logging.getLogger("msfunc")
_SOURCES = Path(__file__).resolve().parent / "csrc"
_FLAGS = ("-O3", "-std=c++17", "-shared", "-fPIC", "-w")
_override: bool | None = None
_why_not: dict[str, str] = {}


def enabled() -> bool:
    """Whether native kernels may be used: ``MSFUNC_NATIVE=0`` (or `disabled()`) turns them off.

    Example:
        >>> from msfunc.kernels import native
        >>> isinstance(native.enabled(), bool)
        True
    """
    if _override is not None:
        return _override
    return os.environ.get("MSFUNC_NATIVE", "1").strip().lower() not in ("0", "false", "off", "no")


@contextlib.contextmanager
def disabled(clear_caches: bool = True):
    """Trace a block with the pure-JAX kernels only.

    The choice is made when a function is traced, so by default jax's trace caches are
    cleared on entry and exit (a function jitted before the block would otherwise keep
    its native call). With ``clear_caches=False`` only functions traced afresh inside
    the block are affected, which is cheaper (tests; `jax.export` of a new function).

    Example:
        >>> from msfunc.kernels import native
        >>> with native.disabled():
        ...     native.enabled()
        False
    """
    global _override
    previous = _override
    _override = False
    if clear_caches:
        jax.clear_caches()
    try:
        yield
    finally:
        _override = previous
        if clear_caches:
            jax.clear_caches()


def cache_dir() -> Path:
    """Where built kernels are kept: ``$MSFUNC_CACHE_DIR``, else ``$XDG_CACHE_HOME/msfunc``.

    Example:
        >>> from msfunc.kernels import native
        >>> native.cache_dir().name != ""
        True
    """
    if os.environ.get("MSFUNC_CACHE_DIR"):
        return Path(os.environ["MSFUNC_CACHE_DIR"])
    home = os.path.expanduser("~")
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "msfunc"
    if home.startswith("~"):  # no home directory: keep out of the working directory
        return Path(tempfile.gettempdir()) / "msfunc-cache"
    return Path(home) / ".cache" / "msfunc"


def status(name: str) -> str:
    """'available', or why kernel `name` (a file in msfunc/kernels/csrc without .cc) is not used.

    Example:
        >>> from msfunc.kernels import native
        >>> isinstance(native.status("small_solve"), str)
        True
    """
    if not enabled():
        return "disabled (MSFUNC_NATIVE=0)"
    return "available" if library(name) is not None else _why_not.get(name, "not built")


def _compiler() -> str | None:
    for candidate in (os.environ.get("CXX"), "c++", "g++", "clang++"):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    return None


def _build_key(source: bytes, cxx: str, include: str) -> str:
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60)
    header = Path(include, "xla", "ffi", "api", "c_api.h")
    parts = [
        source,
        version.stdout.encode(),
        jaxlib.__version__.encode(),
        " ".join(_FLAGS).encode(),
        platform.machine().encode(),
        header.read_bytes() if header.exists() else b"",
    ]
    return hashlib.sha256(b"\0".join(parts)).hexdigest()[:16]


def _writable_cache() -> Path:
    for candidate in (cache_dir(), Path(tempfile.gettempdir()) / f"msfunc-{os.getuid()}"):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            if os.access(candidate, os.W_OK):
                return candidate
        except OSError:
            continue
    raise OSError("no writable cache directory for native kernels")


def _build(name: str) -> Path:
    """Compile csrc/<name>.cc once per (source, compiler, jaxlib); returns the shared library."""
    import fcntl  # POSIX only: imported here so that the module loads on Windows too

    source_path = _SOURCES / f"{name}.cc"
    source = source_path.read_bytes()
    cxx = _compiler()
    if cxx is None:
        raise OSError("no C++ compiler found (set CXX)")
    include = jax.ffi.include_dir()
    out_dir = _writable_cache()
    target = out_dir / f"{name}-{_build_key(source, cxx, include)}.so"
    if target.exists():
        return target
    # one process compiles, the others (e.g. pytest-xdist workers) wait for its result
    with open(out_dir / f"{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return target
        # a build takes ~10 s: say so (once), so the first solve never stalls silently
        _log.warning(
            "compiling msfunc's native %s kernel once (about 10 s) into %s; "
            "`python -m msfunc.kernels.build` does it ahead of time",
            name,
            out_dir,
        )
        fd, tmp = tempfile.mkstemp(suffix=".so", dir=out_dir)
        os.close(fd)
        try:
            done = subprocess.run(
                [cxx, *_FLAGS, "-I", include, str(source_path), "-o", tmp],
                capture_output=True,
                text=True,
                timeout=600,
            )
            if done.returncode != 0:
                raise OSError(f"{Path(cxx).name} failed: {done.stderr.strip()[-2000:]}")
            os.replace(tmp, target)  # atomic: readers never see a half-written library
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return target


@functools.cache
def _load(name: str) -> ctypes.CDLL | None:
    if sys.platform == "win32":
        _why_not[name] = "native kernels are built on Linux and macOS only"
        return None
    try:
        return ctypes.CDLL(str(_build(name)))
    except (OSError, subprocess.SubprocessError) as err:
        _why_not[name] = f"build failed: {err}"
        _log.warning("native kernel %s unavailable, using the pure-JAX path (%s)", name, err)
        return None


def library(name: str) -> ctypes.CDLL | None:
    """The loaded kernel library `name`, built on first use; None when disabled or unavailable.

    Example:
        >>> from msfunc.kernels import native
        >>> lib = native.library("small_solve")  # None without a C++ compiler
        >>> lib is None or hasattr(lib, "MsfuncSmallSolveF32")
        True
    """
    if not enabled():
        return None
    return _load(name)
