"""Class reprs that name MindSpore's module paths while a MindSpore program runs on msfunc."""

from __future__ import annotations

import functools
import json
import pathlib
import sys
from typing import TYPE_CHECKING

__all__ = ["ShownType", "ShownTypeMeta"]

_PATHS_FILE = pathlib.Path(__file__).resolve().parents[1] / "compat" / "mindspore_class_paths.json"


@functools.cache
def _mindspore_paths() -> dict[str, str]:
    """{class name: where MindSpore 2.10 defines it}, recorded by an oracle script."""
    return json.loads(_PATHS_FILE.read_text())


def _alias_on() -> bool:
    """True when ``import mindspore`` gives msfunc (the alias's modules carry their targets)."""
    return getattr(sys.modules.get("mindspore"), "_msfunc_targets", None) is not None


def _shown_path(cls: type) -> str | None:
    """The path MindSpore prints for `cls`, or None where Python's own repr is right.

    A class a program defines keeps its own path, as under MindSpore. One of msfunc's
    prints as the nearest class of its MRO that MindSpore has: a name set in
    ``_mindspore_name`` or the class's own name, looked up in MindSpore's recorded paths;
    ``_shown_as`` gives a whole path outright (a numpy subclass shows numpy's class).
    """
    if not cls.__module__.startswith("msfunc."):
        return None
    for klass in cls.__mro__:
        if not klass.__module__.startswith("msfunc."):
            break
        shown = klass.__dict__.get("_shown_as")
        if shown is not None:
            return shown
        name = klass.__dict__.get("_mindspore_name", klass.__name__)
        path = _mindspore_paths().get(name)
        if path is not None:
            return path
    return None


class ShownType(type):
    """A metaclass whose ``repr`` names MindSpore's path under the ``mindspore`` alias.

    ``print(type(t))`` in a MindSpore program shows ``<class
    'mindspore.common.tensor.Tensor'>``; outside the alias, and for classes a program
    defines, the repr is Python's.

    Example:
        >>> import msfunc
        >>> type(msfunc.Tensor([1.0]))
        <class 'msfunc.common.tensor.Tensor'>
    """

    def __repr__(cls) -> str:
        shown = _shown_path(cls) if _alias_on() else None
        return super().__repr__() if shown is None else f"<class '{shown}'>"


# The metaclass for class statements. Type checkers see plain `type`: with a metaclass of
# its own they read an instance's ``__dict__`` as the class's mapping proxy.
if TYPE_CHECKING:
    ShownTypeMeta = type
else:
    ShownTypeMeta = ShownType
