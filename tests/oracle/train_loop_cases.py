"""Hand-written training loop helpers shared by gen_train_loop_golden.py (real MindSpore 2.10)
and tests/train/test_train_loop_golden.py (msfunc): DatasetHelper's batches and argument
errors, ``mindspore.train._utils._construct_tensor_list`` and ``_make_directory``, Model
with a hand-written one-shot dataset (reset after each pass), Model.predict's `backend`. Each
case takes the `mindspore`
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


class _OneShot:
    """A hand-written dataset whose iterator is itself: it runs dry unless reset."""

    def __init__(self, ms, size):
        self.ms, self.size, self.at, self.resets = ms, size, 0, 0

    def get_dataset_size(self):
        return self.size

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self.at >= self.size:
            raise StopIteration
        self.at += 1
        x = np.full((2, 3), self.at, np.float32)
        return self.ms.Tensor(x), self.ms.Tensor(x[:, :1] * 0.5)

    def reset(self):
        self.at, self.resets = 0, self.resets + 1


def model_resets_dataset(ms, construct_tensor_list):
    net = ms.nn.Dense(3, 1, weight_init="zeros", bias_init="zeros")
    opt = ms.nn.SGD(net.trainable_params(), learning_rate=0.01)
    model = ms.train.Model(net, loss_fn=ms.nn.MSELoss(), optimizer=opt, metrics={"mae"})
    steps = []

    class Steps(ms.train.Callback):
        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            steps.append([p.cur_epoch_num, p.cur_step_num])

    data = _OneShot(ms, 3)
    model.train(2, data, callbacks=[Steps()], dataset_sink_mode=False)
    after_train = data.resets
    mae = model.eval(data)["mae"]
    return {
        "steps": steps,
        "resets_after_train": after_train,
        "resets_after_eval": data.resets,
        "mae": round(float(mae), 5),
        "weight": np.round(net.weight.asnumpy(), 5).tolist(),
    }


def predict_backend(ms, construct_tensor_list):
    model = ms.train.Model(ms.nn.ReLU())
    x = ms.Tensor(np.array([-1.0, 2.0], np.float32))
    return {
        "lite": np.asarray(model.predict(x, backend="lite").asnumpy()).tolist(),
        "gpu": _error(lambda: model.predict(x, backend="gpu")),
        "number": _error(lambda: model.predict(x, backend=0)),
    }


def make_directory(ms, construct_tensor_list):
    """``_make_directory``, the helper beside ``_construct_tensor_list`` (MindChemistry's
    Allegro imports it): makes the folders, owner-only, and gives the full path."""
    import os
    import sys
    import tempfile

    make = sys.modules[construct_tensor_list.__module__]._make_directory
    root = os.path.realpath(tempfile.mkdtemp())
    nested = os.path.join(root, "a", "b")
    made = make(nested)
    again = make(nested)
    here = os.getcwd()
    os.chdir(root)
    try:
        relative = make("rel")
    finally:
        os.chdir(here)
    return {
        "made": made == nested,
        "again": again == nested,
        "is_dir": os.path.isdir(nested),
        "mode": oct(os.stat(nested).st_mode & 0o777),
        "relative": relative == os.path.join(root, "rel"),
        "blank": _error(lambda: make("")),
        "not_str": _error(lambda: make(3)),
    }


CASES = {
    "dataset_helper": dataset_helper,
    "make_directory": make_directory,
    "construct_tensor_list": construct_tensor_list,
    "model_resets_dataset": model_resets_dataset,
    "predict_backend": predict_backend,
}
