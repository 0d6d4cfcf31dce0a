"""Cases shared by gen_dataset_audio_golden.py (MindSpore) and tests/dataset/test_dataset_audio.py.

Each case is ``name -> fn(audio, utils)`` returning an array or a tuple of arrays; `audio` is
``mindspore.dataset.audio`` or ``msfunc.dataset.audio`` and `utils` its ``utils`` module.
"""

import numpy as np


def _wave(dtype=np.float32, shape=(2, 16)):
    """A deterministic waveform in [-0.9, 0.9] of the given shape."""
    n = int(np.prod(shape))
    return (0.9 * np.sin(np.arange(n) * 0.7 + 0.3)).reshape(shape).astype(dtype)


def _pairs(dtype=np.float64):
    """Complex values as (real, imag) pairs, shape (2, 3, 2)."""
    return (np.arange(12).reshape(2, 3, 2) * 1.5 - 8.0).astype(dtype)


def _spec(dtype=np.float32):
    """A non-negative spectrogram <channel, freq, time> with a few values below 1e-10."""
    s = np.abs(np.cos(np.arange(2 * 3 * 5) * 1.3)).reshape(2, 3, 5) * 10.0
    s[0, 0, :2] = 0.0
    return s.astype(dtype)


def _melkwargs(u, n_fft, n_mels, **changes):
    """A full MelSpectrogram argument dict (MindSpore's MFCC wants every key)."""
    kwargs = {
        "n_fft": n_fft,
        "win_length": n_fft,
        "hop_length": n_fft // 2,
        "f_min": 0.0,
        "f_max": 4000.0,
        "pad": 0,
        "n_mels": n_mels,
        "window": u.WindowType.HANN,
        "power": 2.0,
        "normalized": False,
        "center": True,
        "pad_mode": u.BorderType.REFLECT,
        "onesided": True,
        "norm": u.NormType.NONE,
        "mel_scale": u.MelType.HTK,
    }
    kwargs.update(changes)
    return kwargs


def _speckwargs(u, n_fft, **changes):
    """A full Spectrogram argument dict (MindSpore's LFCC wants every key)."""
    kwargs = {
        "n_fft": n_fft,
        "win_length": n_fft,
        "hop_length": n_fft // 2,
        "pad": 0,
        "window": u.WindowType.HANN,
        "power": 2.0,
        "normalized": False,
        "center": True,
        "pad_mode": u.BorderType.REFLECT,
        "onesided": True,
    }
    kwargs.update(changes)
    return kwargs


