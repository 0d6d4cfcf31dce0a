"""Functional discrete Fourier transforms: fft, rfft and hfft with their inverses, in 1, 2
and N dimensions (frequency helpers, STFT and windows: func_spectral)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import static_ints, tensor_arg

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "fft",
    "ifft",
    "fft2",
    "ifft2",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfft2",
    "irfft2",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "hfft2",
    "ihfft2",
    "hfftn",
    "ihfftn",
]

_NORMS = (None, "backward", "forward", "ortho")
_DUAL = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}

# The arguments every 1-D / multi-dimensional transform shares, written once.
_NORM_ARG = """    norm (Union[str, None]): The scaling: ``"backward"`` (``None``: none forward, 1/n
        inverse), ``"forward"`` (1/n forward, none inverse) or ``"ortho"`` (1/sqrt(n)
        both ways). Default: ``None``."""
_ARGS_1D = f"""Args:
    input (Tensor): The signal.
    n (Union[int, None]): The length of the transform along `dim`: the input is cut or
        zero-padded to it; ``None`` keeps its length. Default: ``None``.
    dim (int): The axis transformed. Default: ``-1``.
{_NORM_ARG}"""


def _args_nd(default_dim):
    default = (
        "``None`` (all axes, or the last ``len(s)``)"
        if default_dim is None
        else (f"``{default_dim}``")
    )
    return f"""Args:
    input (Tensor): The signal.
    s (Union[tuple[int], list[int], None]): The length of the transform along each axis
        in `dim`: the input is cut or zero-padded to it; ``None`` keeps the lengths.
        Default: ``None``.
    dim (Union[tuple[int], list[int], None]): The axes transformed. Default: {default}.
{_NORM_ARG}"""


def _norm(norm):
    if norm not in _NORMS:
        raise ValueError(f"`norm` must be one of {_NORMS}, got {norm!r}")
    return norm


def _lengths(n, dim, fn):
    """The length(s) and axis/axes as Python ints: MindSpore takes them also as Tensors and
    ``mutable`` values (the output shape depends on them)."""
    return static_ints(n, "s" if isinstance(n, (list, tuple)) else "n", fn), static_ints(
        dim, "dim", fn
    )


def _one(jfn, summary, returns, example):
    def f(input: ArrayLike, n: int | None = None, dim: int = -1, norm: str | None = None) -> Array:
        n, dim = _lengths(n, dim, jfn.__name__)
        return jfn(tensor_arg(input), n=n, axis=dim, norm=_norm(norm))

    f.__doc__ = f"{summary}\n\n{_ARGS_1D}\n\nReturns:\n    {returns}\n\nExample:\n{example}"
    return f


def _many(jfn, default_dim, summary, returns, example):
    def f(
        input: ArrayLike,
        s: Sequence[int] | None = None,
        dim: Sequence[int] | None = default_dim,
        norm: str | None = None,
    ) -> Array:
        x = tensor_arg(input)
        s, axes = _lengths(s, dim, jfn.__name__)
        if axes is None and s is not None:
            axes = tuple(range(x.ndim - len(s), x.ndim))
        return jfn(x, s=s, axes=axes, norm=_norm(norm))

    f.__doc__ = (
        f"{summary}\n\n{_args_nd(default_dim)}\n\nReturns:\n    {returns}\n\nExample:\n{example}"
    )
    return f


fft = _one(
    jnp.fft.fft,
    "1-D discrete Fourier transform along `dim`: ``y[k] = sum_j x[j] exp(-2 pi i j k / n)``.",
    "Tensor, complex, `dim` of length `n`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor([1.0, 2.0, 3.0, 4.0])
    >>> print(ops.fft(x))
    [10.+0.j -2.+2.j -2.+0.j -2.-2.j]
    >>> print(ops.fft(x, norm="ortho"))
    [ 5.+0.j -1.+1.j -1.+0.j -1.-1.j]
""",
)
ifft = _one(
    jnp.fft.ifft,
    "Inverse 1-D discrete Fourier transform along `dim` (``ops.fft`` undone).",
    "Tensor, complex, `dim` of length `n`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.ifft(ms.Tensor([10.0, -2 + 2j, -2, -2 - 2j])))
    [1.+0.j 2.+0.j 3.+0.j 4.+0.j]
""",
)
rfft = _one(
    jnp.fft.rfft,
    "1-D discrete Fourier transform of a real signal, one-sided: the n // 2 + 1\n"
    "non-negative frequencies (the others are their conjugates).",
    "Tensor, complex, `dim` of length ``n // 2 + 1``.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor([1.0, 2.0, 3.0, 4.0])
    >>> print(ops.rfft(x))
    [10.+0.j -2.+2.j -2.+0.j]
    >>> print(ops.rfft(x, norm="forward"))
    [ 2.5+0.j  -0.5+0.5j -0.5+0.j ]
""",
)
irfft = _one(
    jnp.fft.irfft,
    "Inverse of ``ops.rfft``: the real signal of a one-sided spectrum.",
    "Tensor, real, `dim` of length `n` (``None``: ``2 * (m - 1)`` for m input entries).",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.irfft(ms.Tensor([10.0, -2 + 2j, -2]), n=4))
    [1. 2. 3. 4.]
