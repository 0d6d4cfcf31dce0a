"""Shape and layout: reshaping, joining, splitting, flipping, padding, tiling."""

import jax.numpy as jnp

from ..common.args import array_like, norm_axis

__all__ = [
    "append",
    "array_split",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "broadcast_arrays",
    "broadcast_to",
    "column_stack",
    "concatenate",
    "dsplit",
    "dstack",
    "expand_dims",
    "flip",
    "fliplr",
    "flipud",
    "hsplit",
    "hstack",
    "moveaxis",
    "pad",
    "ravel",
    "repeat",
    "reshape",
    "roll",
    "rollaxis",
    "rot90",
    "split",
    "squeeze",
    "stack",
    "swapaxes",
    "tile",
    "transpose",
    "vsplit",
    "vstack",
]


def _arrays(xs, fname, argname):
    if not isinstance(xs, (list, tuple)) and not hasattr(xs, "shape"):
        raise TypeError(
            f"{fname}: `{argname}` must be a sequence of arrays or an array, "
            f"got {type(xs).__name__}"
        )
    return xs


def reshape(x, new_shape):
    """`x` with shape `new_shape` (one entry may be -1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.reshape(mnp.arange(6), (2, -1)).shape
        (2, 3)
    """
    return jnp.reshape(array_like(x), new_shape)


def ravel(x):
    """`x` flattened to 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.ravel(mnp.ones((2, 3))).shape
        (6,)
    """
    return jnp.ravel(array_like(x))


def expand_dims(a, axis):
    """`a` with a new axis of length one at `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.expand_dims(mnp.ones(3), 0).shape
        (1, 3)
    """
    return jnp.expand_dims(array_like(a), axis)


def squeeze(a, axis=None):
    """`a` without its length-one axes (or just `axis`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.squeeze(mnp.ones((1, 3, 1))).shape
        (3,)
    """
    return jnp.squeeze(array_like(a), axis)


def transpose(a, axes=None):
    """`a` with its axes permuted (reversed by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.transpose(mnp.ones((2, 3))).shape
        (3, 2)
    """
    return jnp.transpose(array_like(a), axes)


def swapaxes(x, axis1, axis2):
    """`x` with two axes interchanged.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.swapaxes(mnp.ones((2, 3)), 0, 1).shape
        (3, 2)
    """
    x = jnp.asarray(array_like(x))
    axis1 = norm_axis(axis1, x.ndim, "axis1")
    axis2 = norm_axis(axis2, x.ndim, "axis2")
    return jnp.swapaxes(x, axis1, axis2)


def moveaxis(a, source, destination):
    """`a` with axes moved from `source` to `destination`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.moveaxis(mnp.ones((2, 3, 4)), 0, -1).shape
        (3, 4, 2)
    """
    return jnp.moveaxis(array_like(a), source, destination)


def rollaxis(x, axis, start=0):
    """`x` with `axis` rolled back until it lies before position `start`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.rollaxis(mnp.ones((2, 3, 4)), 2).shape
        (4, 2, 3)
    """
    return jnp.rollaxis(array_like(x), axis, start)


def broadcast_to(array, shape):
    """`array` broadcast to `shape`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.broadcast_to(mnp.ones(3), (2, 3)).shape
        (2, 3)
    """
    return jnp.broadcast_to(array_like(array), shape)


def broadcast_arrays(*args):
    """The arguments broadcast against each other, as a list.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.broadcast_arrays(mnp.ones(3), mnp.ones((2, 1)))]
        [(2, 3), (2, 3)]
    """
    return list(jnp.broadcast_arrays(*[array_like(a) for a in args]))


def _atleast(jfn, arys):
    out = jfn(*[array_like(a) for a in arys])
    return list(out) if isinstance(out, (list, tuple)) else out


def atleast_1d(*arys):
    """Each input as an array of at least one dimension (a list when several).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_1d(mnp.array(1.0)).shape
        (1,)
    """
    return _atleast(jnp.atleast_1d, arys)


def atleast_2d(*arys):
    """Each input as an array of at least two dimensions (a list when several).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_2d(mnp.ones(3)).shape
        (1, 3)
    """
    return _atleast(jnp.atleast_2d, arys)


def atleast_3d(*arys):
    """Each input as an array of at least three dimensions (a list when several).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_3d(mnp.ones(3)).shape
        (1, 3, 1)
    """
    return _atleast(jnp.atleast_3d, arys)


def concatenate(arrays, axis=0):
    """Join arrays along an existing axis (None flattens them first).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.concatenate((mnp.ones(2), mnp.zeros(1))).tolist()
        [1.0, 1.0, 0.0]
    """
    return jnp.concatenate(_arrays(arrays, "concatenate", "arrays"), axis)


def stack(arrays, axis=0):
    """Join arrays along a new axis.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.stack([mnp.ones(3), mnp.zeros(3)]).shape
        (2, 3)
    """
    return jnp.stack(_arrays(arrays, "stack", "arrays"), axis)


def hstack(tup):
    """Join arrays column-wise (along axis 1, or 0 for 1-D).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.hstack((mnp.ones(2), mnp.ones(3))).shape
        (5,)
    """
    return jnp.hstack(_arrays(tup, "hstack", "tup"))


def vstack(tup):
    """Join arrays row-wise (1-D inputs become rows).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.vstack((mnp.ones(3), mnp.ones(3))).shape
        (2, 3)
    """
    return jnp.vstack(_arrays(tup, "vstack", "tup"))


