"""Which ranks of a parallel layout hold the same slice of each parameter, and one holder each.

A layout entry is MindSpore's ``(device matrix, tensor map, slice shape, ...)``: tensor
dimension ``d`` is split along device-matrix axis ``tensor_map[d]`` counted from the right
(-1: not split). Ranks that differ only along the axes no dimension is split on hold the same
slice: they are one redundancy group.
"""

from __future__ import annotations

import itertools
from typing import Any

__all__ = ["get_parameter_redundancy", "remove_param_redundancy"]


def _split_axes(tensor_map, ndim):
    """The device-matrix axes (from the left) some tensor dimension is split on."""
    axes = set()
    for entry in tensor_map:
        for value in entry if isinstance(entry, (list, tuple)) else (entry,):
            if value >= 0:
                axes.add(ndim - 1 - value)
    return axes


def _groups(device_matrix, tensor_map, first_rank):
    ndim = len(device_matrix)
    split = _split_axes(tensor_map, ndim)
    groups: dict[tuple[int, ...], list[int]] = {}
    for rank, coords in enumerate(itertools.product(*(range(n) for n in device_matrix))):
        # slices ordered with the rightmost split axis slowest
        key = tuple(coords[axis] for axis in sorted(split, reverse=True))
        groups.setdefault(key, []).append(first_rank + rank)
    return tuple(tuple(groups[key]) for key in sorted(groups))


def get_parameter_redundancy(layout_obj: Any, initial_rank: int | None = None) -> dict:
    """``{parameter name: groups of ranks holding the same slice}`` for a layout dict
    (``{name: (device_matrix, tensor_map, slice_shape, ...)}``), ranks counted from
    `initial_rank`; the names sorted.

    Example:
        >>> get_parameter_redundancy({"w": ([2, 2], [0], [4], 0, True, "")})
        {'w': ((0, 2), (1, 3))}
    """
    if not isinstance(layout_obj, dict):
        raise TypeError(
            "get_parameter_redundancy: `layout_obj` must be a dict of parameter layouts, "
            f"got {type(layout_obj).__name__}"
        )
    first = initial_rank or 0
    return {
        name: _groups(list(layout[0]), list(layout[1]), first)
        for name, layout in sorted(layout_obj.items())
    }


def remove_param_redundancy(param_redundancy_dict: dict, keep_redundancy: int = 1) -> dict:
    """``{rank: parameter names it keeps}``: from each redundancy group `keep_redundancy`
    ranks keep the parameter, taken in turn among parameters with the same groups so the
    copies spread over the ranks.

    Example:
        >>> remove_param_redundancy({"a": ((0, 1),), "b": ((0, 1),)})
        {0: {'a'}, 1: {'b'}}
    """
    kept: dict[int, set[str]] = {}
    turns: dict[Any, int] = {}
    for name, groups in param_redundancy_dict.items():
        turn = turns.get(groups, 0)
        turns[groups] = turn + 1
        for group in groups:
            for j in range(min(keep_redundancy, len(group))):
                kept.setdefault(group[(turn + j) % len(group)], set()).add(name)
    return kept
