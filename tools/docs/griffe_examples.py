"""Griffe extension: msfunc's docstrings say ``Example:``; read it as the Examples section."""

import re

import griffe

_EXAMPLE = re.compile(r"^(\s*)Example:\s*$", re.MULTILINE)


class ExampleSections(griffe.Extension):
    """Rename each ``Example:`` heading to ``Examples:`` so its doctest renders as code."""

    def on_object(self, *, obj, **kwargs):
        if obj.docstring is not None:
            obj.docstring.value = _EXAMPLE.sub(r"\1Examples:", obj.docstring.value)
