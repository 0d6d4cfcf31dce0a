"""``t[index] = value`` on an immutable array: the updated array, for every index MindSpore takes.

The index follows numpy's rules (ints, slices, ellipsis, None, integer arrays,
Tensors and lists, boolean masks, tuples of these, advanced-index placement),
with MindSpore's reading of a list that holds lists or Tensors as a tuple. The
value broadcasts to the indexed shape and is cast to the array's dtype the way
MindSpore casts (integers wrap, floats truncate toward zero).

Two paths build the result. A single boolean mask whose value is the same for
every selected element becomes ``jnp.where`` over the masked dims, so it needs
no concrete mask and works under ``jit`` and ``vmap``. Everything else is one
``array.at[index].set``, with boolean masks turned into their ``nonzero``
positions, which needs a concrete mask. Concrete indices are bounds-checked
(``IndexError``) before anything runs, because JAX would clamp or drop them.
Tensor hands the index and the value over as arrays (`tensor.unwrap`), so this module
sees no Tensor.
"""

import operator
import warnings

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import to_concrete_value
from .constant_fold import CONVERSION_ERRORS
from .promotion import float32_scalar

__all__ = ["set_items", "get_items", "IndexShapeError"]

_Tracer = jax.core.Tracer
_to_concrete = to_concrete_value

# Kinds of index components.
_INT, _SLICE, _NONE, _ARRAY, _MASK, _ELLIPSIS = "int", "slice", "none", "array", "mask", "..."


class IndexShapeError(IndexError, ValueError):
    """A boolean mask or index out of step with the Tensor's shape.

    numpy raises IndexError here and MindSpore ValueError; this is both.
    """


class _Component:
    """One entry of an index tuple: its kind, the index object and how many dims it consumes."""

    __slots__ = ("kind", "obj", "ndim")

    def __init__(self, kind, obj, ndim):
        self.kind, self.obj, self.ndim = kind, obj, ndim


def set_items(array, index, value):
    """`array` with ``array[index]`` replaced by `value` (broadcast, cast to array's dtype).

    Example:
        >>> import jax.numpy as jnp
        >>> set_items(jnp.zeros(3), jnp.array([True, False, True]), 2).tolist()
        [2.0, 0.0, 2.0]
        >>> set_items(jnp.zeros((2, 2), jnp.int32), (slice(None), 1), [7.9, -7.9]).tolist()
        [[0, 7], [0, -7]]
    """
    comps = _components(index, array.shape)
    value = _as_value(value, array.dtype)
    masks = [c for c in comps if c.kind == _MASK]
    if masks:
        if len(masks) == 1 and not any(c.kind == _ARRAY for c in comps):
            result = _set_where(array, comps, masks[0], value)
            if result is not None:
                return result
        comps = _masks_to_positions(comps)
    return _set_scatter(array, comps, value)


def get_items(array, index):
    """``array[index]`` with the same index rules and bounds checks as `set_items`.

    Lists index as MindSpore reads them (a flat list is an integer or boolean array,
    a list holding lists or Tensors is a tuple); a concrete out-of-range index
    raises IndexError instead of JAX's silent clamping.

    Example:
        >>> import jax.numpy as jnp
        >>> get_items(jnp.arange(6).reshape(2, 3), [[1, 0], [2, 2]]).tolist()
        [5, 2]
    """
    _check_read_index(index)
    comps = _components(index, array.shape, "Tensor.__getitem__")
    return array[tuple(c.obj for c in comps)]


def _check_read_index(index):
    """IndexError for the Python indices MindSpore refuses to read with (writes take them).

    A read with ``False`` (alone or in a tuple), an empty list or a list of only ``False``
    selects nothing; MindSpore raises rather than return an empty Tensor.
    """
    where = "Tensor.__getitem__"
    items = index if type(index) is tuple else (index,)
    for item in items:
        if isinstance(item, (bool, np.bool_)) and not item:
            raise IndexError(f"{where}: a bool index must be True (False selects nothing)")
    if isinstance(index, list) and not any(not isinstance(i, (bool, np.bool_)) or i for i in index):
        raise IndexError(f"{where}: a list index must not be empty or all False")