CASES = {
    "biquad_f32": lambda a, u: a.Biquad(0.4, 0.2, 0.1, 1.0, -0.3, 0.2)(_wave()),
    "biquad_f64": lambda a, u: a.Biquad(0.4, 0.2, 0.1, 2.0, -0.3, 0.2)(_wave(np.float64)),
    "lfilter_clamp": lambda a, u: a.LFilter([1.0, -0.9, 0.2], [0.7, 0.5, 0.3])(_wave(np.float64)),
    "lfilter_noclamp": lambda a, u: a.LFilter([1.0, -0.9], [2.0, 0.5], clamp=False)(_wave()),
    "allpass": lambda a, u: a.AllpassBiquad(16000, 1000.0, 0.5)(_wave()),
    "band": lambda a, u: a.BandBiquad(16000, 2000.0, 0.7)(_wave(np.float64)),
    "band_noise": lambda a, u: a.BandBiquad(16000, 2000.0, 0.7, True)(_wave(np.float64)),
    "bandpass": lambda a, u: a.BandpassBiquad(16000, 1500.0, 0.6)(_wave(np.float64)),
    "bandpass_skirt": lambda a, u: a.BandpassBiquad(16000, 1500.0, 0.6, True)(_wave()),
    "bandreject": lambda a, u: a.BandrejectBiquad(16000, 1500.0, 0.6)(_wave(np.float64)),
    "bass": lambda a, u: a.BassBiquad(16000, 6.0, 300.0, 0.5)(_wave(np.float64) * 0.3),
    "treble": lambda a, u: a.TrebleBiquad(16000, -4.0)(_wave(np.float64)),
    "equalizer": lambda a, u: a.EqualizerBiquad(16000, 1200.0, 3.0, 0.9)(_wave(np.float64) * 0.5),
    "highpass": lambda a, u: a.HighpassBiquad(16000, 900.0)(_wave(np.float64)),
    "lowpass": lambda a, u: a.LowpassBiquad(16000, 900.0, 0.3)(_wave()),
    "deemph_44100": lambda a, u: a.DeemphBiquad(44100)(_wave(np.float64)),
    "deemph_48000": lambda a, u: a.DeemphBiquad(48000)(_wave()),
    "riaa_44100": lambda a, u: a.RiaaBiquad(44100)(_wave(np.float64) * 0.1),
    "riaa_96000": lambda a, u: a.RiaaBiquad(96000)(_wave(np.float64) * 0.1),
    "amplitude_to_db_power": lambda a, u: a.AmplitudeToDB()(_spec()),
    "amplitude_to_db_magnitude": lambda a, u: a.AmplitudeToDB(
        u.ScaleType.MAGNITUDE, 2.0, 1e-5, 30.0
    )(_spec(np.float64)),
    "amplitude_to_db_2d": lambda a, u: a.AmplitudeToDB(top_db=5.0)(_spec()[0]),
    "db_to_amplitude": lambda a, u: a.DBToAmplitude(0.5, 0.5)(_wave() * 10),
    "db_to_amplitude_f64": lambda a, u: a.DBToAmplitude(2, 1)(_wave(np.float64) * 10),
    "gain": lambda a, u: a.Gain(-3.5)(_wave()),
    "gain_int": lambda a, u: a.Gain(2.0)(np.arange(6, dtype=np.int32)),
    "vol_amplitude": lambda a, u: a.Vol(1.7)(_wave()),
    "vol_db": lambda a, u: a.Vol(-2.5, u.GainType.DB)(_wave(np.float64)),
    "vol_power": lambda a, u: a.Vol(3.0, u.GainType.POWER)(_wave(np.float64)),
    "dc_shift_limited": lambda a, u: a.DCShift(0.5, 0.1)(_wave(np.float64)),
    "dc_shift_negative": lambda a, u: a.DCShift(-0.4, 0.2)(_wave()),
    "dc_shift_plain": lambda a, u: a.DCShift(0.3)(_wave()),
    "contrast": lambda a, u: a.Contrast(40.0)(_wave(np.float64)),
    "mu_law_encoding": lambda a, u: a.MuLawEncoding(64)(_wave()),
    "mu_law_encoding_f64": lambda a, u: a.MuLawEncoding()(_wave(np.float64)),
    "mu_law_decoding": lambda a, u: a.MuLawDecoding(64)(np.arange(0, 64, 5).astype(np.float32)),
    "mu_law_decoding_int": lambda a, u: a.MuLawDecoding()(np.arange(0, 256, 17)),
    "angle": lambda a, u: a.Angle()(_pairs()),
    "angle_f32": lambda a, u: a.Angle()(_pairs(np.float32)),
    "complex_norm": lambda a, u: a.ComplexNorm(1.5)(_pairs()),
    "complex_norm_int": lambda a, u: a.ComplexNorm()(np.arange(8).reshape(4, 2)),
    "magphase": lambda a, u: a.Magphase(2.0)(_pairs(np.float32)),
    "create_dct_none": lambda a, u: u.create_dct(5, 7),
    "create_dct_ortho": lambda a, u: u.create_dct(4, 6, u.NormMode.ORTHO),
    "melscale_fbanks_htk": lambda a, u: u.melscale_fbanks(20, 0.0, 8000.0, 6, 16000),
    "melscale_fbanks_slaney": lambda a, u: u.melscale_fbanks(
        20, 100.0, 7000.0, 5, 16000, u.NormType.SLANEY, u.MelType.SLANEY
    ),
    "linear_fbanks": lambda a, u: u.linear_fbanks(12, 50.0, 4000.0, 4, 8000),
    "fade_linear": lambda a, u: a.Fade(5, 3)(_wave()),
    "fade_exponential": lambda a, u: a.Fade(6, 6, u.FadeShape.EXPONENTIAL)(_wave(np.float64)),
    "fade_logarithmic": lambda a, u: a.Fade(4, 7, u.FadeShape.LOGARITHMIC)(_wave()),
    "fade_quarter_sine": lambda a, u: a.Fade(16, 0, u.FadeShape.QUARTER_SINE)(_wave(np.float64)),
    "fade_half_sine": lambda a, u: a.Fade(1, 9, u.FadeShape.HALF_SINE)(_wave()),
    "fade_int": lambda a, u: a.Fade(3, 2)(np.arange(8, dtype=np.int16)),
    "compute_deltas_edge": lambda a, u: a.ComputeDeltas()(_spec()),
    "compute_deltas_reflect": lambda a, u: a.ComputeDeltas(3, u.BorderType.REFLECT)(
        _spec(np.float64)
    ),
    "compute_deltas_constant": lambda a, u: a.ComputeDeltas(7, u.BorderType.CONSTANT)(_wave()),
    "compute_deltas_symmetric": lambda a, u: a.ComputeDeltas(4, u.BorderType.SYMMETRIC)(_wave()),
    "spectrogram_default": lambda a, u: a.Spectrogram(n_fft=8)(_wave(shape=(2, 30))),
    "spectrogram_f64_hamming": lambda a, u: a.Spectrogram(
        n_fft=10, win_length=7, hop_length=3, window=u.WindowType.HAMMING, power=1.0
    )(_wave(np.float64, (1, 3, 25))),
    "spectrogram_blackman_normalized": lambda a, u: a.Spectrogram(
        n_fft=6, window=u.WindowType.BLACKMAN, normalized=True, pad_mode=u.BorderType.SYMMETRIC
    )(_wave(shape=(20,))),
    "spectrogram_kaiser_pad": lambda a, u: a.Spectrogram(
        n_fft=8, pad=3, window=u.WindowType.KAISER, pad_mode=u.BorderType.CONSTANT
    )(_wave(np.float64, (2, 18))),
    "spectrogram_bartlett_no_center": lambda a, u: a.Spectrogram(
        n_fft=9, window=u.WindowType.BARTLETT, center=False, power=1.5
    )(_wave(shape=(2, 31))),
    "spectrogram_complex_twosided": lambda a, u: a.Spectrogram(
        n_fft=7, power=0, onesided=False, pad_mode=u.BorderType.EDGE
    )(_wave(np.float64, (1, 22))),
    "spectrogram_int": lambda a, u: a.Spectrogram(n_fft=4)(np.arange(12, dtype=np.int32)),
    "mel_scale": lambda a, u: a.MelScale(6, 8000, n_stft=9)(_spec(np.float32).repeat(3, axis=1)),
    "mel_scale_slaney_f64": lambda a, u: a.MelScale(
        4, 16000, 100.0, 7000.0, 9, u.NormType.SLANEY, u.MelType.SLANEY
    )(_spec(np.float64).repeat(3, axis=1)),
    "mel_spectrogram": lambda a, u: a.MelSpectrogram(8000, n_fft=16, n_mels=5)(
        _wave(shape=(2, 40))
    ),
    "mel_spectrogram_options": lambda a, u: a.MelSpectrogram(
        16000,
        20,
        15,
        4,
        50.0,
        6000.0,
        2,
        6,
        u.WindowType.HAMMING,
        1.0,
        True,
        True,
        u.BorderType.EDGE,
        True,
        u.NormType.SLANEY,
        u.MelType.SLANEY,
    )(_wave(shape=(33,))),
    "mfcc": lambda a, u: a.MFCC(8000, 4, melkwargs=_melkwargs(u, 16, 6))(_wave(shape=(2, 40))),
    "mfcc_log_none": lambda a, u: a.MFCC(
        8000,
        3,
        norm=u.NormMode.NONE,
        log_mels=True,
        melkwargs=_melkwargs(u, 12, 5, window=u.WindowType.BLACKMAN),
    )(_wave(shape=(30,))),
    "mask_along_axis_freq": lambda a, u: a.MaskAlongAxis(1, 2, -3.5, 1)(_spec()),
    "mask_along_axis_time": lambda a, u: a.MaskAlongAxis(3, 2, 0.25, 2)(_spec(np.float64)),
    "mask_along_axis_int": lambda a, u: a.MaskAlongAxis(0, 1, 7, 2)(np.arange(12).reshape(3, 4)),
    "time_masking_fixed": lambda a, u: a.TimeMasking(False, 2, 1, 0.5)(_spec()),
    "frequency_masking_fixed": lambda a, u: a.FrequencyMasking(False, 1, 2, 3.0)(_spec(np.float64)),
    "lfcc": lambda a, u: a.LFCC(8000, 6, 4, speckwargs=_speckwargs(u, 16))(_wave(shape=(2, 40))),
    "lfcc_log": lambda a, u: a.LFCC(
        16000,
        5,
        3,
        100.0,
        6000.0,
        norm=u.NormMode.NONE,
        log_lf=True,
        speckwargs=_speckwargs(u, 12, window=u.WindowType.HAMMING),
    )(_wave(shape=(30,))),
    "spectral_centroid": lambda a, u: a.SpectralCentroid(8000, n_fft=16)(_wave(shape=(2, 40))),
    "spectral_centroid_f64": lambda a, u: a.SpectralCentroid(
        16000, 12, 9, 4, 2, u.WindowType.BLACKMAN
    )(_wave(np.float64, (33,))),
    "overdrive": lambda a, u: a.Overdrive()(_wave(shape=(2, 30)) * 0.2),
    "overdrive_f64": lambda a, u: a.Overdrive(35.5, 60.0)(_wave(np.float64, (3, 20))),
    "flanger": lambda a, u: a.Flanger(4000)(_wave(shape=(2, 60))),
    "flanger_quadratic_triangular": lambda a, u: a.Flanger(
        3000, 1.5, 4.0, 40.0, 55.0, 3.0, 60.0, u.Modulation.TRIANGULAR, u.Interpolation.QUADRATIC
    )(_wave(np.float64, (2, 3, 50))),
    "flanger_negative_regen": lambda a, u: a.Flanger(5000, 2.0, 1.0, -70.0, 100.0, 8.0)(
        _wave(shape=(1, 45))
    ),
    "phaser": lambda a, u: a.Phaser(4000)(_wave(shape=(2, 60))),
    "phaser_triangular_f64": lambda a, u: a.Phaser(3000, 0.8, 1.5, 2.5, 0.7, 1.7, False)(
        _wave(np.float64, (2, 50))
    ),
    "sliding_window_cmn": lambda a, u: a.SlidingWindowCmn(4, 2)(_wave(shape=(2, 9, 3))),
    "sliding_window_cmn_center_vars": lambda a, u: a.SlidingWindowCmn(5, 0, True, True)(
        _wave(np.float64, (12, 4))
    ),
    "sliding_window_cmn_vars": lambda a, u: a.SlidingWindowCmn(3, 5, False, True)(
        _wave(shape=(1, 10, 2))
    ),
    "filtfilt": lambda a, u: a.Filtfilt([1.0, -0.6, 0.1], [0.3, 0.2, 0.1])(_wave(np.float64)),
    "filtfilt_f32_noclamp": lambda a, u: a.Filtfilt([2.0, -0.5], [1.5, 0.5], False)(_wave()),
    "resample_down": lambda a, u: a.Resample(16000, 12000)(_wave(shape=(2, 40))),
    "resample_up_f64": lambda a, u: a.Resample(8000, 11025.0, lowpass_filter_width=4, rolloff=0.9)(
        _wave(np.float64, (30,))
    ),
    "resample_kaiser": lambda a, u: a.Resample(
        48000, 16000, u.ResampleMethod.KAISER_WINDOW, 5, 0.8, 9.0
    )(_wave(shape=(1, 33))),
    "resample_same_rate": lambda a, u: a.Resample(8000, 8000.0)(_wave(np.float64, (3, 7))),
}

# Random masks: MindSpore draws them from the pipeline seed (ds.config.set_seed(SEED)).
SEED = 1234
RANDOM_CASES = {
    "time_masking_iid": lambda a, u: a.TimeMasking(True, 3, mask_value=2.0),
    "frequency_masking_iid": lambda a, u: a.FrequencyMasking(True, 2),
    "mask_along_axis_iid_time": lambda a, u: a.MaskAlongAxisIID(4, -1.0, 2),
    "mask_along_axis_iid_freq": lambda a, u: a.MaskAlongAxisIID(2, 9.0, 1),
}


def random_rows():
    """Six spectrograms <channel, freq, time> a random mask runs over in a pipeline."""
    return np.stack([_spec() + i for i in range(6)])
