"""MindSpore's legacy FFTWithSize transform (FFT / IFFT / RFFT / IRFFT over the last axes)."""

import jax.numpy as jnp

from ..common.tensor import unwrap

__all__ = ["fft_with_size"]

_NORMS = ("backward", "forward", "ortho")
_COMPLEX = (jnp.complex64, jnp.complex128)
# the real dtypes MindSpore's rfft kernel takes
_RFFT_INPUTS = (jnp.bool_, jnp.int8, jnp.int16, jnp.int32, jnp.int64, jnp.uint8) + (
    jnp.float32,
    jnp.float64,
)


def _check(x, signal_ndim, real, inverse, norm):
    if norm not in _NORMS:
        raise ValueError(f"FFTWithSize: norm must be one of {_NORMS}, got {norm!r}")
    if x.ndim < signal_ndim:
        # MindSpore's CPU kernel reports a too-small rank at run time
        raise RuntimeError(
            f"FFTWithSize: input of rank {x.ndim} is smaller than signal_ndim {signal_ndim}"
        )
    if real and not inverse:
        if x.dtype not in _RFFT_INPUTS:
            raise TypeError(
                f"FFTWithSize: rfft input x must be bool, int8-int64, uint8, float32 or "
                f"float64, got {x.dtype}"
            )
    elif x.dtype not in _COMPLEX:
        raise TypeError(f"FFTWithSize: input x must be complex64 or complex128, got {x.dtype}")
    if real and inverse and x.shape[-1] == 1:
        raise ValueError("FFTWithSize: irfft input x must have a last dimension larger than 1")


def fft_with_size(x, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
    """The FFT, IFFT, RFFT or IRFFT of `x` over its last `signal_ndim` axes.

    `real` with `inverse` False is the real-input transform (only the non-negative frequencies
    of the last axis when `onesided`); `real` with `inverse` True turns a one-sided spectrum
    back into a real signal whose last axis has ``signal_sizes[-1]`` points (default
    ``2 * (n - 1)``); without `onesided` it is the real part of the full inverse transform.
    `norm` scales as NumPy's does.

    Example:
        >>> import numpy as np
        >>> y = fft_with_size(np.array([1.0, 2.0, 3.0, 4.0]), 1, False, True)
        >>> print(np.round(np.asarray(y), 3))
        [10.+0.j -2.+2.j -2.+0.j]
    """
    x = jnp.asarray(unwrap(x))
    signal_ndim = int(signal_ndim)
    _check(x, signal_ndim, real, inverse, norm)
    axes = tuple(range(-signal_ndim, 0))
    if not real:
        transform = jnp.fft.ifftn if inverse else jnp.fft.fftn
        return transform(x, axes=axes, norm=norm)
    if not inverse:
        # ints and bools transform in single precision, as MindSpore's kernel does
        x = x if x.dtype == jnp.float64 else x.astype(jnp.float32)
        if onesided:
            return jnp.fft.rfftn(x, axes=axes, norm=norm)
        return jnp.fft.fftn(x, axes=axes, norm=norm)
    if not onesided:
        return jnp.real(jnp.fft.ifftn(x, axes=axes, norm=norm))
    sizes = tuple(int(s) for s in signal_sizes)
    if sizes:
        s = tuple(x.shape[-signal_ndim:-1]) + (sizes[-1],)
    else:
        s = tuple(x.shape[-signal_ndim:-1]) + (2 * (x.shape[-1] - 1),)
    return jnp.fft.irfftn(x, s=s, axes=axes, norm=norm)
