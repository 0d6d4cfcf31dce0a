"""Differences, numerical derivatives and integrals, interpolation and phase unwrapping."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.args import array_like, check_int, to_float

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "diff",
    "ediff1d",
    "gradient",
    "interp",
    "trapz",
    "unwrap",
]


def diff(
    a: ArrayLike,
    n: int = 1,
    axis: int = -1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> Array:
    """The `n`-th discrete difference along `axis`: ``a[1:] - a[:-1]``, applied `n` times.

    Args:
        a (Tensor): Input.
        n (int): How many times to difference; 0 returns `a`. Default: ``1``.
        axis (int): Axis along which to difference. Default: ``-1``.
        prepend (Union[Tensor, int, float, None]): Values put before `a` along `axis` first.
            Default: ``None``.
        append (Union[Tensor, int, float, None]): Values put after `a` along `axis` first.
            Default: ``None``.

    Returns:
        Tensor, `a`'s shape with `axis` shorter by `n` (after any prepend/append).

    Raises:
        ValueError: `n` is negative.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.diff(mnp.array([1, 4, 9])))
        [3 5]
    """
    n = check_int(n, "n", fname="diff")
    if n < 0:
        raise ValueError(f"diff: `n` must be non-negative, got {n}")
    return jnp.diff(array_like(a), n, axis, array_like(prepend), array_like(append))


def ediff1d(
    ary: ArrayLike, to_end: ArrayLike | None = None, to_begin: ArrayLike | None = None
) -> Array:
    """Differences between consecutive elements of the flattened array, with optional ends.

    Args:
        ary (Tensor): Input, flattened first.
        to_end (Union[Tensor, int, float, None]): Values appended to the differences.
            Default: ``None``.
        to_begin (Union[Tensor, int, float, None]): Values put before the differences.
            Default: ``None``.

    Returns:
        Tensor, 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ediff1d(mnp.array([1, 2, 4]), to_begin=mnp.array([0])))
        [0 1 2]
    """
    return jnp.ediff1d(array_like(ary), array_like(to_end), array_like(to_begin))


def _gradient_1d(f, h, axis, edge_order):
    """Central differences along `axis` (spacing: scalar `h` or coordinates array)."""
    n = f.shape[axis]
    if n < edge_order + 1:
        raise ValueError(
            f"gradient: axis {axis} has {n} points; edge_order={edge_order} needs "
            f"at least {edge_order + 1}"
        )
    f = jnp.moveaxis(f, axis, -1)
    h = jnp.asarray(h, f.dtype)
    if h.ndim == 0:
        dx = jnp.full((n - 1,), h, f.dtype)
    else:
        if h.shape != (n,):
            raise ValueError(
                f"gradient: coordinates along axis {axis} must have {n} points, got shape {h.shape}"
            )
        dx = jnp.diff(h)
    d1, d2 = dx[:-1], dx[1:]
    interior = (
        -d2 / (d1 * (d1 + d2)) * f[..., :-2]
        + (d2 - d1) / (d1 * d2) * f[..., 1:-1]
        + d1 / (d2 * (d1 + d2)) * f[..., 2:]
    )
    if edge_order == 1:
        first = (f[..., 1] - f[..., 0]) / dx[0]
        last = (f[..., -1] - f[..., -2]) / dx[-1]
    else:
        a1, a2 = dx[0], dx[1]
        first = (
            -(2 * a1 + a2) / (a1 * (a1 + a2)) * f[..., 0]
            + (a1 + a2) / (a1 * a2) * f[..., 1]
            - a1 / (a2 * (a1 + a2)) * f[..., 2]
        )
        b1, b2 = dx[-2], dx[-1]
        last = (
            b2 / (b1 * (b1 + b2)) * f[..., -3]
            - (b1 + b2) / (b1 * b2) * f[..., -2]
            + (2 * b2 + b1) / (b2 * (b1 + b2)) * f[..., -1]
        )
    out = jnp.concatenate([first[..., None], interior, last[..., None]], axis=-1)
    return jnp.moveaxis(out, -1, axis)


def gradient(
    f: ArrayLike,
    *varargs: ArrayLike,
    axis: int | Sequence[int] | None = None,
    edge_order: int = 1,
) -> Array | list[Array]:
    """Gradient by second-order central differences (one-sided, order `edge_order`, at ends).

    Args:
        f (Tensor): Samples of a function on a regular or given grid; ints are taken as
            float32.
        varargs (Union[int, float, Tensor]): Spacing: nothing (unit spacing), one scalar for
            all axes, or one scalar or coordinate array per axis.
        axis (Union[int, Sequence[int], None]): Axes to differentiate along; ``None`` takes
            them all. Default: ``None``.
        edge_order (int): Accuracy order (1 or 2) at the boundaries. Default: ``1``.

    Returns:
        Tensor, of `f`'s shape, for one axis; a list of them, one per axis, otherwise.

    Raises:
        ValueError: `edge_order` is not 1 or 2, an axis is too short, or the number of
            spacings is wrong.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.gradient(mnp.array([1.0, 4.0, 9.0])))
        [3. 4. 5.]
    """
    f = to_float(array_like(f))
    if edge_order not in (1, 2):
        raise ValueError(f"gradient: `edge_order` must be 1 or 2, got {edge_order!r}")
    if axis is None:
        axes = tuple(range(f.ndim))
    elif isinstance(axis, int):
        axes = (axis,)
    else:
        axes = tuple(axis)
    axes = tuple(a % f.ndim for a in axes)
    spacing = [array_like(v) for v in varargs]
    if not spacing:
        spacing = [1.0] * len(axes)
    elif len(spacing) == 1 and jnp.ndim(spacing[0]) == 0:
        spacing = spacing * len(axes)
    elif len(spacing) != len(axes):
        raise ValueError(
            f"gradient: give 0, 1 or {len(axes)} spacings in `varargs`, got {len(spacing)}"
        )
    out = [_gradient_1d(f, h, ax, edge_order) for h, ax in zip(spacing, axes, strict=True)]
    return out[0] if len(out) == 1 else out


def trapz(y: ArrayLike, x: ArrayLike | None = None, dx: float = 1.0, axis: int = -1) -> Array:
    """Integral of `y` along `axis` by the trapezoidal rule (samples at `x`, or spacing `dx`).

    Args:
        y (Tensor): Samples to integrate; ints are taken as float32.
        x (Union[Tensor, None]): Sample points; ``None`` spaces them `dx` apart.
            Default: ``None``.
        dx (float): Spacing of the samples when `x` is ``None``. Default: ``1.0``.
        axis (int): Axis to integrate along. Default: ``-1``.

    Returns:
        Tensor, `y`'s shape without `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.trapz(mnp.array([1, 2, 3])))
        4.0
    """
    y = to_float(array_like(y))
    return jnp.trapezoid(y, array_like(x), array_like(dx), axis)


def interp(
    x: ArrayLike,
    xp: ArrayLike,
    fp: ArrayLike,
    left: float | None = None,
    right: float | None = None,
) -> Array:
    """Piecewise-linear interpolation of points ``(xp, fp)`` at `x` (`xp` increasing).

    Args:
        x (Tensor): Points at which to interpolate.
        xp (Tensor): Increasing 1-D sample positions.
        fp (Tensor): Sample values, of `xp`'s length.
        left (Union[float, None]): Value below ``xp[0]``; ``None`` gives ``fp[0]``.
            Default: ``None``.
        right (Union[float, None]): Value above ``xp[-1]``; ``None`` gives ``fp[-1]``.
            Default: ``None``.

    Returns:
        Tensor of floats, of `x`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.interp(mnp.array([0.5, 5.0]), mnp.array([0.0, 1.0]), mnp.array([0.0, 2.0])))
        [1. 2.]
        >>> mnp.interp(mnp.array([-1.0, 5.0]), mnp.array([0.0, 1.0]), mnp.array([0.0, 2.0]),
        ...            right=7.0).tolist()
        [0.0, 7.0]
    """
    x, xp = to_float(array_like(x)), to_float(array_like(xp))
    # `left`/`right` are applied here rather than passed to jnp.interp: jax 0.10 caches its
    # compiled interp without telling a given `left` from a given `right`.
    out = jnp.interp(x, xp, to_float(array_like(fp)))
    if left is not None:
        out = jnp.where(x < xp[0], jnp.asarray(array_like(left), out.dtype), out)
    if right is not None:
        out = jnp.where(x > xp[-1], jnp.asarray(array_like(right), out.dtype), out)
    return out


def unwrap(p: ArrayLike, discont: float = math.pi, axis: int = -1) -> Array:
    """Unwrap phase angles: jumps larger than `discont` become their 2*pi complement.

    Args:
        p (Tensor): Phase angles in radians; ints are taken as float32.
        discont (float): Largest jump kept as it is. Default: ``pi``.
        axis (int): Axis along which to unwrap. Default: ``-1``.

    Returns:
        Tensor of floats, of `p`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.around(mnp.unwrap(mnp.array([0.0, 4.0])), 4))
        [ 0.     -2.2832]
    """
    return jnp.unwrap(to_float(array_like(p)), array_like(discont), axis)
