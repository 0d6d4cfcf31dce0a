"""``mindspore.common.file_system``: how checkpoint files are opened (Python's own `open`).

MindSpore reads and writes checkpoints through a `FileSystem` whose functions are Python's
``open`` unless the MindIO memory file system is installed; msfunc has no MindIO back end,
so the basic one is the only one (`mindio_preload` says False).

Example:
    >>> fs = FileSystem()
    >>> fs.backend, fs.create_args, fs.open_args
    ('basic', ('ab',), ('rb',))
"""

from __future__ import annotations

from .checkparam import check_positive_int

__all__ = ["FileSystem", "mindio_preload", "set_mindio_server_info"]

# the MindIO server's settings, kept for a MindIO back end (none here)
mindio_server_info = {"memfs.data_block_pool_capacity_in_gb": "100"}


class FileSystem:
    """The functions checkpoint code writes (``create``) and reads (``open``) files with, and the
    mode arguments it passes them.

    Example:
        >>> import os, tempfile
        >>> fs = FileSystem()
        >>> path = os.path.join(tempfile.mkdtemp(), "f.bin")
        >>> with fs.create(path, *fs.create_args) as f:
        ...     _ = f.write(b"abc")
        >>> with fs.open(path, *fs.open_args) as f:
        ...     f.read()
        b'abc'
    """

    def __init__(self) -> None:
        self.create = open
        self.create_args = ("ab",)
        self.open = open
        self.open_args = ("rb",)
        self.backend = "basic"


def _register_basic_file_system(fs: FileSystem) -> bool:
    """Give `fs` Python's ``open`` to create (append, binary) and read (binary) files with;
    True (its `backend` name is left as it is).

    Example:
        >>> fs = FileSystem()
        >>> fs.open = None
        >>> _register_basic_file_system(fs), fs.open is open
        (True, True)
    """
    fs.create = open
    fs.create_args = ("ab",)
    fs.open = open
    fs.open_args = ("rb",)
    return True


def _register_mindio_file_system(fs: FileSystem) -> bool:
    """Give `fs` MindIO's memory file system: there is no MindIO here, so False and `fs` is
    left as it is.

    Example:
        >>> _register_mindio_file_system(FileSystem())
        False
    """
    del fs
    return False


def set_mindio_server_info(data_block_pool_capacity_in_gb: int = 100) -> None:
    """Record the MindIO server's data block pool size (used by a MindIO back end only).

    Args:
        data_block_pool_capacity_in_gb (int): The pool's capacity in GB, more than 0.
            Default: ``100``.

    Returns:
        None.

    Raises:
        TypeError: the capacity is not an int.
        ValueError: the capacity is 0 or less.

    Example:
        >>> set_mindio_server_info(50)
        >>> mindio_server_info["memfs.data_block_pool_capacity_in_gb"]
        '50'
    """
    check_positive_int(data_block_pool_capacity_in_gb, "data_block_pool_capacity_in_gb")
    mindio_server_info["memfs.data_block_pool_capacity_in_gb"] = str(data_block_pool_capacity_in_gb)


def mindio_preload(ckpt_file_name: str) -> bool:
    """Preload a checkpoint into MindIO's memory: there is no MindIO here, so False.

    Args:
        ckpt_file_name (str): The checkpoint's file name.

    Returns:
        bool, False.

    Raises:
        TypeError: `ckpt_file_name` is not a str.

    Example:
        >>> mindio_preload("model.ckpt")
        False
    """
    if not isinstance(ckpt_file_name, str):
        raise TypeError(
            f"mindio_preload: `ckpt_file_name` must be a str, got {type(ckpt_file_name).__name__}"
        )
    return False
