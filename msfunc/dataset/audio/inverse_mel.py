"""InverseMelScale: a linear spectrogram fitted to a mel one by gradient descent."""

from __future__ import annotations

import numpy as np

from ...common.stdlib_random import canonical_double, canonical_float
from .._random import op_engine
from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .enums import MelType, NormType
from .filter_banks import mel_bank
from .mel import check_mel_scale

__all__ = ["InverseMelScale"]


class InverseMelScale:
    """Estimate a spectrogram <..., n_stft, time> whose mel projection is the input <..., n_mels,
    time> (a 2-D input gives <1, n_stft, time>, as in MindSpore).

    Each <n_mels, time> block starts from uniform random values (drawn from the transform's
    ``mt19937`` as MindSpore draws them; ``ds.config.set_seed`` fixes them) and takes plain
    gradient steps of `sgd_lr` on the mean squared error until the loss or its change falls
    under the tolerances, or `max_iter` steps; negative values are then clipped to 0.

    Args:
        n_stft (int): Number of STFT bins of the output, positive.
        n_mels (int): Number of mel filters of the input, positive. Default: ``128``.
        sample_rate (int): Sampling rate in Hz, positive. Default: ``16000``.
        f_min (float): Lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): Highest frequency; ``None`` means ``sample_rate // 2``.
        max_iter (int): Most gradient steps, positive. Default: ``100000``.
        tolerance_loss (float): Loss to stop at, positive. Default: ``1e-5``.
        tolerance_change (float): Loss change to stop at, positive. Default: ``1e-8``.
        sgdargs (dict, optional): ``{'sgd_lr': lr, 'sgd_momentum': m}``; ``None`` means lr 0.1
            and momentum 0.9 (MindSpore's optimiser restarts its momentum at every step, so
            the momentum has no effect).
        norm (NormType): Filter normalisation. Default: ``NormType.NONE``.
        mel_type (MelType): Mel formula. Default: ``MelType.HTK``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: The input's second-to-last axis is not `n_mels` long.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.InverseMelScale(20, 3, max_iter=5)(np.ones((2, 3, 4))).shape
        (2, 20, 4)
    """

    def __init__(
        self,
        n_stft,
        n_mels=128,
        sample_rate=16000,
        f_min=0.0,
        f_max=None,
        max_iter=100000,
        tolerance_loss=1e-5,
        tolerance_change=1e-8,
        sgdargs=None,
        norm=NormType.NONE,
        mel_type=MelType.HTK,
    ):
        check_mel_scale(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        check_number(max_iter, "max_iter", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(tolerance_loss, "tolerance_loss", 0, FLOAT32_BOUND, low_open=True)
        check_number(tolerance_change, "tolerance_change", 0, FLOAT32_BOUND, low_open=True)
        sgdargs = {"sgd_lr": 0.1, "sgd_momentum": 0.9} if sgdargs is None else sgdargs
        check_type(sgdargs, (dict,), "sgdargs")
        for key in ("sgd_lr", "sgd_momentum"):
            if key not in sgdargs:
                raise ValueError(f"`sgdargs` must hold {key!r}")
            check_number(sgdargs[key], key, 0, FLOAT32_BOUND)
        self.n_stft, self.n_mels, self.sample_rate = n_stft, n_mels, sample_rate
        self.f_min = f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.max_iter, self.tolerance_loss = max_iter, tolerance_loss
        self.tolerance_change, self.sgdargs = tolerance_change, sgdargs
        self.norm, self.mel_type = norm, mel_type

    def __call__(self, melspec):
        array = np.asarray(melspec)
        if array.ndim < 2:
            raise RuntimeError(
                f"InverseMelScale: the input must be <..., n_mels, time>, got {array.shape}"
            )
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"InverseMelScale: the input must be numeric, got {array.dtype}")
        if array.shape[-2] != self.n_mels:
            raise RuntimeError(
                f"InverseMelScale: the input has {array.shape[-2]} mel bins, `n_mels` is "
                f"{self.n_mels}"
            )
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        f_max = self.f_max if abs(self.f_max) > np.finfo(np.float32).eps else self.sample_rate // 2
        # The bank is built in the input's precision and read back as float32.
        bank = mel_bank(
            self.n_stft,
            self.f_min,
            f_max,
            self.n_mels,
            self.sample_rate,
            self.norm,
            self.mel_type,
            dtype,
        )
        bank = bank.astype(np.float32).astype(dtype)
        engine = op_engine(self)
        draw = canonical_double if dtype == np.float64 else canonical_float
        blocks = array.astype(dtype).reshape((-1,) + array.shape[-2:])
        out = np.stack([self._fit(block.T, bank, engine, draw, dtype) for block in blocks])
        if array.ndim == 2:
            return out  # MindSpore keeps the leading axis of one block: <1, n_stft, time>
        return out.reshape(array.shape[:-2] + (self.n_stft, array.shape[-1]))

    def _fit(self, target, bank, engine, draw, dtype):
        """Fit (time, n_stft) with target (time, n_mels); returns the (n_stft, time) estimate."""
        time, n_stft = target.shape[0], bank.shape[0]
        # Drawn in column-major order of (time, n_stft): time fastest.
        values = np.array([draw(engine) for _ in range(time * n_stft)], dtype)
        spec = values.reshape(n_stft, time).T
        lr = dtype(np.float32(self.sgdargs["sgd_lr"]))
        tolerance_loss = dtype(np.float32(self.tolerance_loss))
        tolerance_change = dtype(np.float32(self.tolerance_change))
        loss = dtype(np.finfo(dtype).max)
        for _ in range(self.max_iter):
            diff = target - spec @ bank
            new_loss = np.mean(diff * diff, dtype=dtype)
            grad = -(diff @ bank.T) / dtype(time)
            if new_loss < tolerance_loss or abs(loss - new_loss) < tolerance_change:
                break
            loss = new_loss
            spec = spec - lr * grad
        return np.maximum(spec, 0).T
