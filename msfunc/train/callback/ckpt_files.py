"""Checkpoint files on disk: which of a prefix's files exist, removing the oldest, and a
prefix that does not clash with files already there (MindSpore's file rules)."""

from __future__ import annotations

import logging
import os
import stat

__all__ = ["CheckpointManager", "unused_prefix"]

_log = logging.getLogger("msfunc.train")


def unused_prefix(directory, prefix, exception=False):
    """`prefix`, or ``prefix_N`` when checkpoints named ``prefix-...`` / ``prefix_M-...``
    already lie in `directory` (N one more than the largest M; 1 for a plain ``prefix-``).

    Args:
        directory (str): Where the checkpoints go.
        prefix (str): The wanted file-name prefix.
        exception (bool): Look at the ``*_breakpoint.ckpt`` files written on an exception
            instead of the regular ones. Default: ``False``.

    Returns:
        str, the prefix to use (a callable `prefix` or `directory` leaves `prefix` as it is).

    Example:
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> unused_prefix(d, "net")
        'net'
        >>> open(os.path.join(d, "net-1_10.ckpt"), "w").close()
        >>> unused_prefix(d, "net")
        'net_1'
    """
    if callable(prefix) or callable(directory):
        return prefix
    suffix = 0
    for filename in os.listdir(directory):
        breakpoint_file = filename.endswith("_breakpoint.ckpt")
        if exception != breakpoint_file:
            continue
        if not exception and os.path.splitext(filename)[1] not in (".ckpt", ".safetensors"):
            continue
        rest = filename[len(prefix) :]
        if not filename.startswith(prefix) or not rest or rest[0].isalpha():
            continue
        dash = rest.find("-")
        if dash == 0:
            suffix = max(suffix, 1)
        elif dash > 0 and rest[1:dash].isdigit():
            suffix = max(suffix, int(rest[1:dash]) + 1)
    return f"{prefix}_{suffix}" if suffix else prefix


class CheckpointManager:
    """The checkpoint files of one prefix in a directory, to keep their number bounded.

    Args:
        format (str): The files' extension without the dot. Default: ``"ckpt"``.

    Example:
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> for name in ("net-1_1.ckpt", "net-1_2.ckpt", "net-graph.meta", "net_x-1.ckpt"):
        ...     open(os.path.join(d, name), "w").close()
        >>> m = CheckpointManager(); m.update_ckpoint_filelist(d, "net")
        >>> m.ckpoint_num
        2
    """

    def __init__(self, format="ckpt"):  # noqa: A002 - MindSpore's argument name
        self._ckpoint_filelist = []
        self._format = format

    @property
    def ckpoint_filelist(self):
        """The managed files' paths."""
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self):
        """How many files are managed."""
        return len(self._ckpoint_filelist)

    def update_ckpoint_filelist(self, directory, prefix):
        """Read the directory again: files ``prefix-<digits, '-', '_'>.<format>``."""
        ext = f".{self._format}"
        self._ckpoint_filelist = []
        for filename in os.listdir(directory):
            if not filename.endswith(ext) or not filename.startswith(prefix + "-"):
                continue
            middle = filename[len(prefix) : -len(ext)]
            if not any(ch.isalpha() for ch in middle):
                self._ckpoint_filelist.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name):
        """Delete a managed file (a warning, not an error, when it cannot be)."""
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._ckpoint_filelist.remove(file_name)
        except (OSError, ValueError) as exc:
            _log.warning("could not remove the old checkpoint %s: %s", file_name, exc)

    def remove_oldest_ckpoint_file(self):
        """Delete the managed file written first (by modification time)."""
        self.remove_ckpoint_file(min(self._ckpoint_filelist, key=os.path.getmtime))

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        """Of the files written in the last `minutes` before `cur_time`, keep only the oldest."""
        recent = [
            f for f in self._ckpoint_filelist if cur_time - os.path.getmtime(f) < 60 * minutes
        ]
        if not recent:
            return
        keep = min(recent, key=os.path.getmtime)
        for name in recent:
            if name != keep:
                self.remove_ckpoint_file(name)
