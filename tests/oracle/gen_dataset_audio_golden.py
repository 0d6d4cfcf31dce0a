"""Golden values for msfunc.dataset.audio from MindSpore 2.10: tests/golden/dataset_audio.npz.

The cases live in dataset_audio_cases.py; tests/dataset/test_dataset_audio.py runs the same
functions with msfunc. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_audio
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dataset_audio_cases import CASES, RANDOM_CASES, SEED, random_rows  # noqa: E402


def pipeline_masks(ds, transform):
    """The rows of random_rows() after `transform` in a 2-worker map, seeded with SEED."""
    ds.config.set_seed(SEED)
    data = ds.NumpySlicesDataset(random_rows(), ["spec"], shuffle=False)
    data = data.map(operations=[transform], input_columns=["spec"], num_parallel_workers=2)
    return np.stack([row[0] for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)])


def main():
    import mindspore.dataset as ds
    import mindspore.dataset.audio as audio
    from mindspore.dataset.audio import utils

    arrays = {}
    for name, case in CASES.items():
        result = case(audio, utils)
        outputs = result if isinstance(result, tuple) else (result,)
        for i, out in enumerate(outputs):
            arrays[f"{name}/{i}"] = np.asarray(out)
    for name, make in RANDOM_CASES.items():
        arrays[f"{name}/0"] = pipeline_masks(ds, make(audio, utils))
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "golden", "dataset_audio.npz")
    np.savez_compressed(path, **arrays)
    print(f"wrote {len(arrays)} arrays to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
