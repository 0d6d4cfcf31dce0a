"""`cells_compile_cache`: each live Cell's compiled programs (``Cell.compile_cache``), by id."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["CellsCompileCache", "cells_compile_cache", "register"]

_CELLS: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()


def register(cell: object) -> None:
    """Enter a new Cell (as MindSpore does when one is made); it leaves when it is freed."""
    _CELLS[id(cell)] = cell


class CellsCompileCache(Mapping):
    """``{id(cell): cell.compile_cache}`` for every live Cell, as MindSpore's
    ``mindspore.common.api.cells_compile_cache``.

    A Cell that compiled holds its program, which refers back to the Cell: such a Cell is
    freed by Python's cycle collector, which runs before this mapping counts its entries.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.ReLU()
        >>> id(net) in cells_compile_cache, cells_compile_cache[id(net)]
        (True, set())
        >>> del net
    """

    @staticmethod
    def _live() -> dict[int, Any]:
        gc.collect()  # (Cells left in reference cycles: gone once collected)
        return dict(_CELLS)

    def __getitem__(self, key: int) -> set[str]:
        return _CELLS[key].compile_cache

    def __iter__(self) -> Iterator[int]:
        return iter(self._live())

    def __len__(self) -> int:
        return len(self._live())

    def __repr__(self) -> str:
        return repr({key: cell.compile_cache for key, cell in self._live().items()})


cells_compile_cache = CellsCompileCache()
