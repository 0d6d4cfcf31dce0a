"""Atomic file and directory writes, and the background threads of ``async_save``."""

from __future__ import annotations

import atexit
import contextlib
import os
import tempfile
import threading

__all__ = ["atomic_write", "replace_directory", "run_async", "wait_for_saves"]


def _read_umask():
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# mkstemp creates files 0600; a checkpoint gets the mode a plain open() would give it.
_FILE_MODE = 0o666 & ~_read_umask()


def _fsync_directory(directory):
    # The rename is durable only once the directory entry itself is on disk.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write(path, write, by_path=False):
    """Write a file so that `path` holds either its old content or the whole new one.

    `write(file_object)` (or `write(temporary_path)` with ``by_path=True``) fills a
    temporary file in the same directory; it is fsynced and renamed over `path`. A
    writer killed midway leaves the old file untouched (and at worst a stray
    ``.<name>.*.tmp`` file beside it).

    Example:
        >>> import os, tempfile
        >>> p = os.path.join(tempfile.mkdtemp(), "x.bin")
        >>> atomic_write(p, lambda f: f.write(b"abc"))
        >>> open(p, "rb").read()
        b'abc'
    """
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            if not by_path:
                write(f)
                f.flush()
                os.fsync(f.fileno())
        if by_path:
            write(tmp)  # the writer may replace the file: sync what is at the path now
            fd = os.open(tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        os.chmod(tmp, _FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_directory(directory)


def replace_directory(tmp_dir, path):
    """Move the finished directory `tmp_dir` to `path`, replacing what was there.

    The old directory is renamed aside first and removed only once the new one is in
    place, so some complete checkpoint exists under one of the two names at every moment.
    """
    import shutil

    old = None
    if os.path.exists(path):
        old = tempfile.mkdtemp(
            dir=os.path.dirname(os.path.abspath(path)),
            prefix=f".{os.path.basename(path)}.",
            suffix=".old",
        )
        os.rmdir(old)
        os.replace(path, old)
    os.replace(tmp_dir, path)
    _fsync_directory(os.path.dirname(os.path.abspath(path)))
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


_pending = {}
_lock = threading.Lock()


def wait_for_saves(path=None):
    """Block until background saves finish (those to `path`, or all); re-raise their errors."""
    with _lock:
        keys = [path] if path is not None else list(_pending)
        threads = [(k, _pending.pop(k)) for k in keys if k in _pending]
    for _, t in threads:
        t.join()
    for _, t in threads:
        if t.error is not None:
            raise t.error


def saves_pending():
    """Whether any background save is still running."""
    with _lock:
        return any(t.is_alive() for t in _pending.values())


class _SaveThread(threading.Thread):
    def __init__(self, fn):
        super().__init__(daemon=False, name="msfunc-checkpoint-save")
        self.fn, self.error = fn, None

    def run(self):
        try:
            self.fn()
        except BaseException as err:  # handed to whoever waits next
            self.error = err


_exit_hook = []


def _wait_at_exit():
    # Runs before the interpreter shuts down the thread pools (concurrent.futures) that
    # orbax's background writes still need, so pending saves finish rather than fail.
    register = getattr(threading, "_register_atexit", atexit.register)
    register(wait_for_saves)


def run_async(path, fn):
    """Run `fn` in a background thread; a later save to the same path waits for it first."""
    wait_for_saves(path)
    with _lock:
        if not _exit_hook:
            _exit_hook.append(True)
            _wait_at_exit()
    t = _SaveThread(fn)
    with _lock:
        _pending[path] = t
    t.start()
