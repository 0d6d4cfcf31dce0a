"""Checked path operations of the profiler's analysis: length, characters, links, owner, rights."""

import glob
import os
import re
import shutil
import stat

from .. import log as logger
from .exceptions import ProfilerPathErrorException
from .trace_constants import FileConstant

__all__ = ["PathManager"]

# letters, digits, CJK ideographs, '~', '.', '/', '_', '-' and white space only
_SAFE_PATH = re.compile("[0-9a-zA-Z_.~/\\s\u4e00-\u9fa5-]+")
_UNITS = {"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}


def _fail(message):
    raise ProfilerPathErrorException(message)


class PathManager:
    """Class methods that check a path before the profiler reads, writes or removes it.

    A failed check raises `ProfilerPathErrorException`; a missing path to remove is a warning.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.path_manager import PathManager
        >>> PathManager.check_input_directory_path(tempfile.gettempdir())
        >>> PathManager.MAX_FILE_NAME_LENGTH
        255
    """

    MAX_PATH_LENGTH = 4096
    MAX_FILE_NAME_LENGTH = 255
    DATA_FILE_AUTHORITY = 0o640
    DATA_DIR_AUTHORITY = 0o750
    MAX_FILE_SIZE = 10 * (1 << 30)

    @classmethod
    def _input_path_common_check(cls, path):
        if len(path) > cls.MAX_PATH_LENGTH:
            _fail(f"path length {len(path)} exceeds the limit {cls.MAX_PATH_LENGTH}: {path}")
        if os.path.islink(path):
            _fail(f"the input path is a soft link: {path}")
        if not _SAFE_PATH.fullmatch(path):
            _fail(f"the input path {path} contains invalid characters.")
        for part in path.split("/"):
            if len(part) > cls.MAX_FILE_NAME_LENGTH:
                _fail(
                    f"the name {part!r} in {path} exceeds the limit "
                    f"{cls.MAX_FILE_NAME_LENGTH} characters"
                )

    @classmethod
    def check_input_directory_path(cls, path):
        """Checks a folder path that may not exist yet (it must not name a file)."""
        cls._input_path_common_check(path)
        if os.path.isfile(path):
            _fail(f"a folder was expected but {path} is a file path")

    @classmethod
    def check_input_file_path(cls, path):
        """Checks a file to read: not a folder or device, under the size limit, not
        writable by group or others (a missing file raises FileNotFoundError)."""
        cls._input_path_common_check(path)
        if os.path.isdir(path):
            _fail(f"a file was expected but {path} is a directory path")
        size = os.path.getsize(path)
        if size >= cls.MAX_FILE_SIZE:
            _fail(f"file size exceeds the limit {cls.MAX_FILE_SIZE}: {path} has {size} bytes")
        mode = os.stat(path).st_mode
        if mode & (stat.S_IWGRP | stat.S_IWOTH):
            _fail(f"{path} is writable by group or others")
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            _fail(f"{path} is a character or block device")

    @classmethod
    def get_directory_size(cls, directory, unit="MB"):
        """The total size of the files under `directory` in `unit` (B, KB, MB or GB)."""
        if not os.path.exists(directory):
            logger.warning("Cannot size %s: it does not exist", directory)
            return 0.0
        cls.check_input_directory_path(directory)
        if unit not in _UNITS:
            logger.error("Unknown size unit: %s", unit)
            return 0.0
        total = 0
        for root, _, files in os.walk(directory):
            for name in files:
                try:
                    total += os.path.getsize(os.path.join(root, name))
                except OSError:  # removed while walking
                    continue
        return total / _UNITS[unit]

    @classmethod
    def check_path_owner_consistent(cls, path):
        """Checks that `path` exists and belongs to the user running the process."""
        if not os.path.exists(path):
            _fail(f"{path} does not exist")
        if os.name != "nt":
            owner, user = os.stat(path).st_uid, os.getuid()
            if owner != user:
                _fail(
                    f"{path} owner[{owner}] does not match the current user[{user}]; "
                    f"run chown -R $(id -un) {path}"
                )

    @classmethod
    def _check_access(cls, path, flag, what):
        cls.check_path_owner_consistent(path)
        if os.path.islink(path):
            _fail(f"the path is a soft link: {path}")
        if not os.access(path, flag):
            _fail(f"{path}: {what} permission check failed; run chmod -R 755 {path}")

    @classmethod
    def check_directory_path_writeable(cls, path):
        """Checks that `path` is the user's own, not a link, and writable."""
        cls._check_access(path, os.W_OK, "writeable")

    @classmethod
    def check_directory_path_readable(cls, path):
        """Checks that `path` is the user's own, not a link, and readable."""
        cls._check_access(path, os.R_OK, "readable")

    @classmethod
    def _remove(cls, path, kind, remover):
        if not os.path.exists(path):
            logger.warning(f"The {kind} does not exist: %s", path)
            return
        if os.path.islink(path):
            _fail(f"will not remove {path}: it is a soft link")
        try:
            remover(path)
        except PermissionError as err:
            raise ProfilerPathErrorException(f"no permission to remove {path}") from err
        except Exception as err:
            raise ProfilerPathErrorException(f"could not remove {path}: {err}") from err

    @classmethod
    def remove_path_safety(cls, path):
        """Removes the folder `path` and everything under it (never through a link)."""
        cls._remove(path, "path", shutil.rmtree)

    @classmethod
    def remove_file_safety(cls, file):
        """Removes the file `file` (never through a link)."""
        cls._remove(file, "file", os.remove)

    @classmethod
    def make_dir_safety(cls, path):
        """Makes the folder `path` (and its parents) with mode 0o750 unless it exists."""
        if os.path.exists(path):
            return
        if os.path.islink(path):
            _fail(f"will not make {path}: it is a dangling soft link")
        try:
            os.makedirs(path, mode=cls.DATA_DIR_AUTHORITY, exist_ok=True)
        except Exception as err:
            raise ProfilerPathErrorException(f"could not make {path}: {err}") from err

    @classmethod
    def get_fwk_path(cls, input_path):
        """`input_path`'s FRAMEWORK folder, or "" when it has none."""
        path = os.path.join(input_path, FileConstant.FRAMEWORK_DIR)
        return path if os.path.isdir(path) else ""

    @classmethod
    def get_cann_path(cls, input_path):
        """`input_path`'s first PROF_<n>_<n>_<id> folder (CANN's output), or ""."""
        for name in os.listdir(os.path.realpath(input_path)):
            sub = os.path.join(input_path, name)
            if os.path.isdir(sub) and re.match(FileConstant.CANN_FILE_REGEX, name):
                return sub
        return ""

    @classmethod
    def get_ascend_ms_path_list(cls, input_path):
        """The profiler output folders at or directly under `input_path`."""

        def is_output(path):
            return os.path.isdir(path) and bool(cls.get_fwk_path(path) or cls.get_cann_path(path))

        if is_output(input_path):
            return [input_path]
        subs = (os.path.join(input_path, n) for n in os.listdir(os.path.realpath(input_path)))
        return [sub for sub in subs if is_output(sub)]

    @classmethod
    def get_profiler_info_path(cls, ascend_ms_dir):
        """The profiler_info_*.json of an output folder (ValueError when there is none)."""
        found = glob.glob(os.path.join(ascend_ms_dir, "profiler_info_*.json"))
        if not found:
            raise ValueError(f"no profiler_info_*.json in {ascend_ms_dir}")
        if len(found) > 1:
            logger.warning(
                "Several profiler_info json files in %s; using %s", ascend_ms_dir, found[0]
            )
        return found[0]

    @classmethod
    def get_real_path(cls, path):
        """`path` with ~ expanded, made absolute and resolved (a link is refused)."""
        if os.path.islink(path):
            _fail(f"the input path is a soft link: {path}")
        return os.path.realpath(os.path.expanduser(path))

    @classmethod
    def check_cann_lib_valid(cls, path):
        """Whether `path` is a library file safe to load: owned by root or the user, not
        writable by others."""
        real = os.path.realpath(path)
        if os.name == "nt" or not os.path.isfile(real):
            return False
        info = os.stat(real)
        if info.st_mode & stat.S_IWOTH:
            return False
        return info.st_uid in (0, os.getuid())

    @classmethod
    def check_path_is_other_writable(cls, path):
        """Raises when `path` is writable by group or others."""
        if os.stat(path).st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            _fail(f"{path} is writable by group or others; run chmod -R 755 {path}")

    @classmethod
    def check_path_is_owner_or_root(cls, path):
        """Whether `path` (which must exist) belongs to root or the current user."""
        if not os.path.exists(path):
            _fail(f"{path} does not exist")
        return os.stat(path).st_uid in (0, os.getuid())

    @classmethod
    def check_path_is_executable(cls, path):
        """Whether the user may execute `path`."""
        return os.access(path, os.X_OK)

    @classmethod
    def check_path_is_readable(cls, path):
        """Raises when `path` is a link or not readable."""
        if os.path.islink(path):
            _fail(f"the path is a soft link: {path}")
        if not os.access(path, os.R_OK):
            _fail(f"{path}: readable permission check failed")

    @classmethod
    def walk_with_depth(cls, path, *args, max_depth=10, **kwargs):
        """`os.walk` that stops descending `max_depth` levels below `path`."""
        if not isinstance(path, str):
            return
        base = path.rstrip(os.sep).count(os.sep)
        for root, dirs, files in os.walk(path, *args, **kwargs):
            if root.count(os.sep) - base > max_depth:
                dirs.clear()
                continue
            yield root, dirs, files
