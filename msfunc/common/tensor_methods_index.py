"""Tensor gather, scatter, masking and indexed writes in MindSpore's method forms, where one
name covers two overloads (``gather(dim, index)`` / ``gather(indices, axis)`` ...)."""

import jax
import jax.numpy as jnp
import numpy as np

from .tensor import unwrap, wrap

__all__ = ["INDEX_METHODS", "index_along", "fill_diagonal_array"]

_INDEX = jax.dtypes.canonicalize_dtype(jnp.int64)  # int32 unless JAX's 64-bit mode is on


def _is_int(x):
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def index_along(index, dim):
    """The full index tuple that reads ``out[i][j][k] = x[i][index[i][j][k]][k]`` (dim 1)."""
    index = jnp.asarray(index)
    dim = dim % index.ndim
    grids = jnp.meshgrid(*[jnp.arange(s) for s in index.shape], indexing="ij", sparse=True)
    return tuple(index if d == dim else grids[d] for d in range(index.ndim))


def _src_like(src, index, dtype):
    src = jnp.asarray(unwrap(src), dtype)
    if src.ndim == 0:
        return jnp.broadcast_to(src, index.shape)
    return src[tuple(slice(0, s) for s in index.shape)]


def gather(self, *args, **kwargs):
    """``gather(dim, index)`` picks along `dim` (``gather_elements``);
    ``gather(input_indices, axis, batch_dims=0)`` takes slices (``ops.gather``).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> x.gather(1, ms.Tensor([[1], [0]])).tolist(), x.gather(ms.Tensor([1]), 0).tolist()
        ([[2.0], [3.0]], [[3.0, 4.0]])
    """
    from .. import ops

    if "dim" in kwargs or "index" in kwargs or (args and _is_int(args[0])):
        names = ("dim", "index")
        options = dict(zip(names, args))
        options.update(kwargs)
        return ops.gather_elements(self, options["dim"], options["index"])
    return ops.gather(self, *args, **kwargs)


def scatter_add(self, *args, **kwargs):
    """``scatter_add(dim, index, src)`` adds `src` along `dim`;
    ``scatter_add(indices, updates)`` adds at N-d `indices` (``ops.tensor_scatter_add``)."""
    from .. import ops

    if len(args) + len(kwargs) >= 3:
        options = dict(zip(("dim", "index", "src"), args))
        options.update(kwargs)
        value, index = unwrap(self), jnp.asarray(unwrap(options["index"]))
        src = _src_like(options["src"], index, value.dtype)
        return wrap(value.at[index_along(index, options["dim"])].add(src))
    return ops.tensor_scatter_add(self, *args, **kwargs)


def scatter(self, axis=None, index=None, src=None, *, dim=None, value=None, reduce=None):
    """Values of `src` (or the number `value`) written along `axis` (``dim``) at `index`."""
    axis = dim if dim is not None else axis
    src = value if src is None else src
    base, index = unwrap(self), jnp.asarray(unwrap(index))
    src = _src_like(src, index, base.dtype)
    at = base.at[index_along(index, axis)]
    if reduce in (None, "none"):
        return wrap(at.set(src))
    if reduce == "add":
        return wrap(at.add(src))
    if reduce == "multiply":
        return wrap(at.multiply(src))
    raise ValueError(f"Tensor.scatter: `reduce` must be None, 'add' or 'multiply', got {reduce!r}")


def index_add(self, *args, **kwargs):
    """``index_add(dim, index, source, *, alpha=1)`` adds ``alpha * source`` at `index` of dim
    `dim`; ``index_add(indices, y, axis, ...)`` is ``ops.index_add``."""
    from .. import ops

    if "dim" in kwargs or (args and _is_int(args[0])):
        options = dict(zip(("dim", "index", "source"), args))
        options.update(kwargs)
        value = unwrap(self)
        dim = options["dim"] % value.ndim
        source = jnp.asarray(unwrap(options["source"])) * options.get("alpha", 1)
        where = (slice(None),) * dim + (jnp.asarray(unwrap(options["index"])),)
        return wrap(value.at[where].add(source.astype(value.dtype)))
    return ops.index_add(self, *args, **kwargs)


def index_copy(self, dim, index, tensor):
    """The slices `index` of dim `dim` replaced by those of `tensor` (out of place)."""
    value = unwrap(self)
    where = (slice(None),) * (dim % value.ndim) + (jnp.asarray(unwrap(index)),)
    return wrap(value.at[where].set(jnp.asarray(unwrap(tensor), value.dtype)))


def take(self, indices, axis=None, mode="clip"):
    """Values at `indices` of the flattened Tensor, or along `axis`.

    `mode` 'clip' clips out-of-range indices, 'wrap' wraps them ('raise' cannot be checked
    inside compiled code and clips).
    """
    if mode not in ("clip", "wrap", "raise"):
        raise ValueError(f"Tensor.take: `mode` must be 'raise', 'wrap' or 'clip', got {mode!r}")
    return wrap(
        jnp.take(
            unwrap(self), unwrap(indices), axis=axis, mode="wrap" if mode == "wrap" else "clip"
        )
    )


def where(self, condition, y):
    """This Tensor where `condition` holds, `y` elsewhere."""
    return wrap(jnp.where(unwrap(condition), unwrap(self), unwrap(y)))


