"""The rules a Cell applies to attribute assignment: Parameters, sub-Cells and buffers keep
their kind (as in MindSpore), and nothing stateful may be assigned before Cell.__init__."""

from .._jax_private import Tracer
from .._state import graph_semantics
from ..common.parameter import Parameter, ParameterTuple, _Buffer
from ..common.tensor import Tensor, unwrap

__all__ = [
    "check_assignment",
    "check_construction",
    "graph_assigns_number",
    "is_buffer",
    "NONE_SLOTS",
]

# Per-instance dict name -> "Parameter" / "Cell": attributes set to None that keep their kind.
NONE_SLOTS = "_msfunc_none_slots"
# Per-instance dict Parameter name -> (attribute, Parameter) of the Parameters held in plain
# tuple and list attributes (MindSpore never forgets one, even when its attribute is replaced).
SEQUENCE_NAMES = "_msfunc_sequence_parameter_names"


def _check_sequence_names(cell, name, value):
    """A tuple or list of Parameters must not reuse the name of another Parameter held in
    a tuple or list attribute of the same Cell (ValueError, as MindSpore raises)."""
    seen = cell.__dict__.get(SEQUENCE_NAMES)
    for item in value:
        if not isinstance(item, Parameter):
            continue
        if seen is None:
            seen = {}
            object.__setattr__(cell, SEQUENCE_NAMES, seen)
        held = seen.get(item.name)
        if held is not None and held[1] is not item:
            raise ValueError(
                f"{type(cell).__name__}.{name}: a Parameter named {item.name!r} is already held "
                f"in the tuple or list attribute {held[0]!r}; give them distinct names"
            )
        seen[item.name] = (name, item)


def _is_cell(value):
    return getattr(type(value), "_msfunc_is_cell", False)


def _kind(cell, name):
    if name in cell._buffer_names:
        return "buffer"
    current = cell.__dict__.get(name)
    if isinstance(current, Parameter):
        return "Parameter"
    if _is_cell(current):
        return "Cell"
    if current is None:
        return cell.__dict__.get(NONE_SLOTS, {}).get(name)
    return None


def graph_assigns_number(value):
    """Whether `value` is a Python number, which graph mode writes into a Parameter attribute
    it is assigned to (cast to the Parameter's dtype)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_assignment(cell, name, value):
    """Raise for an assignment MindSpore refuses; returns the kind the attribute has now
    ("Parameter", "Cell", "buffer" or None) so the caller can keep buffers registered."""
    who = type(cell).__name__
    if "_auto_prefix" not in cell.__dict__:
        if isinstance(value, (Tensor, ParameterTuple)) or _is_cell(value):
            raise AttributeError(
                f"{who}.{name}: a {type(value).__name__} was assigned before Cell.__init__ ran; "
                f"call super().__init__() first in {who}.__init__"
            )
        return None
    if type(value) in (tuple, list):
        _check_sequence_names(cell, name, value)
    kind = _kind(cell, name)
    if kind is None:
        return None
    if kind == "Parameter":
        if _is_cell(value):
            raise KeyError(f"{who}.{name} holds a Parameter; a Cell cannot take its name")
        if graph_semantics() and not isinstance(value, (Tensor, ParameterTuple)):
            # graph mode compiles ``self.p = value`` as an assignment into the Parameter
            if graph_assigns_number(value):
                return kind
            raise TypeError(
                f"{who}.{name} holds a Parameter; a compiled function can write a Tensor or "
                f"a number into it, not a {type(value).__name__}"
            )
        if value is not None and not isinstance(value, (Tensor, ParameterTuple)):
            raise TypeError(
                f"{who}.{name} holds a Parameter; it can be replaced by a "
                f"Parameter, a Tensor or None, not a {type(value).__name__}"
            )
    elif kind == "Cell":
        if isinstance(value, Parameter):
            raise KeyError(f"{who}.{name} holds a Cell; a Parameter cannot take its name")
        if value is not None and not _is_cell(value):
            raise TypeError(
                f"{who}.{name} holds a Cell; it can be replaced by a Cell or "
                f"None, not a {type(value).__name__}"
            )
    elif isinstance(value, Parameter) or _is_cell(value):
        raise KeyError(f"{who}.{name} is a buffer; a {type(value).__name__} cannot take its name")
    elif value is not None and not isinstance(value, Tensor):
        raise TypeError(
            f"{who}.{name} is a buffer; it takes a Tensor or None, not a {type(value).__name__}"
        )
    if value is None and kind in ("Parameter", "Cell"):
        slots = cell.__dict__.get(NONE_SLOTS)
        if slots is None:
            slots = {}
            object.__setattr__(cell, NONE_SLOTS, slots)
        slots[name] = kind
    return kind


def is_buffer(value):
    """True for a `_Buffer`: a Tensor that registers itself as a buffer when assigned."""
    return isinstance(value, _Buffer)


def _traced(value):
    if isinstance(value, (tuple, list)):
        return any(_traced(v) for v in value)
    if isinstance(value, dict):
        return any(_traced(v) for v in value.values())
    return isinstance(value, Tensor) and isinstance(unwrap(value), Tracer)


def check_construction(cls, args, kwargs):
    """TypeError when a MindSpore program's compiled function creates a Cell from a traced
    Tensor: MindSpore's graph compiler builds Cells from constants only (a Tensor made in
    the function is one; an input is not). msfunc's own API builds such Cells.

    Example:
        >>> import msfunc as ms
        >>> check_construction(ms.nn.Cell, (ms.Tensor([1.0]),), {})
    """
    from ..context import mindspore_dtype_checks

    if not (mindspore_dtype_checks() and graph_semantics()):
        return
    for i, value in enumerate((*args, *kwargs.values())):
        if _traced(value):
            raise TypeError(
                f"{cls.__name__}(...): argument {i} holds a Tensor computed in the compiled "
                "function; graph mode creates a Cell from constants only (create it outside, "
                "or in __init__)"
            )