# -- the index -------------------------------------------------------------------------
def _components(index, shape, where="Tensor.__setitem__"):
    """The index as a list of components covering every dim, checked against `shape`."""
    if type(index) is tuple:
        items = index
    elif isinstance(index, list) and any(
        isinstance(i, (list, tuple, slice, np.ndarray, jax.Array, _Tracer))
        or i is None
        or i is Ellipsis
        for i in index
    ):
        items = tuple(index)  # MindSpore reads a list holding sequences or Tensors as a tuple
    else:
        items = (index,)
    comps = [_component(item, where) for item in items]
    if sum(c.kind == _ELLIPSIS for c in comps) > 1:
        raise IndexError(f"{where}: an index can only have a single ellipsis ('...')")
    consumed = sum(c.ndim for c in comps)
    if consumed > len(shape):
        # MindSpore's assignment through a boolean mask of too many dims is a ValueError
        masked = where == "Tensor.__setitem__" and any(c.kind == _MASK for c in comps)
        raise (IndexShapeError if masked else IndexError)(
            f"{where}: too many indices for a Tensor of shape "
            f"{tuple(shape)}: the index covers {consumed} dims"
        )
    fill = [_Component(_SLICE, slice(None), 1) for _ in range(len(shape) - consumed)]
    at = next((i for i, c in enumerate(comps) if c.kind == _ELLIPSIS), len(comps))
    comps = comps[:at] + fill + comps[at + 1 :]
    _check_bounds(comps, shape, where)
    return comps


def _component(item, where):
    if item is None:
        return _Component(_NONE, None, 0)
    if item is Ellipsis:
        return _Component(_ELLIPSIS, None, 0)
    if isinstance(item, slice):
        return _Component(
            _SLICE, slice(*(_slice_bound(b, where) for b in (item.start, item.stop, item.step))), 1
        )
    if isinstance(item, (bool, np.bool_)):
        return _Component(_MASK, np.asarray(item), 0)
    if isinstance(item, (int, np.integer)):
        return _Component(_INT, int(item), 1)
    if isinstance(item, (list, tuple)):
        item = _sequence_index(item)
    if isinstance(item, (np.ndarray, jax.Array, _Tracer)):
        if item.dtype == np.bool_:
            return _Component(_MASK, item, item.ndim)
        if not np.issubdtype(item.dtype, np.integer):
            raise IndexError(
                f"{where}: an index Tensor must hold integers or bools, got dtype {item.dtype}"
            )
        if item.ndim == 0:
            return _Component(_INT, item, 1)  # a 0-d integer array indexes like an int
        return _Component(_ARRAY, item, 1)
    raise IndexError(
        f"{where}: an index must be an int, slice, ellipsis, None, bool, "
        f"Tensor, list or tuple of these, got {type(item).__name__}"
    )


def _slice_bound(bound, where):
    if bound is None or isinstance(bound, int):
        return bound
    try:
        return operator.index(bound)
    except CONVERSION_ERRORS:  # a traced bound: graph mode runs the call eagerly on it
        raise
    except TypeError as exc:
        raise IndexError(
            f"{where}: slice bounds must be ints or integer scalars "
            f"known before tracing, got {bound!r}"
        ) from exc


def _sequence_index(items):
    items = list(items)
    if any(isinstance(x, _Tracer) for x in jax.tree.leaves(items)):
        return jnp.asarray(items)
    arr = np.asarray(items)
    if arr.size == 0:
        arr = arr.astype(np.int64)
    return arr


def _concrete(x):
    """`x` as a numpy array, or None when it is traced and its value is unknown."""
    if not isinstance(x, _Tracer):
        return np.asarray(x)
    value = _to_concrete(x)
    return None if value is None else np.asarray(value)


def _check_bounds(comps, shape, where):
    dim = 0
    for c in comps:
        if c.kind == _INT or c.kind == _ARRAY:
            size = shape[dim]
            values = _concrete(c.obj)
            if values is not None and values.size:
                low, high = int(values.min()), int(values.max())
                bad = high if high >= size else low if low < -size else None
                if bad is not None:
                    error = IndexError if c.kind == _INT else IndexShapeError
                    raise error(
                        f"{where}: index {bad} is out of bounds for dim {dim} with size {size}"
                    )
        elif c.kind == _MASK:
            covered = tuple(shape[dim : dim + c.ndim])
            if tuple(c.obj.shape) != covered:
                raise IndexShapeError(
                    f"{where}: the boolean mask has shape {tuple(c.obj.shape)}, which "
                    f"does not match the shape {covered} of the dims it indexes "
                    f"(dims {dim}..{dim + c.ndim - 1} of {tuple(shape)})"
                )
        dim += c.ndim


