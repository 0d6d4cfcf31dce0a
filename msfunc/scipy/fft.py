"""`msfunc.scipy.fft`: type-II DCT and its inverse (dct, idct, dctn, idctn) on `jax.scipy.fft`.

Normalisation choice (deliberate, MindSpore-compatible): with `norm=None` these
return the *orthonormal* transform, as MindSpore 2.10 does (SciPy's default is
the unnormalised 'backward' transform). So code ported from MindSpore gives the
same numbers. SciPy's conventions are one argument away: pass
`norm='backward'` (SciPy's default), `'ortho'` or `'forward'` explicitly, all of
which MindSpore rejects. Integer inputs are computed in floating point. Only
type 2 is supported (as in MindSpore).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.fft as jfft

from ..common.arg_docs import document_args as _document_args
from ..common.args import static_ints
from ..common.tensor import unwrap

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["dct", "idct", "dctn", "idctn"]

_NORMS = (None, "backward", "ortho", "forward")

# Args entries that the four transforms word alike (see `common.arg_docs.document_args`).
_SIGNAL = "x (Tensor): Input; integers are computed in floating point."
_COEFFICIENTS = "x (Tensor): DCT coefficients; integers are computed in floating point."
_TYPE = "type (int): DCT type; only 2 is supported. Default: ``2``."
_NORM = (
    "norm (Union[str, None]): ``None`` (orthonormal, as MindSpore), ``'backward'``,\n"
    "    ``'ortho'`` or ``'forward'`` (SciPy's). Default: ``None``."
)
_ONE_AXIS_ARGS = (  # dct, idct
    _TYPE,
    "n (Union[int, None]): Length of the transform: `x` is cropped or zero-padded to it;\n"
    "    ``None`` keeps the axis length. Default: ``None``.",
    "axis (int): Axis to transform. Default: ``-1``.",
    _NORM,
)
_MANY_AXES_ARGS = (  # dctn, idctn
    _TYPE,
    "s (Union[Sequence[int], None]): Length of each transformed axis (crop or zero-pad).\n"
    "    Default: ``None``.",
    "axes (Union[Sequence[int], None]): Axes to transform. Default: ``None``.",
    _NORM,
)


def _prep(x, type, norm, fn):
    x = jnp.asarray(unwrap(x))
    if type != 2:
        raise NotImplementedError(f"{fn}: only `type=2` is supported, got type={type}")
    if norm not in _NORMS:
        raise ValueError(f"{fn}: `norm` must be one of {_NORMS}, got {norm!r}")
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        x = x.astype(jnp.result_type(float))
    return x, "ortho" if norm is None else norm


def _forward_scale(y, axes, inverse):
    """SciPy's 'forward' norm from the unnormalised transform (jax lacks it)."""
    size = 1
    for ax in axes:
        size *= 2 * y.shape[ax]
    return y * size if inverse else y / size


# one compiled program per call signature: eager calls would otherwise dispatch (and
# compile) each of jax.scipy.fft's many small ops
@functools.partial(jax.jit, static_argnames=("name", "norm", "n", "axis", "s", "axes"))
def _transform(x, name, norm, n=None, axis=-1, s=None, axes=None):
    fn = getattr(jfft, name)
    kw = dict(n=n, axis=axis) if name in ("dct", "idct") else dict(s=s, axes=axes)
    if norm != "forward":
        return fn(x, type=2, norm=norm, **kw)
    y = fn(x, type=2, norm=None, **kw)
    scaled = (axis,) if name in ("dct", "idct") else _axes(y, s, axes)
    return _forward_scale(y, scaled, name.startswith("i"))


def _along_axis(name, x, type, n, axis, norm):
    """`dct`'s and `idct`'s body: transform `name` along one axis, its arguments checked."""
    x, norm = _prep(x, type, norm, name)
    n, axis = static_ints(n, "n", name), static_ints(axis, "axis", name)
    return _transform(x, name, norm, n=n, axis=axis)


def _over_axes(name, x, type, s, axes, norm):
    """`dctn`'s and `idctn`'s body: transform `name` over `axes`, its arguments checked."""
    x, norm = _prep(x, type, norm, name)
    s, axes = static_ints(s, "s", name), static_ints(axes, "axes", name)
    return _transform(x, name, norm, s=s, axes=axes)


@_document_args(_SIGNAL, *_ONE_AXIS_ARGS)
def dct(
    x: ArrayLike,
    type: int = 2,  # noqa: A002
    n: int | None = None,
    axis: int = -1,
    norm: str | None = None,
) -> Array:
    """DCT-II along `axis` (orthonormal when `norm=None`, see the module docstring).

    Args:
        {args}

    Returns:
        Tensor of floats, `x`'s shape with `axis` of length `n`.

    Raises:
        NotImplementedError: `type` is not 2.
        ValueError: `norm` is unknown.
        TypeError: `n` or `axis` is not an int.

    Example:
        >>> import jax.numpy as jnp
        >>> round(float(dct(jnp.ones(4))[0]), 4)
        2.0
    """
    return _along_axis("dct", x, type, n, axis, norm)


@_document_args(_COEFFICIENTS, *_ONE_AXIS_ARGS)
def idct(
    x: ArrayLike,
    type: int = 2,  # noqa: A002
    n: int | None = None,
    axis: int = -1,
    norm: str | None = None,
) -> Array:
    """Inverse of `dct` along `axis` (orthonormal when `norm=None`).

    Args:
        {args}

    Returns:
        Tensor of floats, `x`'s shape with `axis` of length `n`.

    Raises:
        NotImplementedError: `type` is not 2.
        ValueError: `norm` is unknown.
        TypeError: `n` or `axis` is not an int.

    Example:
        >>> import jax.numpy as jnp
        >>> x = jnp.arange(3.0)
        >>> bool(jnp.allclose(idct(dct(x)), x, atol=1e-6))
        True
    """
    return _along_axis("idct", x, type, n, axis, norm)


def _axes(y, s, axes):
    if axes is not None:
        return tuple(axes)
    return tuple(range(y.ndim - len(s), y.ndim)) if s is not None else tuple(range(y.ndim))


@_document_args(_SIGNAL, *_MANY_AXES_ARGS)
def dctn(
    x: ArrayLike,
    type: int = 2,  # noqa: A002
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str | None = None,
) -> Array:
    """N-dimensional DCT-II over `axes` (all axes when None; the last len(s) when only `s`).

    Args:
        {args}

    Returns:
        Tensor of floats.

    Raises:
        NotImplementedError: `type` is not 2.
        ValueError: `norm` is unknown.
        TypeError: `s` or `axes` does not hold ints.

    Example:
        >>> import jax.numpy as jnp
        >>> round(float(dctn(jnp.ones((2, 2)))[0, 0]), 4)
        2.0
    """
    return _over_axes("dctn", x, type, s, axes, norm)


@_document_args(_COEFFICIENTS, *_MANY_AXES_ARGS)
def idctn(
    x: ArrayLike,
    type: int = 2,  # noqa: A002
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str | None = None,
) -> Array:
    """Inverse of `dctn` (orthonormal when `norm=None`).

    Args:
        {args}

    Returns:
        Tensor of floats.

    Raises:
        NotImplementedError: `type` is not 2.
        ValueError: `norm` is unknown.
        TypeError: `s` or `axes` does not hold ints.

    Example:
        >>> import jax.numpy as jnp
        >>> round(float(idctn(dctn(jnp.ones((2, 2))))[1, 1]), 4)
        1.0
    """
    return _over_axes("idctn", x, type, s, axes, norm)


from ..common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_tensor_namespace(globals(), __all__)
