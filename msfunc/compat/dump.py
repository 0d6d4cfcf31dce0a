"""MindSpore's ``set_dump``: it marks Cells and Primitives for the Ascend kernel dump, which
msfunc (like MindSpore on CPU and GPU) does not run; the marks are kept as MindSpore keeps them.

Example:
    >>> import warnings
    >>> from msfunc import nn
    >>> net = nn.SequentialCell([nn.ReLU()])
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     set_dump(net)
    >>> net.get_flags()["dump"], net[0].get_flags()["dump"]
    (True, True)
"""

import warnings

__all__ = ["set_dump"]


def set_dump(target, enabled=True):
    """Mark `target` (a Cell with its sub-Cells and marked Primitives, or a Primitive) for
    MindSpore's kernel dump, or clear the mark with ``enabled=False``.

    Nothing is dumped: the dump is an Ascend feature (MindSpore warns on other devices, and
    so does msfunc, always). A Cell gets the flag ``dump`` (`Cell.get_flags`), a Primitive the
    attribute ``dump`` of ``"true"``/``"false"`` (`Primitive.attrs`).

    Args:
        target (Union[Cell, Primitive]): What to mark.
        enabled (bool): Mark (``True``) or clear (``False``). Default: ``True``.

    Raises:
        ValueError: `target` is neither a Cell nor a Primitive, or `enabled` is not a bool
            (MindSpore's types).

    Example:
        >>> import warnings
        >>> from msfunc import ops
        >>> add = ops.Add()
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     set_dump(add)
        >>> add.attrs["dump"]
        'true'
    """
    from ..nn import Cell
    from ..ops.primitives import Primitive

    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(
            f"set_dump: `target` must be a Cell or a Primitive, got {type(target).__name__}"
        )
    if not isinstance(enabled, bool):
        raise ValueError(f"set_dump: `enabled` must be a bool, got {type(enabled).__name__}")
    warnings.warn(
        "set_dump: the kernel dump is an Ascend feature; msfunc records the mark and dumps nothing",
        stacklevel=2,
    )
    _mark(target, enabled, Cell, Primitive)


def _mark(target, enabled, cell_type, primitive_type):
    if isinstance(target, primitive_type):
        target.add_prim_attr("dump", "true" if enabled else "false")
        return
    target.add_flags(dump=enabled)
    for cell in target.cells():
        _mark(cell, enabled, cell_type, primitive_type)
    # A Cell's Primitives keep their own mark; only those already marked follow the Cell's.
    for value in list(vars(target).values()):
        if isinstance(value, primitive_type) and "dump" in value.attrs:
            _mark(value, enabled, cell_type, primitive_type)
