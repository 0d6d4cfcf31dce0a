"""msfunc.dataset's pipeline operations (Slice, Concatenate, Mask, zip, apply,
bucket_batch_by_length, sync_wait, map callbacks, debug/autotune config) against MindSpore 2.10
(tests/oracle/gen_dataset_ops_golden.py, whose scenarios run here with ds = msfunc.dataset)."""

import importlib.util
import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc.dataset as ds
from msfunc.dataset import debug
from msfunc.dataset.callback import DSCallback

_spec = importlib.util.spec_from_file_location(
    "gen_dataset_ops_golden", TESTS / "oracle" / "gen_dataset_ops_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "dataset_ops.json").read_text())


def _ours():
    out = {}
    for scenario in gen.SCENARIOS:
        scenario(ds, out.__setitem__)
    return out


@pytest.fixture(scope="module")
def ours():
    return _ours()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(ours, key):
    assert json.loads(json.dumps(ours[key])) == GOLDEN[key]


def _gated(n=8, batch=2, num_batch=1, callback=None):
    data = ds.NumpySlicesDataset({"x": np.arange(n)}, shuffle=False)
    return data.sync_wait("step", num_batch=num_batch, callback=callback).batch(batch)


def test_sync_wait_releases_rows_per_update():
    seen = []
    data = _gated(callback=seen.append)
    firsts = []
    for i, (x,) in enumerate(data.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        firsts.append(int(x[0]))
        data.sync_update("step", data={"step": i})
    assert firsts == [0, 2, 4, 6]
    assert seen == [{"step": i} for i in range(4)]


def test_independent_mode_changes_nothing(monkeypatch):
    # msfunc runs every pipeline in its consumer's process, so the features MindSpore refuses
    # under MS_INDEPENDENT_DATASET (sync_wait, map callbacks, autotune) keep working there.
    from msfunc.dataset import sync_wait

    monkeypatch.setenv("MS_INDEPENDENT_DATASET", "True")
    # (the iterator's look-ahead waits at the gate after the last update: no minute of it)
    monkeypatch.setattr(sync_wait, "_WAIT_SECONDS", 0.05)
    ds.config.set_enable_autotune(True)
    ds.config.set_enable_autotune(False)
    steps = []

    class Steps(DSCallback):
        def ds_step_begin(self, ds_run_context):
            steps.append(ds_run_context.cur_step_num)

    data = _gated().map(lambda x: x, input_columns=["x"], callbacks=Steps())
    firsts = []
    for (x,) in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
        firsts.append(int(x[0]))
        data.sync_update("step")
    assert firsts == list(range(0, 8, 2))
    assert steps == [1, 2, 3, 4]


def test_parallel_map_after_a_gate_waits_for_no_timeout(monkeypatch):
    # Map workers reading ahead of a gate once held the rows the consumer needed to release
    # it, until the gate's timeout opened it for good; the map sees only released rows.
    from msfunc.dataset import sync_wait

    monkeypatch.setattr(sync_wait, "_WAIT_SECONDS", 0.05)
    mapped = []

    def record(x):
        mapped.append(int(x))
        return x

    data = ds.NumpySlicesDataset({"x": np.arange(40)}, shuffle=False).sync_wait("step")
    data = data.map(record, input_columns=["x"], num_parallel_workers=2).batch(4)
    firsts = []
    for i, (x,) in enumerate(data.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        assert len(mapped) <= 4 * (i + 1)  # no more rows than released so far
        firsts.append(int(x[0]))
        data.sync_update("step")
    assert firsts == list(range(0, 40, 4))


def test_sync_wait_times_out_without_update(monkeypatch):
    from msfunc.dataset import sync_wait

    monkeypatch.setattr(sync_wait, "_WAIT_SECONDS", 0.05)
    data = _gated(n=6, batch=2, num_batch=2)
    rows = list(data.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert [int(x[0]) for (x,) in rows] == [0, 2, 4]  # the gate opened for good


def test_sync_update_errors_open_the_gates():
    data = _gated()
    with pytest.raises(RuntimeError):
        data.sync_update("other")
    with pytest.raises(RuntimeError):
        data.sync_update("step", num_batch=0)
    assert len(list(data.create_tuple_iterator(num_epochs=1))) == 4  # no update needed now


def test_debug_hooks_see_each_transform():
    seen = []

    class Log(debug.DebugHook):
        def compute(self, *args):
            seen.append((self.prev_op_name, self.is_first_op, [int(a) for a in args]))
            return args

    def add_one(x):
        return x + 1

    ds.config.set_debug_mode(True, [Log()])
    try:
        data = ds.NumpySlicesDataset([5], shuffle=False).map([add_one, add_one])
        list(data.create_tuple_iterator(num_epochs=1))
    finally:
        ds.config.set_debug_mode(False)
    assert [s[1:] for s in seen] == [(True, [5]), (False, [6]), (False, [7])]


def test_callbacks_skip_size_passes():
    calls = []

    class Count(DSCallback):
        def ds_begin(self, ds_run_context):
            calls.append("begin")

    data = ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x, callbacks=Count())
    assert data.get_dataset_size() == 2 and data.output_shapes() == [[]]
    assert calls == []
    with pytest.raises(TypeError):
        ds.NumpySlicesDataset([1]).map(lambda x: x, callbacks=[Count(), 0])


def test_device_que_sends_every_epoch_on_its_own_thread():
    data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).map(lambda x: x * 2)
    data = data.device_que()
    assert data.get_dataset_size() == 3
    data.stop_send()  # sending waits until continue_send
    data.send(num_epochs=2)
    data.wait_sent(timeout=0.2)
    assert data.queue.qsize() == 0
    data.continue_send()
    data.wait_sent()
    sent = [int(data.queue.get()[0]) for _ in range(data.queue.qsize())]
    assert sent == [0, 2, 4] * 2


def test_autotune_writes_the_pipeline_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("RANK_ID", "3")
    data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).batch(2)
    ds.config.set_enable_autotune(True, str(tmp_path / "tuned"))
    try:
        data.create_tuple_iterator(num_epochs=1)
    finally:
        ds.config.set_enable_autotune(False)
    written = json.loads((tmp_path / "tuned_3.json").read_text())
    assert written["tree"] == ds.serialize(data)