""",
)
fft2 = _many(
    jnp.fft.fftn,
    (-2, -1),
    "2-D discrete Fourier transform over the axes `dim`.",
    "Tensor, complex, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.fft2(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
    [[10.+0.j -2.+0.j]
     [-4.+0.j  0.+0.j]]
""",
)
ifft2 = _many(
    jnp.fft.ifftn,
    (-2, -1),
    "Inverse 2-D discrete Fourier transform over the axes `dim`.",
    "Tensor, complex, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.real(ops.ifft2(ms.Tensor([[10.0, -2.0], [-4.0, 0.0]]))))
    [[1. 2.]
     [3. 4.]]
""",
)
rfft2 = _many(
    jnp.fft.rfftn,
    (-2, -1),
    "2-D discrete Fourier transform of a real signal, one-sided along the last axis of `dim`.",
    "Tensor, complex; the last axis of `dim` of length ``n // 2 + 1``.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.rfft2(ms.Tensor([[1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]])))
    [[14.+0.j -2.+2.j -2.+0.j]
     [ 6.+0.j -2.+2.j -2.+0.j]]
""",
)
irfft2 = _many(
    jnp.fft.irfftn,
    (-2, -1),
    "Inverse of ``ops.rfft2``: the real 2-D signal of a one-sided spectrum.",
    "Tensor, real, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.irfft2(ms.Tensor([[10.0, -2.0], [-4.0, 0.0]]), s=(2, 2)))
    [[1. 2.]
     [3. 4.]]
""",
)
fftn = _many(
    jnp.fft.fftn,
    None,
    "N-D discrete Fourier transform over the axes `dim` (by default all).",
    "Tensor, complex, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> y = ops.fftn(ms.Tensor([[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]]))
    >>> print(ops.real(y).reshape(8))  # all the sum at frequency 0
    [8. 0. 0. 0. 0. 0. 0. 0.]
""",
)
ifftn = _many(
    jnp.fft.ifftn,
    None,
    "Inverse N-D discrete Fourier transform over the axes `dim` (by default all).",
    "Tensor, complex, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.real(ops.ifftn(ms.Tensor([[4.0, 0.0], [0.0, 0.0]]))))
    [[1. 1.]
     [1. 1.]]
""",
)
rfftn = _many(
    jnp.fft.rfftn,
    None,
    "N-D discrete Fourier transform of a real signal, one-sided along the last axis of `dim`.",
    "Tensor, complex; the last axis of `dim` of length ``n // 2 + 1``.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.rfftn(ms.Tensor([[1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]])))
    [[14.+0.j -2.+2.j -2.+0.j]
     [ 6.+0.j -2.+2.j -2.+0.j]]
""",
)
irfftn = _many(
    jnp.fft.irfftn,
    None,
    "Inverse of ``ops.rfftn``: the real N-D signal of a one-sided spectrum.",
    "Tensor, real, the axes `dim` of the lengths `s`.",
    """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> y = ms.Tensor([[14.0, -2 + 2j, -2.0], [6.0, -2 + 2j, -2.0]])
    >>> print(ops.irfftn(y, s=(2, 4)))
    [[1. 2. 3. 4.]
     [1. 1. 1. 1.]]
""",
)


# Args entries that the Hermitian transforms word alike (see `document_args`).
_HALF_SIGNAL = "input (Tensor): The half signal."
_REAL_SPECTRUM = "input (Tensor): The real spectrum."
_AXIS = "dim (int): The axis transformed. Default: ``-1``."
_NORM_AS_FFT = (
    'norm (Union[str, None]): ``"backward"`` (``None``), ``"forward"`` or ``"ortho"``, as\n'
    "    for ``ops.fft``. Default: ``None``."
)
_NORM_SHORT = (
    'norm (Union[str, None]): ``"backward"`` (``None``), ``"forward"`` or ``"ortho"``.\n'
    "    Default: ``None``."
)
_CUT_LENGTHS = (
    "s (Union[tuple[int], list[int], None]): The lengths `input` is cut or padded to\n"
    "    along `dim`. Default: ``None``."
)
_TWO_AXES = "dim (Union[tuple[int], list[int]]): The two axes. Default: ``(-2, -1)``."
_ALL_AXES = (
    "dim (Union[tuple[int], list[int], None]): The axes; ``None``: all (or the last\n"
    "    ``len(s)``). Default: ``None``."
)


