"""Which of MindSpore 2.10's mint names msfunc answers; the error for the others."""

from __future__ import annotations

import functools
import importlib
import json
import pathlib

from ..errors import UnsupportedError

__all__ = ["coverage", "module_getattr", "reference_names"]

SECTIONS = {
    "mindspore.mint": "msfunc.mint",
    "mindspore.mint.nn": "msfunc.mint.nn",
    "mindspore.mint.nn.functional": "msfunc.mint.nn.functional",
    "mindspore.mint.optim": "msfunc.mint.optim",
}


@functools.cache
def reference_names():
    """{section: sorted names} of MindSpore 2.10's mint (read from the installed package)."""
    path = pathlib.Path(__file__).with_name("mindspore_mint_names.json")
    return json.loads(path.read_text(encoding="utf-8"))


def module_getattr(section, module_name, reasons):
    """A module ``__getattr__``: UnsupportedError (with the reason, if any) for a mint name."""

    def __getattr__(name):
        if name in reasons or name in reference_names().get(section, ()):
            reason = reasons.get(name, "not yet")
            raise UnsupportedError(f"{section}.{name} is not supported by msfunc yet: {reason}")
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__


def coverage() -> dict[str, tuple[list[str], list[str]]]:
    """Which of MindSpore 2.10's mint names msfunc answers, section by section.

    Returns:
        dict[str, tuple[list[str], list[str]]], {section (``'mindspore.mint.nn'``, ...):
        (the names msfunc answers, the names it does not)}.

    Example:
        >>> supported, missing = coverage()["mindspore.mint.optim"]
        >>> supported
        ['Adam', 'AdamW', 'FusedAdamW', 'SGD']
    """
    result = {}
    for section, module_name in SECTIONS.items():
        module = importlib.import_module(module_name)
        names = reference_names()[section]
        supported = [n for n in names if hasattr(module, n)]
        result[section] = (supported, [n for n in names if n not in supported])
    return result
