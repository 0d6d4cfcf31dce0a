"""Spectral helpers: fftshift and fftfreq, the short-time Fourier transform (stft) and the
window functions (Bartlett, Blackman, Hamming, Hann, Kaiser)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import dtype_arg, static_ints, tensor_arg

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "fftshift",
    "ifftshift",
    "fftfreq",
    "rfftfreq",
    "stft",
    "bartlett_window",
    "blackman_window",
    "hamming_window",
    "hann_window",
    "kaiser_window",
]

# Args entries that the frequency grids and the windows word alike (see `document_args`).
_FREQ_ARGS = (
    "n (int): The transform length.",
    "d (float): The sample spacing. Default: ``1.0``.",
    "dtype (Union[mindspore.dtype, None]): The result's dtype; ``None``: float32.\n"
    "    Default: ``None``.",
)
_WINDOW_LENGTH = "window_length (int): The number of points, >= 0."
_PERIODIC = (
    "periodic (bool): Whether the window is one period of a periodic one (N =\n"
    "    `window_length`) rather than symmetric (N = `window_length` - 1).\n"
    "    Default: ``True``."
)
_WINDOW_DTYPE = (
    "dtype (Union[mindspore.dtype, None]): The result's float dtype; ``None``: float32.\n"
    "    Default: ``None``."
)


def fftshift(input: ArrayLike, dim: int | Sequence[int] | None = None) -> Array:
    """Rolls a spectrum so that the zero-frequency term is in the middle (negative
    frequencies first).

    Args:
        input (Tensor): The spectrum, in ``ops.fft``'s order.
        dim (Union[int, tuple[int], list[int], None]): The axes to shift; ``None``: all.
            Default: ``None``.

    Returns:
        Tensor, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.fftshift(ms.Tensor([0, 1, 2, -2, -1])))
        [-2 -1  0  1  2]
    """
    return jnp.fft.fftshift(tensor_arg(input), axes=static_ints(dim, "dim", "fftshift"))


def ifftshift(input: ArrayLike, dim: int | Sequence[int] | None = None) -> Array:
    """Inverse of ``ops.fftshift``: the zero-frequency term back at index 0.

    Args:
        input (Tensor): The centred spectrum.
        dim (Union[int, tuple[int], list[int], None]): The axes to shift; ``None``: all.
            Default: ``None``.

    Returns:
        Tensor, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ifftshift(ms.Tensor([-2, -1, 0, 1, 2])))
        [ 0  1  2 -2 -1]
    """
    return jnp.fft.ifftshift(tensor_arg(input), axes=static_ints(dim, "dim", "ifftshift"))


@document_args(*_FREQ_ARGS)
def fftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Array:
    """The frequency of each entry of an n-point ``ops.fft``, in cycles per unit of the
    sample spacing `d`: ``[0, 1, ..., -(n // 2), ..., -1] / (d * n)``.

    Args:
        {args}

    Returns:
        Tensor, shape (n,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.fftfreq(4), ops.fftfreq(5, d=0.5))
        [ 0.    0.25 -0.5  -0.25] [ 0.   0.4  0.8 -0.8 -0.4]
    """
    return jnp.fft.fftfreq(int(n), d=d).astype(dtype_arg(dtype, default=jnp.float32))


@document_args(*_FREQ_ARGS)
def rfftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Array:
    """The frequency of each entry of an n-point ``ops.rfft``: ``[0, 1, ..., n // 2] /
    (d * n)``.

    Args:
        {args}

    Returns:
        Tensor, shape (n // 2 + 1,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.rfftfreq(5), ops.rfftfreq(4, d=0.25))
        [0.  0.2 0.4] [0. 1. 2.]
    """
    return jnp.fft.rfftfreq(int(n), d=d).astype(dtype_arg(dtype, default=jnp.float32))


def stft(
    x: ArrayLike,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: ArrayLike | None = None,
    center: bool = True,
    pad_mode: str = "REFLECT",
    normalized: bool = False,
    onesided: bool | None = None,
    return_complex: bool | None = None,
) -> Array:
    """Short-time Fourier transform: the DFT of each windowed frame of a signal.

    Args:
        x (Tensor): The signal, shape (L,) or a batch (N, L).
        n_fft (int): The frame (and transform) length.
        hop_length (Union[int, None]): The step between frames; ``None``: ``n_fft // 4``.
            Default: ``None``.
        win_length (Union[int, None]): The window length, <= `n_fft` (the window is
            zero-padded to `n_fft`, centred); ``None``: `n_fft`. Default: ``None``.
        window (Union[Tensor, None]): The window, shape (win_length,); ``None``: ones.
            Default: ``None``.
        center (bool): Whether to pad the signal by ``n_fft // 2`` on both sides, so frame t
            is centred on sample ``t * hop_length``. Default: ``True``.
        pad_mode (str): The padding with `center`: ``"REFLECT"`` or ``"CONSTANT"`` (zeros).
            Default: ``"REFLECT"``.
        normalized (bool): Whether to scale by ``1 / sqrt(n_fft)``. Default: ``False``.
        onesided (Union[bool, None]): Whether to keep only the ``n_fft // 2 + 1``
            non-negative frequencies; ``None``: True for a real signal. Default: ``None``.
        return_complex (Union[bool, None]): ``False`` returns a real view with a trailing
            axis of 2 (real, imaginary), ``True`` complex; ``None``: the real view for a real
            signal, complex for a complex one. Default: ``None``.

    Returns:
        Tensor, shape ([N,] freq, frames), complex (or real with a trailing 2).

    Raises:
        ValueError: If `win_length`, `window` or `pad_mode` is invalid.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, -1.0] * 8)  # the Nyquist frequency
        >>> y = ops.stft(x, n_fft=4, hop_length=4, center=False, return_complex=True)
        >>> y.shape, ops.abs(y[:, 0]).tolist()  # (freq, frames): all in the last bin
        ((3, 4), [0.0, 0.0, 4.0])
    """
    x = tensor_arg(x, "x")
    hop = n_fft // 4 if hop_length is None else hop_length
    wl = n_fft if win_length is None else win_length
    if not 0 < wl <= n_fft:
        raise ValueError(f"stft: `win_length` must be in (0, n_fft], got {wl}")
    w = (
        jnp.ones((wl,), x.dtype if not jnp.iscomplexobj(x) else jnp.float32)
        if window is None
        else tensor_arg(window, "window")
    )
    if w.shape != (wl,):
        raise ValueError(f"stft: `window` must have shape ({wl},) (win_length), got {w.shape}")
    mode = None
    if center:
        mode = {"REFLECT": "reflect", "CONSTANT": "constant"}.get(str(pad_mode).upper())
        if mode is None:
            raise ValueError(f"stft: `pad_mode` must be 'REFLECT' or 'CONSTANT', got {pad_mode!r}")
    one = (not jnp.iscomplexobj(x)) if onesided is None else bool(onesided)
    # ``None``: a real view for a real signal, complex for a complex one (MindSpore's default)
    real_view = return_complex is False or (return_complex is None and not jnp.iscomplexobj(x))
    return _stft(x, w, int(n_fft), int(hop), mode, bool(normalized), one, real_view)


@functools.partial(jax.jit, static_argnums=(2, 3, 4, 5, 6, 7))  # one compile when eager
def _stft(x, w, n_fft, hop, mode, normalized, onesided, real_view):
    lo = (n_fft - w.shape[0]) // 2
    w = jnp.pad(w, (lo, n_fft - w.shape[0] - lo))
    if mode is not None:
        x = jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)], mode=mode)
    frames = 1 + (x.shape[-1] - n_fft) // hop
    idx = jnp.arange(frames)[:, None] * hop + jnp.arange(n_fft)[None]
    seg = x[..., idx] * w
    spec = jnp.fft.rfft(seg, axis=-1) if onesided else jnp.fft.fft(seg, axis=-1)
    if normalized:
        spec = spec / jnp.sqrt(n_fft)
    spec = jnp.swapaxes(spec, -1, -2)
    if real_view:
        return jnp.stack([spec.real, spec.imag], axis=-1)
    return spec


# --------------------------------------------------------------------------- windows
def _length(window_length):
    n = window_length
    n = int(n) if not isinstance(n, int) else n
    if n < 0:
        raise ValueError(f"`window_length` must be >= 0, got {n}")
    return n


def _window(window_length, periodic, dtype, fn):
    n = _length(window_length)
    dt = dtype_arg(dtype, default=jnp.float32)
    assert dt is not None  # a default was given
    if n == 0:
        return jnp.zeros((0,), dt)
    if n == 1:
        return jnp.ones((1,), dt)
    m = n + 1 if periodic else n
    # At least float32, and float64 windows at float64 accuracy.
    wide = jnp.promote_types(dt, jnp.float32) if jnp.issubdtype(dt, jnp.floating) else jnp.float32
    k = jnp.arange(m, dtype=wide)
    return fn(k, m - 1)[:n].astype(dt)


@document_args(
    _WINDOW_LENGTH,
    "periodic (bool): Whether the window is one period of a periodic one (for spectral\n"
    "    analysis: computed for `window_length` + 1 points, the last dropped) rather\n"
    "    than symmetric. Default: ``True``.",
    _WINDOW_DTYPE,
)
def bartlett_window(window_length: int, periodic: bool = True, *, dtype: Any = None) -> Array:
    """The Bartlett (triangular) window: rising linearly from 0 to 1 and back.

    Args:
        {args}

    Returns:
        Tensor, shape (window_length,).

    Raises:
        ValueError: If `window_length` is negative.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.bartlett_window(5, periodic=False).tolist()
        [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    return _window(window_length, periodic, dtype, lambda k, d: 1 - jnp.abs(2 * k / d - 1))


@document_args(_WINDOW_LENGTH, _PERIODIC, _WINDOW_DTYPE)
def blackman_window(window_length: int, periodic: bool = True, *, dtype: Any = None) -> Array:
    """The Blackman window, ``0.42 - 0.5 cos(2 pi k / N) + 0.08 cos(4 pi k / N)``.

    Args:
        {args}

    Returns:
        Tensor, shape (window_length,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> [round(v, 4) for v in ops.blackman_window(4).tolist()[1:]]  # after a leading 0
        [0.34, 1.0, 0.34]
    """

    def f(k, d):
        return 0.42 - 0.5 * jnp.cos(2 * jnp.pi * k / d) + 0.08 * jnp.cos(4 * jnp.pi * k / d)

    return _window(window_length, periodic, dtype, f)


@document_args(
    _WINDOW_LENGTH,
    _PERIODIC,
    "alpha (float): The constant term. Default: ``0.54``.",
    "beta (float): The cosine's weight. Default: ``0.46``.",
    _WINDOW_DTYPE,
)
def hamming_window(
    window_length: int,
    periodic: bool = True,
    alpha: float = 0.54,
    beta: float = 0.46,
    *,
    dtype: Any = None,
) -> Array:
    """The generalised Hamming window, ``alpha - beta cos(2 pi k / N)``.

    Args:
        {args}

    Returns:
        Tensor, shape (window_length,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> [round(v, 4) for v in ops.hamming_window(4).tolist()]
        [0.08, 0.54, 1.0, 0.54]
        >>> [round(v, 4) for v in ops.hamming_window(3, periodic=False).tolist()]
        [0.08, 1.0, 0.08]
    """
    return _window(
        window_length, periodic, dtype, lambda k, d: alpha - beta * jnp.cos(2 * jnp.pi * k / d)
    )


@document_args(_WINDOW_LENGTH, _PERIODIC, _WINDOW_DTYPE)
def hann_window(window_length: int, periodic: bool = True, *, dtype: Any = None) -> Array:
    """The Hann window, ``0.5 - 0.5 cos(2 pi k / N)``.

    Args:
        {args}

    Returns:
        Tensor, shape (window_length,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.hann_window(4).tolist()
        [0.0, 0.5, 1.0, 0.5]
        >>> ops.hann_window(3, periodic=False).tolist()
        [0.0, 1.0, 0.0]
    """
    return _window(
        window_length, periodic, dtype, lambda k, d: 0.5 - 0.5 * jnp.cos(2 * jnp.pi * k / d)
    )


@document_args(
    _WINDOW_LENGTH,
    _PERIODIC,
    "beta (float): The shape: 0 is rectangular, larger is narrower. Default: ``12.0``.",
    _WINDOW_DTYPE,
)
def kaiser_window(
    window_length: int, periodic: bool = True, beta: float = 12.0, *, dtype: Any = None
) -> Array:
    """The Kaiser window, ``I0(beta * sqrt(1 - (2k / N - 1)^2)) / I0(beta)`` with I0 the
    modified Bessel function of order 0.

    Args:
        {args}

    Returns:
        Tensor, shape (window_length,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> [round(v, 4) for v in ops.kaiser_window(4, periodic=False, beta=12.0).tolist()]
        [0.0001, 0.5188, 0.5188, 0.0001]
    """

    def f(k, d):
        r = jnp.sqrt(jnp.clip(1 - jnp.square(2 * k / d - 1), 0, 1))
        return jnp.i0(beta * r) / jnp.i0(jnp.asarray(beta, k.dtype))

    return _window(window_length, periodic, dtype, f)
