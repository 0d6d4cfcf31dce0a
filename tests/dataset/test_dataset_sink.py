"""data_sink over msfunc datasets: equal to a Python loop of jitted steps (epochs wrapping
around inside a sink), chunks prefetched on a background thread, ragged chunks refused."""

import threading
import time

import numpy as np
import pytest

import msfunc as ms
import msfunc.dataset as ds
from msfunc import nn


@pytest.fixture(autouse=True)
def _dataset_seed():
    ds.config.set_seed(5)
    yield
    ds.config._settings["seed"] = None


def _pipeline(samples=20, batch=4, drop_remainder=True):
    rng = np.random.default_rng(0)
    data = {
        "x": rng.standard_normal((samples, 3)).astype(np.float32),
        "y": rng.standard_normal((samples, 1)).astype(np.float32),
    }
    d = ds.NumpySlicesDataset(data, shuffle=True)
    d = d.map(lambda x: x * np.float32(2.0), ["x"], num_parallel_workers=2)
    return d.batch(batch, drop_remainder=drop_remainder)


def _model():
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    return net, opt, step


def _loop_reference(dataset, steps):
    """The same steps as a Python loop of jitted steps over the dataset's epochs."""
    net, opt, step = _model()
    jitted = ms.jit(step)
    losses = []
    iterator = dataset.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    while len(losses) < steps:
        for x, y in iterator:
            losses.append(float(jitted(x, y)))
            if len(losses) == steps:
                break
    return losses, net, opt


def _assert_same_state(a, b):
    for p, q in zip(a.get_parameters(), b.get_parameters()):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("sink_size,calls,samples", [(3, 4, 20), (5, 2, 8)])
def test_sink_equals_loop_across_epochs(sink_size, calls, samples):
    # 20 samples: 5 batches an epoch, so sinks of 3 cross epoch ends; 8 samples: the
    # dataset (2 batches) is shorter than a sink and wraps round inside it.
    net, opt, step = _model()
    sink = ms.data_sink(step, _pipeline(samples), sink_size=sink_size)
    sunk = [float(sink()) for _ in range(calls)]
    want, net_ref, opt_ref = _loop_reference(_pipeline(samples), sink_size * calls)
    np.testing.assert_allclose(sunk, want[sink_size - 1 :: sink_size], rtol=1e-5)
    _assert_same_state(net, net_ref)
    _assert_same_state(opt, opt_ref)


def test_next_chunk_is_read_in_the_background():
    readers = []

    class Source:
        def __getitem__(self, i):
            readers.append(threading.current_thread().name)
            return np.full(2, i, np.float32)

        def __len__(self):
            return 12

    w = ms.Parameter(ms.Tensor(0.0), name="w")

    def step(x):
        w.set_data(w + x.sum())
        return w * 1.0

    dataset = ds.GeneratorDataset(Source(), ["x"], shuffle=False).batch(2)
    sink = ms.data_sink(step, dataset, sink_size=2)
    assert float(sink()) == 0 + 0 + 2 + 2 + 4 + 4  # rows 0..3, batches of 2
    deadline = time.time() + 10
    while len(readers) < 8 and time.time() < deadline:
        time.sleep(0.01)
    assert readers[:4] == ["MainThread"] * 4
    assert all(name.startswith("msfunc.data_sink") for name in readers[4:8])
    assert float(sink()) == 12 + 2 * (4 + 5 + 6 + 7)


def test_ragged_last_batch_is_an_error():
    dataset = _pipeline(samples=10, batch=4, drop_remainder=False)  # keeps a batch of 2
    _, _, step = _model()
    sink = ms.data_sink(step, dataset, sink_size=3)
    with pytest.raises(ValueError, match="drop_remainder=True"):
        sink()


def test_grain_dataset_is_accepted():
    grain = pytest.importorskip("grain")
    rng = np.random.default_rng(1)
    rows = [
        (
            rng.standard_normal((4, 3)).astype(np.float32),
            rng.standard_normal((4, 1)).astype(np.float32),
        )
        for _ in range(3)
    ]
    net, opt, step = _model()
    sink = ms.data_sink(step, grain.MapDataset.source(rows), sink_size=3)
    last = float(sink())
    want, net_ref, _ = _loop_reference(ds.GeneratorDataset(rows, ["x", "y"], shuffle=False), 3)
    np.testing.assert_allclose(last, want[-1], rtol=1e-5)
    _assert_same_state(net, net_ref)
