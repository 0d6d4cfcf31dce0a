"""Docstrings of the primitive classes generated from `primitive_tables.loss`."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {}
