"""msfunc.dataset.audio against MindSpore 2.10 golden values (gen_dataset_audio_golden.py).

The cases are the oracle's own functions (tests/oracle/dataset_audio_cases.py), run with msfunc.
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
from dataset_audio_cases import CASES, RANDOM_CASES, SEED, random_rows  # noqa: E402

GOLDEN = np.load(TESTS / "golden" / "dataset_audio.npz")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_mindspore(name):
    result = CASES[name](audio, utils)
    outputs = result if isinstance(result, tuple) else (result,)
    assert len(outputs) == len([k for k in GOLDEN.files if k.split("/")[0] == name])
    for i, out in enumerate(outputs):
        want = GOLDEN[f"{name}/{i}"]
        out = np.asarray(out)
        assert out.dtype == want.dtype and out.shape == want.shape
        if np.issubdtype(want.dtype, np.integer):
            np.testing.assert_array_equal(out, want)
        else:
            tol = 1e-12 if want.dtype == np.float64 else 2e-6
            np.testing.assert_allclose(out, want, rtol=tol * 100, atol=tol)


@pytest.mark.parametrize("name", sorted(RANDOM_CASES))
def test_random_masks_draw_mindspores_bands(name):
    ds.config.set_seed(SEED)
    data = ds.NumpySlicesDataset(random_rows(), ["spec"], shuffle=False).map(
        operations=[RANDOM_CASES[name](audio, utils)],
        input_columns=["spec"],
        num_parallel_workers=2,
    )
    rows = [row[0] for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    np.testing.assert_array_equal(np.stack(rows), GOLDEN[f"{name}/0"])


def test_map_runs_transforms_and_splits_two_outputs():
    pairs = np.array([[[3.0, -4.0], [0.0, 2.0]]])
    pipeline = ds.NumpySlicesDataset(pairs, ["spec"], shuffle=False).map(
        operations=[audio.Magphase()], input_columns=["spec"], output_columns=["mag", "phase"]
    )
    ((mag, phase),) = pipeline.create_tuple_iterator(output_numpy=True, num_epochs=1)
    np.testing.assert_allclose(mag, [5.0, 2.0])
    np.testing.assert_allclose(phase, [np.arctan2(-4.0, 3.0), np.pi / 2])


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: audio.Biquad("0.1", 0, 0, 1, 0, 0), TypeError),
        (lambda: audio.Biquad(0.1, 0, 0, 0, 0, 0), ValueError),
        (lambda: audio.Biquad(2.0**30, 0, 0, 1, 0, 0), ValueError),
        (lambda: audio.AllpassBiquad(44100.5, 200.0), TypeError),
        (lambda: audio.LowpassBiquad(44100, 200.0, 1.5), ValueError),
        (lambda: audio.BandBiquad(44100, 200.0, noise=1), TypeError),
        (lambda: audio.DeemphBiquad(22050), ValueError),
        (lambda: audio.RiaaBiquad(16000), ValueError),
        (lambda: audio.LFilter([1.0, 0.5], [1.0]), ValueError),
        (lambda: audio.AmplitudeToDB(stype="power"), TypeError),
        (lambda: audio.AmplitudeToDB(top_db=-1.0), ValueError),
        (lambda: audio.DCShift(2.5), ValueError),
        (lambda: audio.Contrast(101), ValueError),
        (lambda: audio.Vol(-0.5), ValueError),
        (lambda: audio.MuLawEncoding(0), ValueError),
        (lambda: audio.ComplexNorm(-1.0), ValueError),
        (lambda: utils.create_dct(3, 0), ValueError),
        (lambda: utils.melscale_fbanks(10, 500.0, 100.0, 4, 16000), ValueError),
    ],
)
def test_bad_arguments_raise_mindspores_exception_types(make, error):
    with pytest.raises(error):
        make()


def test_bad_inputs_raise_runtime_error():
    with pytest.raises(RuntimeError):
        audio.LowpassBiquad(16000, 900.0)(np.arange(4))  # filters take floats only
    with pytest.raises(RuntimeError):
        audio.Angle()(np.zeros((2, 3)))  # no (real, imag) axis


def test_unknown_name_is_an_attribute_error_and_alias_paths_resolve():
    with pytest.raises(AttributeError):
        audio.NoSuchTransform  # noqa: B018
    from msfunc.compat.module_tree import MODULE_TREE

    assert MODULE_TREE["mindspore.dataset.audio.utils"] == ("msfunc.dataset.audio.utils",)
