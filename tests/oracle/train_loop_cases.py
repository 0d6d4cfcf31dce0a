"""Hand-written training loop helpers shared by gen_train_loop_golden.py (real MindSpore 2.10)
and tests/train/test_train_loop_golden.py (msfunc): DatasetHelper's batches and argument
errors, ``mindspore.train._utils._construct_tensor_list``. Each case takes the `mindspore`
module and that private helper and returns a dict of plain values."""

import numpy as np


def _error(fn):
    try:
        fn()
    except Exception as exc:  # the standard type it is (subclasses of it read the same)
        for kind in (TypeError, ValueError, RuntimeError):
            if isinstance(exc, kind):
                return kind.__name__
        return type(exc).__name__
    return "none"


def dataset_helper(ms, construct_tensor_list):
    def data():
        cols = {
            "x": np.arange(10, dtype=np.float32).reshape(5, 2),
            "y": np.arange(5, dtype=np.int32),
        }
        return ms.dataset.NumpySlicesDataset(cols, shuffle=False).batch(2)

    helper = ms.train.DatasetHelper(data(), dataset_sink_mode=False, epoch_num=2)
    epochs = []
    for _ in range(2):
        epochs.append([[np.asarray(t).tolist() for t in batch] for batch in helper])
    errors = {
        "sink_mode_str": _error(lambda: ms.train.DatasetHelper(data(), dataset_sink_mode="True")),
        "sink_mode_int": _error(lambda: ms.train.DatasetHelper(data(), dataset_sink_mode=1)),
        "sink_size_bool": _error(lambda: ms.train.DatasetHelper(data(), sink_size=True)),
        "sink_size_float": _error(lambda: ms.train.DatasetHelper(data(), sink_size=1.0)),
        "sink_size_zero": _error(lambda: ms.train.DatasetHelper(data(), sink_size=0)),
        "sink_size_negative": _error(lambda: ms.train.DatasetHelper(data(), sink_size=-2)),
    }
    return {"epochs": epochs, "errors": errors}


def construct_tensor_list(ms, construct_tensor_list):
    tensors = construct_tensor_list((ms.float32, ms.int32), ((2, 3), (4,)), batch_expand_num=3)
    return {
        "shapes": [list(t.shape) for t in tensors],
        "dtypes_match": [t.dtype == want for t, want in zip(tensors, (ms.float32, ms.int32))],
        "sums": [float(np.asarray(t.asnumpy()).sum()) for t in tensors],
        "mismatch": _error(lambda: construct_tensor_list((ms.float32,), ((1,), (2,)))),
    }


CASES = {"dataset_helper": dataset_helper, "construct_tensor_list": construct_tensor_list}
