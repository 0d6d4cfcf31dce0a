"""Cases shared by gen_dataset_audio_inverse_golden.py (MindSpore) and
tests/dataset/test_dataset_audio_inverse.py: the phase-vocoder, inverse-STFT, pitch, dither,
InverseMelScale and Vad transforms.

Each case is ``name -> fn(audio, utils)`` returning an array; `audio` is
``mindspore.dataset.audio`` or ``msfunc.dataset.audio`` and `utils` its ``utils`` module.
SEEDED_CASES run eagerly after ``ds.config.set_seed(SEED)``; PIPELINE_CASES run over
``rows()`` in a one-worker map after the same seed.
"""

import numpy as np

SEED = 4321


def _wave(shape, dtype=np.float32, step=0.37):
    """A deterministic waveform in [-0.8, 0.8]."""
    n = int(np.prod(shape))
    return (0.8 * np.sin(np.arange(n) * step + 0.2)).reshape(shape).astype(dtype)


def _pairs(shape, dtype=np.float32):
    """A deterministic complex spectrogram <..., freq, time, 2>."""
    n = int(np.prod(shape))
    values = np.cos(np.arange(n) * 1.7 + 0.4) * (1.0 + (np.arange(n) % 5) * 0.3)
    return values.reshape(shape).astype(dtype)


def _magnitudes(shape, dtype=np.float32):
    """A deterministic non-negative spectrogram <..., freq, time>."""
    return np.abs(_pairs(shape, dtype)) + dtype(0.1)


CASES = {
    "time_stretch": lambda a, u: a.TimeStretch(8, 5, 1.4)(_pairs((2, 5, 7, 2))),
    "time_stretch_slow_f64": lambda a, u: a.TimeStretch(n_freq=3, fixed_rate=0.7)(
        _pairs((3, 6, 2), np.float64)
    ),
    "time_stretch_freq_mismatch": lambda a, u: a.TimeStretch(None, 4, 1.5)(_pairs((2, 3, 6, 2))),
    "time_stretch_rate_one": lambda a, u: a.TimeStretch(fixed_rate=1.0)(_pairs((3, 4, 2))),
    "phase_vocoder": lambda a, u: a.PhaseVocoder(
        1.3, np.linspace(0, 3.0, 4, dtype=np.float32)[:, None]
    )(_pairs((2, 4, 9, 2))),
    "phase_vocoder_f64": lambda a, u: a.PhaseVocoder(0.6, np.linspace(0, 2.0, 3)[:, None])(
        _pairs((3, 5, 2), np.float64)
    ),
    "inverse_spectrogram": lambda a, u: a.InverseSpectrogram(n_fft=8, hop_length=2)(
        _pairs((2, 5, 6, 2))
    ),
    "inverse_spectrogram_length_pad_f64": lambda a, u: a.InverseSpectrogram(
        12, 8, 6, 3, 2, u.WindowType.HAMMING
    )(_pairs((5, 7, 2), np.float64)),
    "inverse_spectrogram_normalized_twosided": lambda a, u: a.InverseSpectrogram(
        10, 8, normalized=True, onesided=False, window=u.WindowType.BLACKMAN
    )(_pairs((8, 5, 2))),
    "inverse_spectrogram_not_centred": lambda a, u: a.InverseSpectrogram(
        14, 8, hop_length=3, center=False
    )(_pairs((5, 6, 2), np.float64)),
    "griffin_lim_zero_phase": lambda a, u: a.GriffinLim(8, 4, hop_length=2, rand_init=False)(
        _magnitudes((2, 5, 6))
    ),
    "griffin_lim_no_momentum_f64": lambda a, u: a.GriffinLim(
        8, 3, 6, 3, u.WindowType.HAMMING, 1.0, 0.0, 12, False
    )(_magnitudes((5, 5), np.float64)),
    "pitch_shift": lambda a, u: a.PitchShift(16000, 3, n_fft=16, hop_length=4)(_wave((2, 40))),
    "pitch_shift_down_f64": lambda a, u: a.PitchShift(
        8000, -5, 24, 16, 12, 3, u.WindowType.HAMMING
    )(_wave((36,), np.float64)),
    "detect_pitch_frequency": lambda a, u: a.DetectPitchFrequency(8000, 0.004, 3, 400, 2000)(
        _wave((2, 300), step=0.31)
    ),
    "detect_pitch_frequency_f64": lambda a, u: a.DetectPitchFrequency(4000, 0.01, 4, 300, 1500)(
        _wave((250,), np.float64, step=0.9) + _wave((250,), np.float64, step=0.45)
    ),
    "dither_tpdf_f32": lambda a, u: a.Dither()(_wave((2, 9))),
    "dither_tpdf_shaped_int": lambda a, u: a.Dither(noise_shaping=True)(
        np.arange(-6, 6, dtype=np.int32).reshape(3, 4)
    ),
    "vad_nothing_detected": lambda a, u: a.Vad(600)(_wave((1000,), np.float64)),
    "vad_short_input": lambda a, u: a.Vad(600)(_wave((2, 500))),
    "vad_triggered_pre_trigger": lambda a, u: a.Vad(600, 0.0, pre_trigger_time=0.2)(
        _wave((2, 800))
    ),
}

SEEDED_CASES = {
    "inverse_mel_scale_seeded": lambda a, u: a.InverseMelScale(6, 3, 800, max_iter=40)(
        _magnitudes((2, 3, 4))
    ),
    "inverse_mel_scale_seeded_f64": lambda a, u: a.InverseMelScale(
        5, 2, 400, 10.0, 180.0, 25, sgdargs={"sgd_lr": 0.05, "sgd_momentum": 0.5}
    )(_magnitudes((2, 3), np.float64)),
    "griffin_lim_seeded": lambda a, u: a.GriffinLim(8, 2, hop_length=4)(_magnitudes((5, 3))),
    "dither_rpdf_seeded": lambda a, u: a.Dither(u.DensityFunction.RPDF)(_wave((3, 7))),
    "dither_gpdf_seeded_f64": lambda a, u: a.Dither(u.DensityFunction.GPDF, True)(
        _wave((2, 2, 5), np.float64)
    ),
}

PIPELINE_CASES = {
    "dither_rpdf_pipeline": lambda a, u: a.Dither(u.DensityFunction.RPDF),
    "inverse_mel_scale_pipeline": lambda a, u: a.InverseMelScale(4, 3, 800, max_iter=5),
    "griffin_lim_pipeline": lambda a, u: a.GriffinLim(4, 2, hop_length=2),
}


def rows():
    """Four rows <3, 6> a seeded transform runs over in a pipeline."""
    return np.stack([_wave((3, 6), step=0.5 + 0.1 * i) + 1.0 for i in range(4)])
