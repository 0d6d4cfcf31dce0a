"""Argument checks shared by SummaryRecord and SummaryCollector: types, positive counts and
the summary directory.

Example:
    >>> check_type("SummaryCollector", "collect_freq", 10, int)
    10
    >>> check_type("SummaryCollector", "collect_freq", True, int)
    Traceback (most recent call last):
    ...
    TypeError: SummaryCollector: `collect_freq` must be int, got bool
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["check_type", "check_positive", "make_directory", "NAME_PATTERN"]

# file_prefix / file_suffix: word characters first, then letters, digits, '_' and '.'
NAME_PATTERN = r"^\w+[0-9a-zA-Z_.]*$"


def check_type(owner, name, value, types) -> Any:
    """`value` if it is an instance of `types` (a bool only where bool is listed), else a
    TypeError naming `owner`, the argument and the expected types."""
    types = tuple(types) if isinstance(types, (tuple, list)) else (types,)
    ok = isinstance(value, types) and not (
        isinstance(value, bool) and bool not in types and int in types
    )
    if not ok:
        expected = " or ".join("None" if t is type(None) else t.__name__ for t in types)
        raise TypeError(f"{owner}: `{name}` must be {expected}, got {type(value).__name__}")
    return value


def check_positive(owner, name, value, allow_none=False) -> Any:
    """`value` if it is an int above 0 (or None where allowed): TypeError / ValueError."""
    if allow_none and value is None:
        return None
    check_type(owner, name, value, int)
    if value <= 0:
        raise ValueError(f"{owner}: `{name}` must be greater than 0, got {value}")
    return value


def make_directory(path, arg_name):
    """The real path of directory `path`, made when missing: TypeError for a non-str,
    ValueError for a blank one, NotADirectoryError when it names a file.

    Example:
        >>> import tempfile
        >>> make_directory(tempfile.mkdtemp(), "log_dir").startswith("/")
        True
    """
    if not isinstance(path, str):
        raise TypeError(f"`{arg_name}` must be a str naming a directory, got {type(path).__name__}")
    if not path.strip():
        raise ValueError(f"`{arg_name}` must name a directory, got a blank string")
    path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(f"`{arg_name}` {path!r} exists and is not a directory")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path
