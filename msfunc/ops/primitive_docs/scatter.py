"""Docstrings of the primitive classes generated from `primitive_tables.scatter`, by subject."""

from .scatter_index import DOCS as _INDEX
from .scatter_nd import DOCS as _ND

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {**_ND, **_INDEX}
