"""`vmap` with MindSpore's conventions, including model ensembles over a CellList.

Parameters read inside a vmapped function are shared across the batch (they
enter as unmapped values). A `CellList` of identically structured Cells is an
ensemble: their Parameters are stacked and mapped together with the inputs.

Random ops inside vmap: each batch element draws *different* numbers (msfunc
folds the element's index into the key), unlike MindSpore, which gives every
element the same draw. The global stream advances once per vmapped call.
"""

import jax
import jax.numpy as jnp
import numpy as np

from .._state import Frame, commit, read
from ..common.parameter import unwrap_args
from ._common import strip_parameters

__all__ = ["vmap", "active_axis_names"]

# Axis names of the msfunc vmaps being traced, outermost first (used by next_key).
_AXES = []
_counter = [0]


def active_axis_names():
    """Names of the msfunc vmap axes currently being traced."""
    return tuple(_AXES)


def _normalize_axes(axes, who, name):
    if axes is None or (isinstance(axes, int) and not isinstance(axes, bool)):
        return axes
    if isinstance(axes, (tuple, list)):
        return tuple(_normalize_axes(a, who, name) for a in axes)
    raise TypeError(f"{who}: `{name}` must be an int, None, or a (nested) tuple/list of them, "
                    f"got {axes!r}")


def _all_none(axes):
    if axes is None:
        return True
    if isinstance(axes, tuple):
        return all(_all_none(a) for a in axes)
    return False


def _mapped_sizes(args, in_axes):
    """Sizes of the mapped axes of `args` (as JAX would read them)."""
    axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(args)
    if len(axes) != len(args):
        raise ValueError(f"vmap: `in_axes` has {len(axes)} entries but the function got "
                         f"{len(args)} positional arguments")
    sizes = []
    for arg, ax in zip(args, axes):
        if isinstance(ax, tuple):
            sizes += _mapped_sizes(tuple(arg), ax)
            continue
        if ax is None:
            continue
        for leaf in jax.tree.leaves(arg):
            shape = np.shape(leaf)
            if not -len(shape) <= ax < len(shape):
                raise ValueError(f"vmap: in_axes {ax} is out of range for an argument of shape "
                                 f"{shape}")
            sizes.append(shape[ax])
    return sizes


def vmap(fn, in_axes=0, out_axes=0):
    """Vectorise `fn` over a batch axis, with MindSpore's `in_axes` / `out_axes`.

    Args:
        fn: a function, a Cell (Parameters shared across the batch), or a CellList of
            identically structured Cells (an ensemble: Parameters stacked and mapped;
            the mapped size must equal the list length).
        in_axes: int, None, or a tuple/list with one entry per positional argument
            (nested to match tuple arguments); at least one must be mapped.
        out_axes: int, None or a tuple/list per output. Unmapped outputs are broadcast.

    Example:
        >>> import msfunc as ms
        >>> f = ms.vmap(lambda x, y: x * y, in_axes=(0, None))
        >>> f(ms.Tensor([1.0, 2.0]), ms.Tensor(3.0)).tolist()
        [3.0, 6.0]
    """
    from ..nn.containers import CellList

    in_axes = _normalize_axes(in_axes, "vmap", "in_axes")
    out_axes = _normalize_axes(out_axes, "vmap", "out_axes")
    if isinstance(fn, CellList):
        return _ensemble_vmap(fn, in_axes, out_axes)
    if not callable(fn):
        raise TypeError(f"vmap: `fn` must be callable, got {type(fn).__name__}")
    if _all_none(in_axes):
        raise ValueError("vmap: at least one entry of `in_axes` must be mapped (not None)")

    def batched(*args):
        args, _ = unwrap_args(args, {})
        return _run(fn, args, in_axes, out_axes, None)[0]

    batched.__name__ = f"vmap({getattr(fn, '__name__', type(fn).__name__)})"
    return batched


def _run(fn, args, in_axes, out_axes, ensemble):
    """jax.vmap of fn over args; ensemble = (template params, stacked values) or None."""
    _counter[0] += 1
    axis_name = f"msfunc_vmap_{_counter[0]}"
    written = []
    template = ensemble[0] if ensemble else ()
    template_ids = {id(p) for p in template}

    def body(param_values, *xs):
        _AXES.append(axis_name)
        try:
            lifted = {id(p): v for p, v in zip(template, param_values)}
            with Frame(lifted, owner="msfunc.vmap") as frame:
                out = strip_parameters(fn(*xs))
        finally:
            _AXES.pop()
        pairs = frame.written()
        written[:] = [p for p, _ in pairs]
        mapped = {i: v for i, (p, v) in enumerate(pairs) if id(p) in template_ids}
        shared = {i: v for i, (p, v) in enumerate(pairs) if id(p) not in template_ids}
        return out, mapped, shared

    param_values = ensemble[1] if ensemble else ()
    axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(args)
    if len(axes) != len(args):
        raise ValueError(f"vmap: `in_axes` has {len(axes)} entries but the function got "
                         f"{len(args)} positional arguments")
    param_axes = 0 if ensemble else None
    try:
        out, mapped, shared = jax.vmap(
            body, in_axes=(param_axes, *axes), out_axes=(out_axes, 0, None),
            axis_name=axis_name)(param_values, *args)
    except ValueError as exc:
        if "out_axes" in str(exc) and "None" in str(exc):
            names = ", ".join(f"'{p.name}'" for p in written if id(p) not in template_ids)
            raise ValueError(
                f"vmap: a Parameter written inside the vmapped function ({names}) got a "
                "per-element value; only writes that are the same for every element (or the "
                "Parameters of a CellList ensemble) can be carried out of vmap") from exc
        raise
    commit((written[i], v) for i, v in shared.items())
    return out, mapped, written


def _ensemble_vmap(cells, in_axes, out_axes):
    members = list(cells)
    if not members:
        raise ValueError("vmap: the CellList ensemble is empty")
    structure = jax.tree.structure(members[0])
    for i, cell in enumerate(members[1:], 1):
        if jax.tree.structure(cell) != structure:
            raise ValueError(f"vmap: CellList item {i} is not structured like item 0; an "
                             "ensemble needs identically structured Cells")
    template = list(members[0].get_parameters())
    per_member = [list(c.get_parameters()) for c in members]

    def batched(*args):
        args, _ = unwrap_args(args, {})
        sizes = set(_mapped_sizes(args, in_axes)) if not _all_none(in_axes) else set()
        if sizes and sizes != {len(members)}:
            raise ValueError(f"vmap: the mapped axis has size {sorted(sizes)} but the CellList "
                             f"ensemble has {len(members)} Cells; they must be equal")
        stacked = tuple(jnp.stack([read(ps[j]) for ps in per_member])
                        for j in range(len(template)))
        out, mapped, written = _run(members[0], args, in_axes, out_axes, (template, stacked))
        index = {id(p): j for j, p in enumerate(template)}
        for i, value in mapped.items():
            j = index[id(written[i])]
            commit((ps[j], value[k]) for k, ps in enumerate(per_member))
        return out

    return batched