def select(self, *args, **kwargs):
    """``select(dim, index)`` the slice `index` of dim `dim`;
    ``select(condition, y)`` this Tensor where `condition` holds, `y` elsewhere."""
    if "dim" in kwargs or (args and _is_int(args[0])):
        options = dict(zip(("dim", "index"), args))
        options.update(kwargs)
        return wrap(jnp.take(unwrap(self), int(options["index"]), axis=options["dim"]))
    options = dict(zip(("condition", "y"), args))
    options.update(kwargs)
    return where(self, options["condition"], options["y"])


def fill(self, value):
    """A Tensor of this shape and dtype filled with `value`."""
    return wrap(jnp.full_like(unwrap(self), unwrap(value)))


def masked_scatter(self, mask, source):
    """Where `mask` holds, the next values of `source` (in order); this Tensor elsewhere."""
    value = unwrap(self)
    flat_mask = jnp.broadcast_to(jnp.asarray(unwrap(mask), bool), value.shape).reshape(-1)
    position = jnp.clip(jnp.cumsum(flat_mask) - 1, 0)
    src = jnp.asarray(unwrap(source), value.dtype).reshape(-1)
    return wrap(
        jnp.where(
            flat_mask, src[jnp.clip(position, 0, src.shape[0] - 1)], value.reshape(-1)
        ).reshape(value.shape)
    )


def index_put(self, indices, values, accumulate=False):
    """`values` written (or with `accumulate`, added) at the index tuple `indices`."""
    value = unwrap(self)
    where = tuple(unwrap(i) for i in indices)
    values = jnp.asarray(unwrap(values), value.dtype)
    at = value.at[where]
    return wrap(at.add(values) if accumulate else at.set(values))


def put(self, index, source, accumulate=False):
    """`source` written (or added) at the flat positions `index` (out of place)."""
    value = unwrap(self)
    flat = value.reshape(-1)
    index = jnp.asarray(unwrap(index)).reshape(-1)
    source = jnp.asarray(unwrap(source), value.dtype).reshape(-1)
    at = flat.at[index]
    return wrap((at.add(source) if accumulate else at.set(source)).reshape(value.shape))


def choose(self, choices, mode="clip"):
    """Numpy's ``choose``: element i from ``choices[self[i]]`` (`mode` 'clip' or 'wrap')."""
    if mode not in ("clip", "wrap", "raise"):
        raise ValueError(f"Tensor.choose: `mode` must be 'raise', 'wrap' or 'clip', got {mode!r}")
    choices = unwrap(choices)
    if isinstance(choices, (list, tuple)):  # (nested Python lists are choices too)
        choices = [jnp.asarray(unwrap(c)) for c in choices]
    return wrap(jnp.choose(unwrap(self), choices, mode="wrap" if mode == "wrap" else "clip"))


def fill_diagonal_array(value, fill_value, wrap_rows=False):
    """Numpy's ``fill_diagonal`` on a copy of `value` (all dims equal beyond 2-D)."""
    if value.ndim < 2:
        raise ValueError("Tensor.fill_diagonal: the Tensor needs at least 2 dims")
    shape = value.shape
    if value.ndim == 2:
        step = shape[1] + 1
        end = value.size if wrap_rows else shape[1] * shape[1]
    else:
        if len(set(shape)) != 1:
            raise ValueError(f"Tensor.fill_diagonal: dims must all be equal, got {shape}")
        step = 1 + int(np.cumprod(shape[:-1]).sum())
        end = value.size
    positions = np.arange(0, min(end, value.size), step)
    flat = value.reshape(-1).at[positions].set(jnp.asarray(unwrap(fill_value), value.dtype))
    return flat.reshape(shape)


def fill_diagonal(self, fill_value, wrap=False):
    """A copy with the main diagonal set to `fill_value` (numpy's rule for `wrap`)."""
    from .tensor import wrap as as_tensor

    return as_tensor(fill_diagonal_array(unwrap(self), fill_value, wrap))


def itemset(self, *args):
    """Set one element in place: ``itemset(value)`` (one-element Tensor), ``itemset(i, value)``
    (flat index) or ``itemset((i, j), value)``; returns the Tensor."""
    if not args or len(args) > 2:
        raise TypeError("Tensor.itemset takes (value) or (index, value)")
    value = unwrap(self)
    if len(args) == 1:
        if value.size != 1:
            raise ValueError("Tensor.itemset(value) needs a one-element Tensor")
        return self._assign(jnp.full_like(value, unwrap(args[0])))
    index, item = args
    if isinstance(index, tuple):
        return self._assign(value.at[index].set(unwrap(item)))
    return self._assign(value.reshape(-1).at[int(index)].set(unwrap(item)).reshape(value.shape))


def nonzero(self, *, as_tuple=False):
    """Indices (int64) of the non-zero values: an (N, ndim) Tensor, or one per dim."""
    value = unwrap(self)
    found = jnp.nonzero(value)
    if as_tuple:
        return wrap(tuple(i.astype(_INDEX) for i in found))
    return wrap(
        jnp.stack(found, axis=-1).astype(_INDEX)
        if value.ndim
        else jnp.zeros((int(bool(value)), 0), _INDEX)
    )


INDEX_METHODS = {
    "gather": gather,
    "scatter_add": scatter_add,
    "scatter": scatter,
    "index_add": index_add,
    "take": take,
    "where": where,
    "select": select,
    "fill": fill,
    "masked_scatter": masked_scatter,
    "index_put": index_put,
    "choose": choose,
    "fill_diagonal": fill_diagonal,
    "itemset": itemset,
    "nonzero": nonzero,
}
