"""data_sink over in-memory msfunc datasets staged on the device: every step's loss equals a
Python loop over the dataset's own iterator (shuffled, seeded, epoch after epoch), and the
sink compiles once."""

import numpy as np
import pytest

import msfunc as ms
import msfunc.dataset as ds
from msfunc import nn, ops

SAMPLES = 20


@pytest.fixture(autouse=True)
def _dataset_seed():
    ds.config.set_seed(7)
    yield
    ds.config._settings["seed"] = None


def _data():
    rng = np.random.default_rng(3)
    return (
        rng.standard_normal((SAMPLES, 3)).astype(np.float32),
        rng.standard_normal((SAMPLES, 1)).astype(np.float32),
    )


PIPELINES = {
    "slices, shuffled by the source": lambda: ds.NumpySlicesDataset(
        _data(), ["x", "y"], shuffle=True
    ).batch(4),  # (20 rows: no short batch)
    "slices, shuffle buffer": lambda: (
        ds.NumpySlicesDataset(_data(), ["x", "y"], shuffle=False)
        .shuffle(7)
        .batch(3, drop_remainder=True)
    ),
    "generator over a list, shuffled, repeated": lambda: (
        ds.GeneratorDataset(list(zip(*_data())), ["x", "y"], shuffle=True)
        .repeat(2)
        .batch(4, drop_remainder=True)
    ),
    "slices, unbatched, skip and take": lambda: (
        ds.NumpySlicesDataset(_data(), ["x", "y"], shuffle=True).skip(2).take(15)
    ),
    "slices in order, an epoch a sink": lambda: (
        ds.NumpySlicesDataset(_data(), ["x", "y"], shuffle=False).take(12).batch(4)
    ),  # (the same rows each call)
}


def _trainer(sink_size):
    """A train step that also keeps its last `sink_size` losses in a Parameter (the sink
    returns only its last step's output)."""
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    history = ms.Parameter(ms.Tensor(np.zeros(sink_size, np.float32)), name="history")
    traces = []

    def step(x, y):
        traces.append(1)  # (Python runs once per trace of the compiled sink)
        loss, grads = grad_fn(x, y)
        opt(grads)
        history.set_data(ops.concat((history[1:], loss.reshape(1))))
        return loss

    return net, step, history, traces


@pytest.mark.parametrize("name", sorted(PIPELINES))
def test_staged_sink_losses_equal_the_python_loop_step_by_step(name):
    sink_size, calls = 3, 4  # (sinks cross epoch ends: 5, 6 or 15 steps an epoch)
    net, step, history, traces = _trainer(sink_size)
    sink = ms.data_sink(step, PIPELINES[name](), sink_size=sink_size)
    sunk = []
    for _ in range(calls):
        sink()
        sunk += history.asnumpy().tolist()
    assert sink._staged is not None  # (the data sat on the device)

    ref_net, ref_step, _, _ = _trainer(1)
    jitted = ms.jit(ref_step)
    looped = []
    iterator = PIPELINES[name]().create_tuple_iterator(num_epochs=-1, output_numpy=True)
    while len(looped) < sink_size * calls:
        for x, y in iterator:
            looped.append(float(jitted(x, y)))
            if len(looped) == sink_size * calls:
                break
    np.testing.assert_allclose(sunk, looped, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.weight.asnumpy(), ref_net.weight.asnumpy(), rtol=1e-5)
    traced = len(traces)
    sink()
    assert len(traces) == traced  # nothing recompiles between calls


def test_a_pipeline_with_a_map_or_a_computed_source_is_not_staged():
    class Computed:  # (its samples may be drawn anew each epoch: read each time)
        def __getitem__(self, i):
            return np.full(3, i, np.float32), np.zeros(1, np.float32)

        def __len__(self):
            return 8

    _, step, _, _ = _trainer(2)
    mapped = (
        ds.NumpySlicesDataset(_data(), ["x", "y"])
        .map(lambda x: x * 2, ["x"])
        .batch(4, drop_remainder=True)
    )
    for dataset in (mapped, ds.GeneratorDataset(Computed(), ["x", "y"]).batch(4)):
        sink = ms.data_sink(step, dataset, sink_size=2)
        sink()
        assert sink._staged is None


class _FailingPass(ds.SequentialSampler):
    """Rows in order, except that pass `failing` over the data raises."""

    def __init__(self, failing):
        super().__init__()
        self.failing, self.passes = failing, 0

    def order(self, ctx, node, n):
        self.passes += 1
        if self.passes == self.failing:
            raise RuntimeError(f"pass {self.passes} failed")
        return super().order(ctx, node, n)


def _outcomes(sink, calls):
    seen = []
    for _ in range(calls):
        try:
            seen.append(float(sink()))
        except RuntimeError as exc:
            seen.append(str(exc))
    return seen


def test_rows_taken_ahead_fail_on_the_call_that_needs_them(monkeypatch):
    # Each call's successor's rows are taken while it runs; a pipeline error in them is
    # raised by the successor, as taking them there would, and the next call goes on from
    # where the failed take left the dataset.
    def run(ahead):
        import msfunc.transforms.sink as sink_module

        if not ahead:  # (each call takes its own rows: the order of a plain loop)
            monkeypatch.setattr(sink_module, "_taken_ahead", lambda staged, count, last: None)
        sampler = _FailingPass(failing=2)
        _, step, _, _ = _trainer(2)
        data = ds.NumpySlicesDataset(_data(), ["x", "y"], sampler=sampler).take(8).batch(4)
        sink = ms.data_sink(step, data, sink_size=2)  # (an epoch a call)
        seen = _outcomes(sink, 4)
        monkeypatch.undo()
        return seen

    taken_ahead, taken_in_turn = run(True), run(False)
    assert taken_ahead[1] == taken_in_turn[1] == "pass 2 failed"
    np.testing.assert_allclose(
        [taken_ahead[i] for i in (0, 2, 3)], [taken_in_turn[i] for i in (0, 2, 3)], rtol=1e-6
    )