@document_args(
    "input (Tensor): The first half of the signal (entries 0 to n // 2).",
    "n (Union[int, None]): The length of the whole signal and of the result; ``None``\n"
    "    gives ``2 * (m - 1)`` for m input entries. Default: ``None``.",
    _AXIS,
    _NORM_AS_FFT,
)
def hfft(input: ArrayLike, n: int | None = None, dim: int = -1, norm: str | None = None) -> Array:
    """1-D discrete Fourier transform of a Hermitian-symmetric signal given by its first
    half: the spectrum is real.

    Args:
        {args}

    Returns:
        Tensor, real, `dim` of length `n`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hfft(ms.Tensor([1.0, 2.0, 3.0])))  # n = 2 * (3 - 1)
        [ 8. -2.  0. -2.]
    """
    n, dim = _lengths(n, dim, "hfft")
    return jnp.fft.irfft(jnp.conj(tensor_arg(input)), n=n, axis=dim, norm=_DUAL[_norm(norm)])


@document_args(
    _REAL_SPECTRUM,
    "n (Union[int, None]): The length `input` is cut or zero-padded to first; ``None``\n"
    "    keeps its length. Default: ``None``.",
    _AXIS,
    _NORM_AS_FFT,
)
def ihfft(input: ArrayLike, n: int | None = None, dim: int = -1, norm: str | None = None) -> Array:
    """Inverse of ``ops.hfft``: the first half of the Hermitian-symmetric signal whose
    spectrum is the real `input` (the conjugate of ``rfft / n``).

    Args:
        {args}

    Returns:
        Tensor, complex, `dim` of length ``n // 2 + 1``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ihfft(ms.Tensor([1.0, 2.0, 3.0, 4.0])))
        [ 2.5-0.j  -0.5-0.5j -0.5-0.j ]
    """
    n, dim = _lengths(n, dim, "ihfft")
    return jnp.conj(jnp.fft.rfft(tensor_arg(input), n=n, axis=dim, norm=_DUAL[_norm(norm)]))


def _hfftn(x, s, dim, norm):
    x = tensor_arg(x)
    s, dim = _lengths(s, dim, "hfftn")
    if dim is None:
        dim = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    return jnp.fft.irfftn(jnp.conj(x), s=s, axes=dim, norm=_DUAL[_norm(norm)])


def _ihfftn(x, s, dim, norm):
    x = tensor_arg(x)
    s, dim = _lengths(s, dim, "ihfftn")
    if dim is None:
        dim = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    return jnp.conj(jnp.fft.rfftn(x, s=s, axes=dim, norm=_DUAL[_norm(norm)]))


@document_args(
    _HALF_SIGNAL,
    "s (Union[tuple[int], list[int], None]): The lengths of the result along `dim`;\n"
    "    ``None``: the input's, the last one ``2 * (m - 1)``. Default: ``None``.",
    _TWO_AXES,
    _NORM_SHORT,
)
def hfft2(
    input: ArrayLike,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
) -> Array:
    """2-D ``ops.hfft``: the real spectrum of a signal Hermitian-symmetric over `dim`, given
    by its first half along the last axis of `dim`.

    Args:
        {args}

    Returns:
        Tensor, real.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hfft2(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        [[10. -2.]
         [-4.  0.]]
    """
    return _hfftn(input, s, dim, norm)


@document_args(_REAL_SPECTRUM, _CUT_LENGTHS, _TWO_AXES, _NORM_SHORT)
def ihfft2(
    input: ArrayLike,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
) -> Array:
    """Inverse of ``ops.hfft2``: the half signal whose 2-D spectrum is the real `input`.

    Args:
        {args}

    Returns:
        Tensor, complex, the last axis of `dim` of length ``n // 2 + 1``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.real(ops.ihfft2(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))))
        [[ 2.5 -0.5]
         [-1.   0. ]]
    """
    return _ihfftn(input, s, dim, norm)


@document_args(
    _HALF_SIGNAL,
    "s (Union[tuple[int], list[int], None]): The lengths of the result along `dim`.\n"
    "    Default: ``None``.",
    _ALL_AXES,
    _NORM_SHORT,
)
def hfftn(
    input: ArrayLike,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
) -> Array:
    """N-D ``ops.hfft`` over the axes `dim` (by default all).

    Args:
        {args}

    Returns:
        Tensor, real.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hfftn(ms.Tensor([[1.0, 1.0]])))
        [[2. 0.]]
    """
    return _hfftn(input, s, dim, norm)


@document_args(_REAL_SPECTRUM, _CUT_LENGTHS, _ALL_AXES, _NORM_SHORT)
def ihfftn(
    input: ArrayLike,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
) -> Array:
    """Inverse of ``ops.hfftn`` over the axes `dim` (by default all).

    Args:
        {args}

    Returns:
        Tensor, complex.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.real(ops.ihfftn(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))))
        [[ 2.5 -0.5]
         [-1.   0. ]]
    """
    return _ihfftn(input, s, dim, norm)
