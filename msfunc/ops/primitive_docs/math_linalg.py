"""Docstrings of the primitive classes generated from `primitive_tables.math_linalg`, by subject."""

from .linalg import DOCS as _LINALG
from .math_arith import DOCS as _ARITH
from .math_reduce import DOCS as _REDUCE
from .math_sort_stats import DOCS as _SORT_STATS

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {**_ARITH, **_REDUCE, **_SORT_STATS, **_LINALG}
