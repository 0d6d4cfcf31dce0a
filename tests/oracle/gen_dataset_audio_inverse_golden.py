"""Golden values for msfunc.dataset.audio's phase-vocoder, inverse-STFT, pitch, dither,
InverseMelScale and Vad transforms from MindSpore 2.10: tests/golden/dataset_audio_inverse.npz.

The cases live in dataset_audio_inverse_cases.py; tests/dataset/test_dataset_audio_inverse.py
runs the same functions with msfunc. Regenerate with real MindSpore 2.10::

    python tests/oracle/run.py dataset_audio_inverse
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dataset_audio_inverse_cases import CASES, PIPELINE_CASES, SEED, SEEDED_CASES, rows  # noqa: E402


def pipeline_rows(ds, transform):
    """rows() after `transform` in a one-worker map, seeded with SEED."""
    ds.config.set_seed(SEED)
    data = ds.NumpySlicesDataset(rows(), ["audio"], shuffle=False)
    data = data.map(operations=[transform], input_columns=["audio"], num_parallel_workers=1)
    return np.stack([row[0] for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)])


def main():
    import mindspore.dataset as ds
    import mindspore.dataset.audio as audio
    from mindspore.dataset.audio import utils

    arrays = {}
    for name, case in CASES.items():
        arrays[name] = np.asarray(case(audio, utils))
    for name, case in SEEDED_CASES.items():
        ds.config.set_seed(SEED)
        arrays[name] = np.asarray(case(audio, utils))
    for name, make in PIPELINE_CASES.items():
        arrays[name] = pipeline_rows(ds, make(audio, utils))
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "golden", "dataset_audio_inverse.npz")
    np.savez_compressed(path, **arrays)
    print(f"wrote {len(arrays)} arrays to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
