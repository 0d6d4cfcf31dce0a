"""Model.train with ``dataset_sink_mode=True`` on the CPU target, shared by
gen_model_sink_golden.py (real MindSpore 2.10) and tests/train/test_model_sink_cpu.py (msfunc):
each case trains a fixed Dense layer for 2 epochs on a 2-batch dataset and returns what the
callbacks saw at every step and epoch end (epoch, step number, batch_num, sink flag, loss)."""

import numpy as np

SETTINGS = {"sink_size_1": (True, 1), "sink_size_5": (True, 5), "sink_whole": (True, -1)}
SETTINGS["no_sink"] = (False, 5)


def _data(ms):
    x = np.linspace(0, 1, 8, dtype=np.float32).reshape(8, 1)
    return ms.dataset.NumpySlicesDataset((x, 2 * x), ["x", "y"], shuffle=False).batch(4)


def train_events(ms, sink, sink_size):
    """Every step end and epoch end of a 2-epoch run, as plain values."""
    events = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            loss = float(np.asarray(p.net_outputs.asnumpy()))
            events.append(["step", p.cur_epoch_num, p.cur_step_num, p.batch_num, loss])

        def on_train_epoch_end(self, run_context):
            p = run_context.original_args()
            events.append(["epoch", p.cur_epoch_num, p.cur_step_num, p.batch_num])
            events.append(["sink", bool(p.dataset_sink_mode)])

    net = ms.nn.Dense(1, 1, "ones", "zeros")
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.1))
    model.train(2, _data(ms), callbacks=[Record()], dataset_sink_mode=sink, sink_size=sink_size)
    events.append(["weight", float(net.weight.asnumpy().ravel()[0])])
    return events


def cases(ms):
    """name -> events, for every setting."""
    return {name: train_events(ms, *setting) for name, setting in SETTINGS.items()}
