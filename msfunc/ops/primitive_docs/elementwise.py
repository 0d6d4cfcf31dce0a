"""Docstrings of the primitive classes generated from `primitive_tables.elementwise`."""

from . import elementwise_binary, elementwise_special, elementwise_unary

__all__ = ["DOCS"]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    **elementwise_unary.DOCS,
    **elementwise_special.DOCS,
    **elementwise_binary.DOCS,
}
