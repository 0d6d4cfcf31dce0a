"""`mindspore.dataset.debug`: hooks that see every transform's inputs and outputs in debug mode."""

from __future__ import annotations

import numpy as np

__all__ = ["DebugHook", "PrintMetaDataHook", "PrintDataHook"]


class DebugHook:
    """Base of a debug hook: `compute(*args)` sees the columns before or after one transform
    of a `map` while ``ds.config.set_debug_mode(True, [hooks])`` is on, and returns them
    (possibly changed) for the pipeline to go on with.

    Example:
        >>> from msfunc.dataset import debug
        >>> class Count(debug.DebugHook):
        ...     def compute(self, *args):
        ...         return args
        >>> Count()(1, 2)
        (1, 2)
    """

    def __init__(self, prev_op_name: str | None = None) -> None:
        self.prev_op_name = prev_op_name
        self.is_first_op = False

    def compute(self, *args):
        """Look at (or change) the columns; return them. Subclasses override this."""
        raise NotImplementedError(f"{type(self).__name__}.compute is not defined")

    def set_previous_op_name(self, prev_op_name):
        """Name the transform whose output the hook sees next."""
        self.prev_op_name = prev_op_name

    def __call__(self, *args):
        result = self.compute(*args)
        return args if result is None else result


def _describe(value):
    value = np.asarray(value)
    return f"type: {value.dtype}, shape: {value.shape}"


class PrintMetaDataHook(DebugHook):
    """Print each column's dtype and shape (the default hook of debug mode).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import debug
        >>> _ = debug.PrintMetaDataHook()(np.zeros((2, 3), np.float32))
        [Dataset debugger] Print the [INPUT] of the operation [None].
        Column 0. type: float32, shape: (2, 3)
    """

    def compute(self, *args):
        """Print the metadata of every column; return them unchanged."""
        stage = "INPUT" if self.prev_op_name is None or self.is_first_op else "OUTPUT"
        print(f"[Dataset debugger] Print the [{stage}] of the operation [{self.prev_op_name}].")
        for i, value in enumerate(args):
            print(f"Column {i}. {_describe(value)}")
        return args


class PrintDataHook(DebugHook):
    """Print each column's values.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import debug
        >>> _ = debug.PrintDataHook()(np.array([1, 2]))
        [Dataset debugger] Print the [INPUT] of the operation [None].
        Column 0. [1 2]
    """

    def compute(self, *args):
        """Print every column's values; return them unchanged."""
        stage = "INPUT" if self.prev_op_name is None or self.is_first_op else "OUTPUT"
        print(f"[Dataset debugger] Print the [{stage}] of the operation [{self.prev_op_name}].")
        for i, value in enumerate(args):
            print(f"Column {i}. {value}")
        return args
