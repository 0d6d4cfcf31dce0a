"""Functional FFT family, frequency helpers, STFT and window functions."""

import functools

import jax
import jax.numpy as jnp

from ..common.args import dtype_arg, tensor_arg

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

_NORMS = (None, "backward", "forward", "ortho")
_DUAL = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def _norm(norm):
    if norm not in _NORMS:
        raise ValueError(f"`norm` must be one of {_NORMS}, got {norm!r}")
    return norm


def _one(jfn, doc):
    def f(input, n=None, dim=-1, norm=None):
        return jfn(tensor_arg(input), n=n, axis=dim, norm=_norm(norm))

    f.__doc__ = doc
    return f


def _many(jfn, default_dim, doc):
    def f(input, s=None, dim=default_dim, norm=None):
        x = tensor_arg(input)
        if dim is None and s is not None:
            dim = tuple(range(x.ndim - len(s), x.ndim))
        return jfn(x, s=s, axes=dim, norm=_norm(norm))

    f.__doc__ = doc
    return f


fft = _one(
    jnp.fft.fft,
    """1-D discrete Fourier transform along `dim`.

Example:
    >>> x = jnp.array([1.0, 2.0, 3.0, 4.0])
    >>> fft(x).tolist()
    [(10+0j), (-2+2j), (-2+0j), (-2-2j)]
""",
)
ifft = _one(
    jnp.fft.ifft,
    """Inverse 1-D DFT along `dim`.

Example:
    >>> ifft(jnp.array([10.0, -2 + 2j, -2, -2 - 2j])).real.tolist()
    [1.0, 2.0, 3.0, 4.0]
""",
)
rfft = _one(
    jnp.fft.rfft,
    """1-D DFT of real input (one-sided).

Example:
    >>> x = jnp.array([1.0, 2.0, 3.0, 4.0])
    >>> rfft(x).tolist()  # the non-negative frequencies of fft(x)
    [(10+0j), (-2+2j), (-2+0j)]
""",
)
irfft = _one(
    jnp.fft.irfft,
    """Inverse of rfft; `n` is the output length.

Example:
    >>> irfft(jnp.array([10.0, -2 + 2j, -2]), n=4).tolist()
    [1.0, 2.0, 3.0, 4.0]
""",
)
fft2 = _many(
    jnp.fft.fftn,
    (-2, -1),
    """2-D DFT over `dim`.

Example:
    >>> x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
    >>> fft2(x).real.tolist()
    [[10.0, -2.0], [-4.0, 0.0]]
""",
)
ifft2 = _many(
    jnp.fft.ifftn,
    (-2, -1),
    """Inverse 2-D DFT.

Example:
    >>> ifft2(jnp.array([[10.0, -2.0], [-4.0, 0.0]])).real.tolist()
    [[1.0, 2.0], [3.0, 4.0]]
""",
)
rfft2 = _many(
    jnp.fft.rfftn,
    (-2, -1),
    """2-D DFT of real input.

Example:
    >>> x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
    >>> rfft2(x).real.tolist()
    [[10.0, -2.0], [-4.0, 0.0]]
""",
)
irfft2 = _many(
    jnp.fft.irfftn,
    (-2, -1),
    """Inverse of rfft2.

Example:
    >>> irfft2(jnp.array([[10.0, -2.0], [-4.0, 0.0]]), s=(2, 2)).tolist()
    [[1.0, 2.0], [3.0, 4.0]]
""",
)
fftn = _many(
    jnp.fft.fftn,
    None,
    """N-D DFT (all dims by default).

Example:
    >>> fftn(jnp.ones((2, 2, 2))).real.tolist()  # all the sum at frequency 0
    [[[8.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]]
""",
)
ifftn = _many(
    jnp.fft.ifftn,
    None,
    """Inverse N-D DFT.

Example:
    >>> y = fftn(jnp.arange(8.0).reshape(2, 2, 2))
    >>> print(ifftn(y).real.round(4).ravel())
    [0. 1. 2. 3. 4. 5. 6. 7.]
""",
)
rfftn = _many(
    jnp.fft.rfftn,
    None,
    """N-D DFT of real input.

Example:
    >>> rfftn(jnp.ones((2, 2, 4))).shape  # the last dim halved, plus one
    (2, 2, 3)
""",
)
irfftn = _many(
    jnp.fft.irfftn,
    None,
    """Inverse of rfftn.

Example:
    >>> y = rfftn(jnp.arange(8.0).reshape(2, 4))
    >>> print(irfftn(y, s=(2, 4)).round(4))
    [[0. 1. 2. 3.]
     [4. 5. 6. 7.]]
""",
)


