"""A Cell's tree: its child Cells and Parameters, found and named by attribute path."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .._graph_forbidden import forbidden_in_graph
from ..common.parameter import Parameter, ParameterTuple

__all__ = ["TreeMethods"]


class TreeMethods:
    """Cell methods that add, walk and list child Cells and Parameters (mixed into Cell).

    Only Cell inherits this class, so ``isinstance(x, TreeMethods)`` here asks "is x a Cell"
    without importing the module that defines Cell.
    """

    def insert_child_to_cell(self, child_name, child_cell):
        """Add a child Cell under `child_name` (as in MindSpore, names are not prefixed)."""
        if not isinstance(child_name, str) or not child_name or "." in child_name:
            raise KeyError(
                f"insert_child_to_cell: `child_name` must be a non-empty str without "
                f"'.', got {child_name!r}"
            )
        if child_cell is not None and not isinstance(child_cell, TreeMethods):
            raise TypeError(
                "insert_child_to_cell: `child_cell` must be a Cell, got "
                f"{type(child_cell).__name__}"
            )
        object.__setattr__(self, child_name, child_cell)

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Add a Parameter under `param_name` (naming it `param_name` if it had no name)."""
        if not isinstance(param_name, str) or not param_name:
            raise KeyError(
                f"insert_param_to_cell: `param_name` must be a non-empty str, got {param_name!r}"
            )
        if check_name_contain_dot and "." in param_name:
            raise KeyError(
                f"insert_param_to_cell: `param_name` must not contain '.', got {param_name!r}"
            )
        if not isinstance(param, Parameter):
            raise TypeError(
                f"insert_param_to_cell: `param` must be a Parameter, got {type(param).__name__}"
            )
        if param._auto_named:
            param.name = param_name
            param._auto_named = False
        object.__setattr__(self, param_name, param)

    def update_parameters_name(self, prefix="", recurse=True):
        """Rename every Parameter to `prefix` + its attribute path inside this Cell.

        As in MindSpore, this is what assigning a Cell as an attribute does (with
        ``prefix = attribute + '.'``), so names follow the latest placement.
        """
        if not isinstance(prefix, str):
            raise TypeError(f"update_parameters_name: `prefix` must be a str, got {prefix!r}")
        for path, param in list(self.parameters_and_names(expand=recurse)):
            param.name = prefix + path
            param._auto_named = False

    # -- traversal -----------------------------------------------------------
    def _own_items(self):
        for key, value in self.__dict__.items():
            if isinstance(value, (Parameter, TreeMethods)):
                yield key, value

    # (Typed Any: the Cells found are of subclasses this mixin cannot name without an import
    # cycle.)
    def name_cells(self) -> OrderedDict[str, Any]:
        """Direct child Cells as an OrderedDict name -> Cell."""
        return OrderedDict((k, v) for k, v in self._own_items() if isinstance(v, TreeMethods))

    @property
    def _cells(self) -> OrderedDict[str, Any]:
        """The direct child Cells under MindSpore's attribute name (``seq._cells["0"]``)."""
        return self.name_cells()

    def cells(self) -> list[Any]:
        """Direct child Cells."""
        return list(self.name_cells().values())

    def cells_and_names(self, cells=None, name_prefix=""):
        """Yield (path, cell) for this Cell and every descendant, depth first."""
        seen = set() if cells is None else cells
        if id(self) not in seen:
            seen.add(id(self))
            yield name_prefix, self
        for key, child in self.name_cells().items():
            if child is None or id(child) in seen:
                continue
            path = f"{name_prefix}.{key}" if name_prefix else key
            yield from child.cells_and_names(seen, path)

    def parameters_and_names(self, name_prefix="", expand=True):
        """Yield (path, Parameter) for every Parameter, own ones first, without repeats."""
        seen = set()
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        for path, cell in cells:
            for key, value in cell.__dict__.items():
                if isinstance(value, Parameter):
                    members = ((key, value),)
                elif isinstance(value, ParameterTuple) and not key.startswith("_msfunc_"):
                    members = ((p.name, p) for p in value)
                else:
                    continue
                for name, param in members:
                    if id(param) not in seen:
                        seen.add(id(param))
                        yield (f"{path}.{name}" if path else name), param

    def check_names(self):
        """Raise ValueError when two different Parameters share a name (what compiling a
        network checks, as in MindSpore; a checkpoint could not tell them apart).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Cell()
            >>> net.a = ms.Parameter(ms.Tensor(1.0), name="w")
            >>> net.b = ms.Parameter(ms.Tensor(2.0), name="w")
            >>> net.check_names()  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            ValueError: Cell: two different Parameters are both named 'w' (attributes 'a' ...
        """
        owners = {}
        for path, param in self.parameters_and_names():
            first = owners.setdefault(param.name, (param, path))
            if first[0] is not param:
                raise ValueError(
                    f"{type(self).__name__}: two different Parameters are both "
                    f"named '{param.name}' (attributes '{first[1]}' and '{path}'); "
                    "give them distinct names"
                )

    @forbidden_in_graph("the method 'Cell.get_parameters'")
    def get_parameters(self, expand=True):
        """Yield every Parameter (own, then descendants'), each once."""
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    @forbidden_in_graph("the method 'Cell.trainable_params'")
    def trainable_params(self, recurse=True):
        """The Parameters with ``requires_grad=True``, as a list."""
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    @forbidden_in_graph("the method 'Cell.untrainable_params'")
    def untrainable_params(self, recurse=True):
        """The Parameters with ``requires_grad=False``, as a list."""
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        """OrderedDict Parameter name -> Parameter."""
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def init_parameters_data(self, auto_parallel_mode=False):
        """Initialize every Parameter's data; a dict Parameter -> the Parameter that holds it.

        msfunc creates Parameter values when the Parameter is made, so each maps to itself.

        Example:
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 1)
            >>> all(k is v for k, v in net.init_parameters_data().items())
            True
        """
        return {p: p for p in self.get_parameters()}
