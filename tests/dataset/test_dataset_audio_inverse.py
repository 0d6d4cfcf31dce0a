"""Phase-vocoder, inverse-STFT, pitch, dither, InverseMelScale and Vad transforms against
MindSpore 2.10 golden values (gen_dataset_audio_inverse_golden.py).

The cases are the oracle's own functions (tests/oracle/dataset_audio_inverse_cases.py), run
with msfunc.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc.dataset as ds
from msfunc.dataset import audio
from msfunc.dataset.audio import utils

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
from dataset_audio_inverse_cases import (  # noqa: E402
    CASES,
    PIPELINE_CASES,
    SEED,
    SEEDED_CASES,
    rows,
)

GOLDEN = np.load(TESTS / "golden" / "dataset_audio_inverse.npz")


def _assert_matches(out, want):
    out = np.asarray(out)
    assert out.dtype == want.dtype and out.shape == want.shape
    # The kernels accumulate in another order than numpy (and InverseMelScale iterates).
    tol = 1e-7 if want.dtype == np.float64 else 2e-5
    np.testing.assert_allclose(out, want, rtol=tol * 10, atol=tol)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_mindspore(name):
    _assert_matches(CASES[name](audio, utils), GOLDEN[name])


@pytest.fixture
def seed():
    saved = ds.config.get_seed()
    ds.config.set_seed(SEED)
    yield
    ds.config.set_seed(saved)


@pytest.mark.parametrize("name", sorted(SEEDED_CASES))
def test_seeded_draws_match_mindspore(name, seed):
    _assert_matches(SEEDED_CASES[name](audio, utils), GOLDEN[name])


@pytest.mark.parametrize("name", sorted(PIPELINE_CASES))
def test_pipeline_draws_match_mindspore(name, seed):
    data = ds.NumpySlicesDataset(rows(), ["audio"], shuffle=False).map(
        operations=[PIPELINE_CASES[name](audio, utils)],
        input_columns=["audio"],
        num_parallel_workers=1,
    )
    out = [row[0] for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    _assert_matches(np.stack(out), GOLDEN[name])


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: audio.TimeStretch(n_freq=0), ValueError),
        (lambda: audio.TimeStretch(fixed_rate="1"), TypeError),
        (lambda: audio.PhaseVocoder(0, np.zeros((2, 1))), ValueError),
        (lambda: audio.PhaseVocoder(1.5, [[0.0]]), TypeError),
        (lambda: audio.InverseSpectrogram(win_length=300, n_fft=200), ValueError),
        (lambda: audio.InverseSpectrogram(n_fft=False), TypeError),
        (lambda: audio.GriffinLim(power=0.0), ValueError),
        (lambda: audio.PitchShift(16000, 2, bins_per_octave=0), ValueError),
        (lambda: audio.PitchShift("16000", 2), TypeError),
        (lambda: audio.DetectPitchFrequency(0), ValueError),
        (lambda: audio.Dither(noise_shaping=1), TypeError),
        (
            lambda: audio.InverseMelScale(10, sgdargs={"sgd_lr": -1.0, "sgd_momentum": 0.9}),
            ValueError,
        ),
        (lambda: audio.Vad(16000, noise_up_time=0.01, noise_down_time=0.1), ValueError),
    ],
)
def test_bad_arguments_raise_mindspores_exception_types(make, error):
    with pytest.raises(error):
        make()


@pytest.mark.parametrize(
    ("apply", "error"),
    [
        # phase_advance must be <freq, 1>, as long as the input's freq axis, of its dtype
        (
            lambda: audio.PhaseVocoder(1.2, np.zeros(2, np.float32))(np.ones((2, 3, 2))),
            RuntimeError,
        ),
        (lambda: audio.PhaseVocoder(1.2, np.zeros((3, 1)))(np.ones((2, 3, 2))), RuntimeError),
        (
            lambda: audio.PhaseVocoder(1.2, np.zeros((2, 1)))(np.ones((2, 3, 2), np.float32)),
            RuntimeError,
        ),
        (lambda: audio.TimeStretch()(np.ones((4, 3))), RuntimeError),
        (lambda: audio.InverseMelScale(8, 3)(np.ones((4, 5))), RuntimeError),
        # MindSpore accepts a float freq_high when built and refuses it when applied
        (lambda: audio.DetectPitchFrequency(4000, freq_high=900.0)(np.ones(100)), TypeError),
    ],
)
def test_bad_inputs_raise_mindspores_exception_types(apply, error):
    with pytest.raises(error):
        apply()
