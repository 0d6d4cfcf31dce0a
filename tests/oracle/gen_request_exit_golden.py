"""Golden values from real MindSpore 2.10 (CPU) for `OnRequestExit` stopping training and
evaluation on a real signal, and for `save_checkpoint`'s `append_dict` naming a saved value.

Writes tests/golden/request_exit.json; read by tests/train/test_request_exit.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py request_exit

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "request_exit.json"
)
# The signal the scenarios send themselves (SIGTERM's default would end the test process).
_SIGNAL = "SIGUSR1"


def _model(ms):
    from mindspore.train import Model

    net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = ms.nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return Model(net, ms.nn.MSELoss(), opt, metrics={"mse": ms.train.MSE()})


def _dataset(ms, batches=6):
    from mindspore.dataset import NumpySlicesDataset

    x = np.arange(batches * 4, dtype=np.float32).reshape(batches * 2, 2) / 10
    y = x.sum(axis=1, keepdims=True) * 0.5
    return NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)


class _Recorder:
    """A callback (built on MindSpore's Callback class at run time) that sends the signal to
    its own process at one step and records the steps run."""

    @staticmethod
    def make(ms, signal_at_step):
        import signal

        from mindspore.train import Callback

        class Recorder(Callback):
            def __init__(self):
                self.steps = []

            def on_train_step_end(self, run_context):
                p = run_context.original_args()
                self.steps.append(p.cur_step_num)
                if p.cur_step_num == signal_at_step:
                    os.kill(os.getpid(), getattr(signal, _SIGNAL))

            def on_eval_step_end(self, run_context):
                p = run_context.original_args()
                self.steps.append(p.cur_step_num)
                if p.cur_step_num == signal_at_step:
                    os.kill(os.getpid(), getattr(signal, _SIGNAL))

        return Recorder()


def _ckpt_record(ms, path):
    """The saved names (without MindSpore's graceful-exit Parameters, which are not the
    network's) and the appended values."""
    loaded = ms.load_checkpoint(path)
    names = [n for n in loaded if not n.startswith("graceful_")]
    extra = {
        k: loaded[k].asnumpy().tolist()
        for k in ("epoch_num", "step_num", "batch_num", "global_step")
        if k in loaded
    }
    return {"names": names, "extra": extra}


def _run(ms, graceful, mode):
    import shutil
    import signal
    import tempfile

    from mindspore.train import OnRequestExit

    folder = tempfile.mkdtemp()
    previous_env = os.environ.get("MS_ENABLE_GRACEFUL_EXIT")
    previous_handler = signal.getsignal(getattr(signal, _SIGNAL))
    if graceful:
        os.environ["MS_ENABLE_GRACEFUL_EXIT"] = "1"
    try:
        model = _model(ms)
        recorder = _Recorder.make(ms, signal_at_step=2)
        cb = OnRequestExit(
            save_mindir=False, file_name="Net", directory=folder, sig=getattr(signal, _SIGNAL)
        )
        if mode == "train":
            model.train(2, _dataset(ms), callbacks=[recorder, cb])
        else:
            model.eval(_dataset(ms), callbacks=[recorder, cb])
        rank = os.path.join(folder, "rank_0")
        files = sorted(os.listdir(rank))
        record = {"steps": recorder.steps, "files": files}
        for f in files:
            record[f] = _ckpt_record(ms, os.path.join(rank, f))
        return record
    finally:
        signal.signal(getattr(signal, _SIGNAL), previous_handler)
        if previous_env is None:
            os.environ.pop("MS_ENABLE_GRACEFUL_EXIT", None)
        else:
            os.environ["MS_ENABLE_GRACEFUL_EXIT"] = previous_env
        shutil.rmtree(folder)


def graceful_train_stops_after_the_signal(ms):
    """MS_ENABLE_GRACEFUL_EXIT=1: the step after the signal is the last; the checkpoint holds
    the network, the optimizer state and where training stopped."""
    return _run(ms, graceful=True, mode="train")


def plain_train_runs_on_and_saves_at_the_end(ms):
    """Without MS_ENABLE_GRACEFUL_EXIT the signal only marks the request: training runs to
    its end, then saves."""
    return _run(ms, graceful=False, mode="train")


def eval_stops_after_the_signal(ms):
    """Evaluation stops after the step the signal arrives in and saves the eval network."""
    return _run(ms, graceful=False, mode="eval")


def append_dict_replaces_a_saved_name(ms):
    """An `append_dict` name that the saved object already has replaces that value in place."""
    import tempfile

    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "a.ckpt")
    entries = [
        {"name": "a", "data": ms.Tensor(np.ones(2, np.float32))},
        {"name": "b", "data": ms.Tensor(np.zeros(1, np.float32))},
    ]
    ms.save_checkpoint(entries, path, append_dict={"a": 1, "c": 2.5})
    loaded = ms.load_checkpoint(path)
    os.remove(path)
    os.rmdir(folder)
    return {k: [v.asnumpy().tolist(), v.asnumpy().dtype.name] for k, v in loaded.items()}


SCENARIOS = [
    graceful_train_stops_after_the_signal,
    plain_train_runs_on_and_saves_at_the_end,
    eval_stops_after_the_signal,
    append_dict_replaces_a_saved_name,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