def dstack(tup):
    """Join arrays depth-wise (along axis 2).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.dstack((mnp.ones(3), mnp.ones(3))).shape
        (1, 3, 2)
    """
    return jnp.dstack(_arrays(tup, "dstack", "tup"))


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.column_stack((mnp.ones(3), mnp.zeros(3))).shape
        (3, 2)
    """
    return jnp.column_stack(_arrays(tup, "column_stack", "tup"))


def append(arr, values, axis=None):
    """`values` appended to `arr` (both flattened when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.append(mnp.array([1, 2]), mnp.array([3])).tolist()
        [1, 2, 3]
    """
    return jnp.append(array_like(arr), array_like(values), axis)


def split(x, indices_or_sections, axis=0):
    """Split into equal sections or at the given indices (a list of arrays).

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.split(mnp.arange(4), 2)]
        [[0, 1], [2, 3]]
    """
    return list(jnp.split(array_like(x), array_like(indices_or_sections), axis))


def array_split(x, indices_or_sections, axis=0):
    """Like `split`, but allows sections of unequal length.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.array_split(mnp.arange(3), 2)]
        [[0, 1], [2]]
    """
    return list(jnp.array_split(array_like(x), array_like(indices_or_sections), axis))


def hsplit(x, indices_or_sections):
    """`split` along axis 1 (axis 0 for 1-D input).

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.hsplit(mnp.ones((2, 4)), 2))
        2
    """
    return list(jnp.hsplit(array_like(x), array_like(indices_or_sections)))


def vsplit(x, indices_or_sections):
    """`split` along axis 0.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.vsplit(mnp.ones((4, 2)), 2))
        2
    """
    return list(jnp.vsplit(array_like(x), array_like(indices_or_sections)))


def dsplit(x, indices_or_sections):
    """`split` along axis 2.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.dsplit(mnp.ones((1, 1, 4)), 2))
        2
    """
    return list(jnp.dsplit(array_like(x), array_like(indices_or_sections)))


def flip(m, axis=None):
    """`m` with the order of elements reversed along `axis` (all axes by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.flip(mnp.array([1, 2, 3])).tolist()
        [3, 2, 1]
    """
    return jnp.flip(array_like(m), axis)


def fliplr(m):
    """`m` flipped left to right (axis 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.fliplr(mnp.array([[1, 2]])).tolist()
        [[2, 1]]
    """
    return jnp.fliplr(array_like(m))


def flipud(m):
    """`m` flipped upside down (axis 0).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.flipud(mnp.array([[1], [2]])).tolist()
        [[2], [1]]
    """
    return jnp.flipud(array_like(m))


def rot90(a, k=1, axes=(0, 1)):
    """`a` rotated by 90 degrees `k` times in the plane of `axes`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.rot90(mnp.array([[1, 2], [3, 4]])).tolist()
        [[2, 4], [1, 3]]
    """
    return jnp.rot90(array_like(a), k, tuple(axes))


def roll(a, shift, axis=None):
    """Elements shifted cyclically by `shift` along `axis` (flattened when None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.roll(mnp.array([1, 2, 3]), 1).tolist()
        [3, 1, 2]
    """
    return jnp.roll(array_like(a), shift, axis)


def repeat(a, repeats, axis=None):
    """Each element repeated `repeats` times (flattened when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.repeat(mnp.array([1, 2]), 2).tolist()
        [1, 1, 2, 2]
    """
    return jnp.repeat(array_like(a), array_like(repeats), axis)


def tile(a, reps):
    """`a` repeated `reps` times along each axis.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.tile(mnp.array([1, 2]), 2).tolist()
        [1, 2, 1, 2]
    """
    return jnp.tile(array_like(a), reps)


_PAD_MODES = (
    "constant",
    "edge",
    "linear_ramp",
    "maximum",
    "mean",
    "median",
    "minimum",
    "reflect",
    "symmetric",
    "wrap",
    "empty",
)


def _nested_tuple(v):
    # jnp.pad takes these arguments as static (hashed), so lists become tuples.
    if isinstance(v, (list, tuple)):
        return tuple(_nested_tuple(i) for i in v)
    return v


def pad(
    arr,
    pad_width,
    mode="constant",
    stat_length=None,
    constant_values=0,
    end_values=0,
    reflect_type="even",
    **kwargs,
):
    """`arr` padded by `pad_width` using `mode` (numpy's modes, or a callable).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.pad(mnp.array([1, 2]), 1).tolist()
        [0, 1, 2, 0]
        >>> x = mnp.array([1.0, 2.0])
        >>> mnp.pad(x, [[1, 1]], mode="linear_ramp", end_values=[[0, 4]]).tolist()
        [0.0, 1.0, 2.0, 4.0]
    """
    x = array_like(arr)
    if callable(mode):
        return jnp.pad(x, pad_width, mode, **kwargs)
    if mode not in _PAD_MODES:
        raise ValueError(f"pad: `mode` must be one of {_PAD_MODES} or a callable, got {mode!r}")
    extra = {}
    if mode == "constant":
        extra["constant_values"] = constant_values
    elif mode == "linear_ramp":
        extra["end_values"] = _nested_tuple(end_values)
    elif mode in ("maximum", "mean", "median", "minimum"):
        extra["stat_length"] = _nested_tuple(stat_length)
    elif mode in ("reflect", "symmetric"):
        extra["reflect_type"] = reflect_type
    elif mode == "empty":
        mode = "constant"
    return jnp.pad(x, pad_width, mode, **extra)
