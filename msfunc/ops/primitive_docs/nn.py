"""Docstrings of the primitive classes generated from `primitive_tables.nn`, by subject."""

from .nn_activation_norm import DOCS as _ACTIVATION_NORM
from .nn_conv import DOCS as _CONV
from .nn_pool import DOCS as _POOL
from .nn_resize_update import DOCS as _RESIZE_UPDATE

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {**_ACTIVATION_NORM, **_CONV, **_POOL, **_RESIZE_UPDATE}