def _masks_to_positions(comps):
    """Boolean masks replaced by the integer arrays of their True positions (numpy's rule)."""
    out = []
    for c in comps:
        if c.kind != _MASK:
            out.append(c)
            continue
        mask = _concrete(c.obj)
        if mask is None:
            raise ValueError(
                "Tensor.__setitem__: this boolean-mask write needs the mask's values, but the "
                "mask is traced (inside jit, vmap or another transform). Under tracing, "
                "`x[mask] = value` works when `value` is the same for every selected element "
                "(a scalar, or a value broadcasting over the masked dims) and the mask is the only "
                "array index; one value per selected element (or a mask combined with other "
                "array indices) needs a mask computed outside the transform"
            )
        if mask.ndim == 0:
            # A 0-d mask among other array indices: True selects everything, adding nothing.
            if not mask:
                return None
            continue
        out.extend(_Component(_ARRAY, positions, 1) for positions in np.nonzero(mask))
    return out


def _layout(shape, comps):
    """numpy's shape of ``array[index]``, and the advanced-index block's start and length.

    A mask (only `_set_where` still has one here) counts as selecting one element: the
    value must then be the same for every selected element.
    """
    advanced = any(c.kind in (_ARRAY, _MASK) for c in comps)
    is_adv = [c.kind in (_ARRAY, _MASK) or (advanced and c.kind == _INT) for c in comps]
    basic, adv_at, dim = [], None, 0
    for c, adv in zip(comps, is_adv):
        if adv and adv_at is None:
            adv_at = len(basic)
        if c.kind == _SLICE:
            basic.append(len(range(*c.obj.indices(shape[dim]))))
        elif c.kind == _NONE:
            basic.append(1)
        dim += c.ndim
    if not advanced:
        return tuple(basic), 0, 0
    positions = [i for i, adv in enumerate(is_adv) if adv]
    if positions != list(range(positions[0], positions[-1] + 1)):
        adv_at = 0  # advanced indices apart: their dims go first (numpy's rule)
    adv_shape = np.broadcast_shapes(
        *((1,) if c.kind == _MASK else np.shape(c.obj) for c, adv in zip(comps, is_adv) if adv)
    )
    n = len(adv_shape)
    target = tuple(basic[:adv_at]) + tuple(adv_shape) + tuple(basic[adv_at:])
    return target, adv_at, n


# -- the value -------------------------------------------------------------------------
def _as_value(value, dtype):
    """`value` as an array of `dtype`, cast as MindSpore casts (integers wrap around); a
    Python float is MindSpore's float32 scalar (a float64 Tensor gets its rounding)."""
    value = float32_scalar(value)
    if isinstance(value, (list, tuple)):
        value = list(value)
        if any(isinstance(x, _Tracer) for x in jax.tree.leaves(value)):
            value = jnp.asarray(value)
        else:
            value = np.asarray(value)
    if isinstance(value, (jax.Array, _Tracer)):
        return value if value.dtype == dtype else value.astype(dtype)
    if isinstance(value, (bool, int, float, complex, np.generic, np.ndarray)):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            value = np.asarray(value).astype(dtype)
        return value
    raise TypeError(
        f"Tensor.__setitem__: the value must be a Tensor, array, number or a list of "
        f"numbers, got {type(value).__name__}"
    )


def _fit(value, target):
    """`value` broadcast to `target` (numpy's rule: extra leading size-1 dims are dropped)."""
    if not _fit_shape(value.shape, target):
        return None
    shape = _strip_leading_ones(value.shape, len(target))
    return jnp.broadcast_to(jnp.reshape(value, shape), target)


def _broadcast_error(value, target):
    return ValueError(
        f"Tensor.__setitem__: a value of shape {tuple(np.shape(value))} cannot be "
        f"broadcast to the indexed shape {tuple(target)}"
    )


