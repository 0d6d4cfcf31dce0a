"""Docstrings of the primitive classes generated from `primitive_tables.array`, by subject."""

from .array_layout import DOCS as _LAYOUT
from .array_select_create import DOCS as _SELECT_CREATE
from .array_shape import DOCS as _SHAPE

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {**_SHAPE, **_SELECT_CREATE, **_LAYOUT}