def hfft(input, n=None, dim=-1, norm=None):
    """DFT of a Hermitian-symmetric signal given by its half: real output of length `n`.

    Example:
        >>> hfft(jnp.array([1.0, 2.0, 3.0])).tolist()  # n = 2 * (3 - 1)
        [8.0, -2.0, 0.0, -2.0]
    """
    return jnp.fft.irfft(jnp.conj(tensor_arg(input)), n=n, axis=dim, norm=_DUAL[_norm(norm)])


def ihfft(input, n=None, dim=-1, norm=None):
    """Inverse of hfft: one-sided spectrum of a real signal.

    Example:
        >>> x = jnp.array([1.0, 2.0, 3.0, 4.0])
        >>> y = ihfft(x)
        >>> bool(jnp.allclose(y, jnp.conj(rfft(x)) / 4)), y.real.tolist()
        (True, [2.5, -0.5, -0.5])
    """
    return jnp.conj(jnp.fft.rfft(tensor_arg(input), n=n, axis=dim, norm=_DUAL[_norm(norm)]))


def _hfftn(x, s, dim, norm):
    x = tensor_arg(x)
    if dim is None:
        dim = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    return jnp.fft.irfftn(jnp.conj(x), s=s, axes=dim, norm=_DUAL[_norm(norm)])


def _ihfftn(x, s, dim, norm):
    x = tensor_arg(x)
    if dim is None:
        dim = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    return jnp.conj(jnp.fft.rfftn(x, s=s, axes=dim, norm=_DUAL[_norm(norm)]))


def hfft2(input, s=None, dim=(-2, -1), norm=None):
    """2-D hfft.

    Example:
        >>> hfft2(jnp.array([[1.0, 2.0], [3.0, 4.0]])).tolist()
        [[10.0, -2.0], [-4.0, 0.0]]
    """
    return _hfftn(input, s, dim, norm)


def ihfft2(input, s=None, dim=(-2, -1), norm=None):
    """2-D ihfft.

    Example:
        >>> x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
        >>> ihfft2(x).real.tolist()
        [[2.5, -0.5], [-1.0, 0.0]]
    """
    return _ihfftn(input, s, dim, norm)


def hfftn(input, s=None, dim=None, norm=None):
    """N-D hfft.

    Example:
        >>> hfftn(jnp.ones((1, 2))).tolist()
        [[2.0, 0.0]]
    """
    return _hfftn(input, s, dim, norm)


def ihfftn(input, s=None, dim=None, norm=None):
    """N-D ihfft.

    Example:
        >>> x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
        >>> ihfftn(x).real.tolist()
        [[2.5, -0.5], [-1.0, 0.0]]
    """
    return _ihfftn(input, s, dim, norm)


def fftshift(input, dim=None):
    """Move the zero-frequency term to the centre.

    Example:
        >>> fftshift(fftfreq(4)).tolist()
        [-0.5, -0.25, 0.0, 0.25]
    """
    return jnp.fft.fftshift(tensor_arg(input), axes=dim)


def ifftshift(input, dim=None):
    """Inverse of fftshift.

    Example:
        >>> ifftshift(jnp.array([-2, -1, 0, 1])).tolist()
        [0, 1, -2, -1]
    """
    return jnp.fft.ifftshift(tensor_arg(input), axes=dim)


def fftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of an n-point DFT.

    Example:
        >>> fftfreq(4).tolist()
        [0.0, 0.25, -0.5, -0.25]
        >>> fftfreq(4, d=0.5).tolist()
        [0.0, 0.5, -1.0, -0.5]
    """
    return jnp.fft.fftfreq(int(n), d=d).astype(dtype_arg(dtype, default=jnp.float32))


def rfftfreq(n, d=1.0, dtype=None):
    """Non-negative sample frequencies of an n-point rfft.

    Example:
        >>> print(rfftfreq(5))
        [0.  0.2 0.4]
    """
    return jnp.fft.rfftfreq(int(n), d=d).astype(dtype_arg(dtype, default=jnp.float32))


def stft(
    x,
    n_fft,
    hop_length=None,
    win_length=None,
    window=None,
    center=True,
    pad_mode="REFLECT",
    normalized=False,
    onesided=None,
    return_complex=None,
):
    """Short-time Fourier transform of (L,) or (N, L): (N, freq, frames) complex, or a real
    (..., 2) view when `return_complex` is False.

    Example:
        >>> x = jnp.cos(jnp.pi * jnp.arange(16.0))  # the Nyquist frequency
        >>> y = stft(x, n_fft=4, hop_length=4, center=False, return_complex=True)
        >>> y.shape, jnp.abs(y[:, 0]).tolist()  # (freq, frames): all in the last bin
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
    return _stft(x, w, int(n_fft), int(hop), mode, bool(normalized), one, return_complex is False)


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
    if n == 0:
        return jnp.zeros((0,), dt)
    if n == 1:
        return jnp.ones((1,), dt)
    m = n + 1 if periodic else n
    # At least float32, and float64 windows at float64 accuracy.
    wide = jnp.promote_types(dt, jnp.float32) if jnp.issubdtype(dt, jnp.floating) else jnp.float32
    k = jnp.arange(m, dtype=wide)
    return fn(k, m - 1)[:n].astype(dt)


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """Triangular window.

    Example:
        >>> bartlett_window(5, periodic=False).tolist()
        [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    return _window(window_length, periodic, dtype, lambda k, d: 1 - jnp.abs(2 * k / d - 1))


def blackman_window(window_length, periodic=True, *, dtype=None):
    """Blackman window.

    Example:
        >>> [round(v, 4) for v in blackman_window(4).tolist()[1:]]  # after a leading 0
        [0.34, 1.0, 0.34]
    """

    def f(k, d):
        return 0.42 - 0.5 * jnp.cos(2 * jnp.pi * k / d) + 0.08 * jnp.cos(4 * jnp.pi * k / d)

    return _window(window_length, periodic, dtype, f)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """Generalised Hamming window ``alpha - beta cos(2 pi k / (N - 1))``.

    Example:
        >>> [round(v, 4) for v in hamming_window(4).tolist()]
        [0.08, 0.54, 1.0, 0.54]
        >>> [round(v, 4) for v in hamming_window(3, periodic=False).tolist()]
        [0.08, 1.0, 0.08]
    """
    return _window(
        window_length, periodic, dtype, lambda k, d: alpha - beta * jnp.cos(2 * jnp.pi * k / d)
    )


def hann_window(window_length, periodic=True, *, dtype=None):
    """Hann window.

    Example:
        >>> hann_window(4).tolist()
        [0.0, 0.5, 1.0, 0.5]
        >>> hann_window(3, periodic=False).tolist()
        [0.0, 1.0, 0.0]
    """
    return _window(
        window_length, periodic, dtype, lambda k, d: 0.5 - 0.5 * jnp.cos(2 * jnp.pi * k / d)
    )


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """Kaiser window with shape parameter `beta`.

    Example:
        >>> [round(v, 4) for v in kaiser_window(4, periodic=False, beta=12.0).tolist()]
        [0.0001, 0.5188, 0.5188, 0.0001]
    """

    def f(k, d):
        r = jnp.sqrt(jnp.clip(1 - jnp.square(2 * k / d - 1), 0, 1))
        return jnp.i0(beta * r) / jnp.i0(jnp.asarray(beta, k.dtype))

    return _window(window_length, periodic, dtype, f)