# -- the two ways to write ---------------------------------------------------------------
def _set_scatter(array, comps, value):
    if comps is None:  # a False 0-d mask: nothing selected
        return array
    index = tuple(c.obj for c in comps)
    if np.ndim(value) == 0:
        return array.at[index].set(value)
    target = _layout(array.shape, comps)[0]
    if not _fit_shape(value.shape, target):
        raise _broadcast_error(value, target)
    if value.ndim > len(target):
        value = jnp.reshape(value, _strip_leading_ones(value.shape, len(target)))
    deduplicated = _last_writes(array.shape, comps, value, target)
    if deduplicated is not None:
        index, value = deduplicated
    return array.at[index].set(value)  # JAX broadcasts the rest


def _last_writes(shape, comps, value, target):
    """(index, value) keeping only the last write to each repeated position, or None.

    numpy and MindSpore let the last of several writes to one element win; XLA's
    scatter leaves the order unspecified (GPUs differ from run to run). With
    concrete integer arrays the repeats are dropped here, so every backend agrees.
    """
    if not any(c.kind == _ARRAY for c in comps):
        return None
    _, adv_at, adv_len = _layout(shape, comps)
    dims, arrays = [], []
    dim = 0
    for c in comps:
        if c.kind in (_ARRAY, _INT):
            values = _concrete(c.obj)
            if values is None:
                return None  # traced positions: left to XLA
            dims.append(shape[dim])
            arrays.append(np.where(values < 0, values + shape[dim], values))
        dim += c.ndim
    flat = np.ravel_multi_index(np.broadcast_arrays(*arrays), dims).ravel()
    if np.unique(flat).size == flat.size:
        return None
    _, first_from_end = np.unique(flat[::-1], return_index=True)
    keep = np.sort(flat.size - 1 - first_from_end)
    arrays = [a.ravel()[keep] for a in np.broadcast_arrays(*arrays)]
    index, adv = [], iter(arrays)
    for c in comps:
        index.append(next(adv) if c.kind in (_ARRAY, _INT) else c.obj)
    value = jnp.broadcast_to(value, target)
    value = jnp.reshape(value, target[:adv_at] + (-1,) + target[adv_at + adv_len :])
    return tuple(index), jnp.take(value, keep, axis=adv_at)


def _set_where(array, comps, mask_comp, value):
    """``jnp.where`` over the masked dims, or None when the value differs per selected element."""
    target, adv_at, adv_len = _layout(array.shape, comps)
    fitted = _fit(value, target)
    if fitted is None:
        if not _fits_any_selection(np.shape(value), target, adv_at):
            raise _broadcast_error(value, target)
        return None  # one value per selected element: the positions path
    mask = mask_comp.obj
    concrete = _concrete(mask) if mask.ndim == 0 else None
    if concrete is not None and not concrete:
        return array  # a False 0-d mask selects nothing
    # The value without the selection dim, then with one dim per mask dim.
    rest = jnp.reshape(fitted, target[:adv_at] + target[adv_at + adv_len :])
    sub_index = []
    for c in comps:
        sub_index.extend([slice(None)] * c.ndim if c.kind == _MASK else [c.obj])
    before = 0  # dims of the sub-array before the mask's
    for c in comps:
        if c is mask_comp:
            break
        before += c.kind in (_SLICE, _NONE)
    k = mask.ndim
    value_sub = jnp.reshape(rest, rest.shape[:before] + (1,) * k + rest.shape[before:])
    full = all(isinstance(i, slice) and i == slice(None) for i in sub_index)
    sub = array if full else array[tuple(sub_index)]
    mask_sub = jnp.reshape(mask, (1,) * before + tuple(mask.shape) + (1,) * (sub.ndim - before - k))
    updated = jnp.where(mask_sub, value_sub, sub)
    return updated if full else array.at[tuple(sub_index)].set(updated)


def _fits_any_selection(shape, target, adv_at):
    """Whether a value of `shape` fits `target` once its selection dim may take any length."""
    shape = _strip_leading_ones(shape, len(target))
    at = adv_at - (len(target) - len(shape))  # the value's dim aligned with the selection
    if at < 0 or len(shape) > len(target):
        return False
    trial = target[:adv_at] + (shape[at],) + target[adv_at + 1 :]
    return _fit_shape(shape, trial)


def _strip_leading_ones(shape, ndim):
    shape = tuple(shape)
    while len(shape) > ndim and shape[0] == 1:
        shape = shape[1:]
    return shape


def _fit_shape(shape, target):
    shape = _strip_leading_ones(shape, len(target))
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False
