"""Checks that need 8 devices, run in one subprocess by
tests/transforms/test_parallel.py (XLA_FLAGS must
set the simulated CPU device count before JAX starts). Prints one JSON object: check -> result.

Each check compares against the same computation on one device (or numpy) and records the
`.sharding` of what it placed; the test asserts on the results.
"""

import os

os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"
)

import json  # noqa: E402
import traceback  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, PartitionSpec  # noqa: E402

import msfunc as ms  # noqa: E402
import msfunc.dataset as ds  # noqa: E402
from msfunc import communication as comm  # noqa: E402
from msfunc import nn, parallel  # noqa: E402
from msfunc.transforms.shard import shard_cell  # noqa: E402

RESULTS = {}


def check(fn):
    try:
        RESULTS[fn.__name__] = {"ok": True, **(fn() or {})}
    except Exception:
        RESULTS[fn.__name__] = {"ok": False, "error": traceback.format_exc()}
    finally:
        ms.reset_auto_parallel_context()
    return fn


def _data(rows=16):
    rng = np.random.default_rng(0)
    return (
        rng.standard_normal((rows, 4)).astype(np.float32),
        rng.standard_normal((rows, 2)).astype(np.float32),
    )


def _model(optimizer="momentum"):
    net = nn.Dense(
        4,
        8,
        weight_init=ms.Tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)),
        bias_init="zeros",
    )
    head = nn.Dense(8, 2, weight_init="ones", bias_init="zeros")
    model = nn.SequentialCell([net, nn.ReLU(), head])
    if optimizer == "adam":
        opt = nn.Adam(model.trainable_params(), learning_rate=0.01)
    else:
        opt = nn.Momentum(model.trainable_params(), learning_rate=0.05, momentum=0.9)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(model(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    return model, opt, step


def _train_single_device(optimizer, steps, batches):
    model, opt, step = _model(optimizer)
    jitted = ms.jit(step)
    losses = [float(jitted(*batches[i % len(batches)])) for i in range(steps)]
    return losses, [p.asnumpy() for p in model.get_parameters()], opt


def _spec(array):
    sharding = array.sharding
    return "replicated" if sharding.is_fully_replicated else str(sharding.spec)


def _close(a, b):
    return all(np.allclose(x, y, rtol=1e-5, atol=1e-6) for x, y in zip(a, b))


@check
def data_parallel_jit():
    x, y = _data()
    want_losses, want_params, _ = _train_single_device("momentum", 4, [(x, y)])
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    model, opt, step = _model("momentum")
    parallel.prepare(model, opt)
    xs, ys = parallel.distribute_batch(x, y)
    jitted = ms.jit(step)
    losses = [float(jitted(xs, ys)) for _ in range(3)]
    loss = jitted(xs, ys)
    return {
        "losses_match": bool(np.allclose(losses, want_losses[:3], rtol=1e-5)),
        "params_match": _close([p.asnumpy() for p in model.get_parameters()], want_params),
        "input": _spec(xs),
        "input_shard_shape": list(xs.sharding.shard_shape(xs.shape)),
        "loss": _spec(loss),
        "params": sorted({_spec(p.value()) for p in model.get_parameters()}),
        "opt_state": sorted({_spec(p.value()) for p in opt.get_parameters()}),
        "devices": len(xs.sharding.device_set),
    }


@check
def data_parallel_params_match():
    x, y = _data()
    _, want_params, want_opt = _train_single_device("momentum", 3, [(x, y)])
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    model, opt, step = _model("momentum")
    parallel.prepare(model, opt)
    jitted = ms.jit(step)
    for _ in range(3):
        jitted(*parallel.distribute_batch(x, y))
    return {
        "params": _close([p.asnumpy() for p in model.get_parameters()], want_params),
        "opt": _close(
            [p.asnumpy() for p in opt.get_parameters()],
            [p.asnumpy() for p in want_opt.get_parameters()],
        ),
    }


@check
def zero1_optimizer_state():
    x, y = _data()
    want_losses, want_params, want_opt = _train_single_device("adam", 3, [(x, y)])
    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL, enable_parallel_optimizer=True
    )
    model, opt, step = _model("adam")
    parallel.prepare(model, opt)
    before = {p.name: _spec(p.value()) for p in opt.state}
    jitted = ms.jit(step)
    losses = [float(jitted(*parallel.distribute_batch(x, y))) for _ in range(3)]
    return {
        "losses_match": bool(np.allclose(losses, want_losses, rtol=1e-5)),
        "params_match": _close([p.asnumpy() for p in model.get_parameters()], want_params),
        "state_match": _close(
            [p.asnumpy() for p in opt.state], [p.asnumpy() for p in want_opt.state]
        ),
        "state_before": before,
        "state_after": {p.name: _spec(p.value()) for p in opt.state},
        "params_after": sorted({_spec(p.value()) for p in model.get_parameters()}),
    }


@check
def data_sink_data_parallel():
    x, y = _data(32)
    batches = [(x[i : i + 8], y[i : i + 8]) for i in range(0, 32, 8)]
    want_losses, want_params, _ = _train_single_device("momentum", 4, batches)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    model, opt, step = _model("momentum")
    parallel.prepare(model, opt)
    dataset = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)
    sink = ms.data_sink(step, dataset, sink_size=2)
    losses = [float(sink()), float(sink())]
    chunk = sink._batches._pending[1].result()[0]  # the next chunk, prefetched meanwhile
    return {
        "losses_match": bool(np.allclose(losses, want_losses[1::2], rtol=1e-5)),
        "params_match": _close([p.asnumpy() for p in model.get_parameters()], want_params),
        "chunk": _spec(chunk),
        "chunk_shard_shape": list(chunk.sharding.shard_shape(chunk.shape)),
    }


@check
def model_train_data_parallel():
    # 2 epochs of 2 batches of 16 (2 rows per device): Model.train lays out the network once,
    # splits each batch, and ends where one device does; ZeRO-1 keeps the moments sharded.
    x, y = _data(32)
    batches = [(x[:16], y[:16]), (x[16:], y[16:])]
    _, want_params, want_opt = _train_single_device("adam", 4, batches)
    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL,
        gradients_mean=True,
        enable_parallel_optimizer=True,
    )
    net, opt, _ = _model("adam")
    model = ms.train.Model(net, nn.MSELoss(), opt)
    prepared, split = [], []
    prepare, distribute = parallel.prepare, parallel.distribute_batch

    def recording_distribute(*arrays, **kwargs):
        out = distribute(*arrays, **kwargs)
        split.extend(_spec(a) for a in out)
        return out

    parallel.prepare = lambda *args: prepared.append(args) or prepare(*args)
    parallel.distribute_batch = recording_distribute
    try:
        model.train(1, batches)
        model.train(1, batches)
    finally:
        parallel.prepare, parallel.distribute_batch = prepare, distribute
    w1, b1, w2, b2 = want_params
    want_out = np.maximum(x @ w1.T + b1, 0) @ w2.T + b2
    return {
        "prepare_calls": len(prepared),
        "params_match": _close([p.asnumpy() for p in net.get_parameters()], want_params),
        "state_match": _close(
            [p.asnumpy() for p in opt.state], [p.asnumpy() for p in want_opt.state]
        ),
        "params": sorted({_spec(p.value()) for p in net.get_parameters()}),
        "param_devices": sorted({len(p.value().sharding.device_set) for p in net.get_parameters()}),
        "state": {p.name: _spec(p.value()) for p in opt.state},
        "batches": split,
        "predict": bool(np.allclose(np.asarray(model.predict(x)), want_out, rtol=1e-5, atol=1e-5)),
    }


@check
def model_sink_data_parallel():
    x, y = _data(32)
    batches = [(x[i : i + 8], y[i : i + 8]) for i in range(0, 32, 8)]
    _, want_params, want_opt = _train_single_device("momentum", 8, batches)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    net, opt, _ = _model("momentum")
    model = ms.train.Model(net, nn.MSELoss(), opt)
    dataset = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)
    model.train(2, dataset, dataset_sink_mode=True)
    return {
        "params_match": _close([p.asnumpy() for p in net.get_parameters()], want_params),
        "opt_match": _close(
            [p.asnumpy() for p in opt.get_parameters()],
            [p.asnumpy() for p in want_opt.get_parameters()],
        ),
        "params": sorted({_spec(p.value()) for p in net.get_parameters()}),
        "opt_state": sorted({_spec(p.value()) for p in opt.get_parameters()}),
        "devices": sorted(
            {
                len(p.value().sharding.device_set)
                for p in [*net.get_parameters(), *opt.get_parameters()]
            }
        ),
    }


@check
def shard_strategies():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 6)).astype(np.float32)
    b = rng.standard_normal((6, 8)).astype(np.float32)
    f = ms.shard(lambda p, q: p @ q, in_strategy=((2, 1), (1, 4)), out_strategy=((2, 4),))
    out = f(a, b)
    net = nn.Dense(6, 8, weight_init=ms.Tensor(b.T.copy()), bias_init="zeros")
    shard_cell(net, in_strategy=((2, 1),), parameter_plan={"self.weight": (4, 1)})
    dense_out = net(a)
    errors = {}
    for label, make in {
        "too_many_devices": lambda: ms.shard(lambda v: v, in_strategy=((4, 4),)),
        "not_dividing": lambda: ms.shard(lambda v: v, in_strategy=((3,),)),
        "wrong_length": lambda: ms.shard(lambda v: v, in_strategy=((2, 1),))(np.ones(4)),
        "indivisible_dim": lambda: ms.shard(lambda v: v, in_strategy=((4,),))(np.ones(6)),
        "input_count": lambda: ms.shard(lambda v, w: v, in_strategy=((1,), (1,)))(np.ones(2)),
    }.items():
        try:
            make()
            errors[label] = None
        except ValueError as exc:
            errors[label] = str(exc)
    return {
        "matmul": bool(np.allclose(np.asarray(out), a @ b, rtol=1e-5, atol=1e-5)),
        "out_shard_shape": list(out.sharding.shard_shape(out.shape)),
        "dense": bool(np.allclose(np.asarray(dense_out), a @ b, rtol=1e-5, atol=1e-5)),
        "weight_shard_shape": list(net.weight.value().sharding.shard_shape((8, 6))),
        "errors": errors,
    }


@check
def collectives():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    x = np.arange(8 * 4, dtype=np.float32).reshape(8, 4) + 1
    spec = PartitionSpec("d")

    def run(fn, out_spec=spec):
        return np.asarray(
            jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=out_spec)(jnp.asarray(x))
        )

    got = {
        "sum": run(comm.AllReduce()),
        "max": run(comm.AllReduce(comm.ReduceOp.MAX)),
        "prod": run(comm.AllReduce(comm.ReduceOp.PROD)),
        "gather": run(comm.AllGather()),
        "scatter": run(lambda v: comm.ReduceScatter()(jnp.tile(v, (8, 1)))),
        "scatter_max": run(lambda v: comm.ReduceScatter(comm.ReduceOp.MAX)(jnp.tile(v, (8, 1)))),
        "broadcast": run(lambda v: comm.Broadcast(3)((v,))[0]),
    }
    want = {
        "sum": np.tile(x.sum(0, keepdims=True), (8, 1)),
        "max": np.tile(x.max(0, keepdims=True), (8, 1)),
        "prod": np.tile(x.prod(0, keepdims=True), (8, 1)),
        "gather": np.tile(x, (8, 1)),
        "scatter": np.tile(x.sum(0, keepdims=True), (8, 1)),
        "scatter_max": np.tile(x.max(0, keepdims=True), (8, 1)),
        "broadcast": np.tile(x[3:4], (8, 1)),
    }
    result = {k: bool(np.allclose(got[k], want[k], rtol=1e-5)) for k in want}
    try:
        comm.AllReduce()(jnp.ones(2))
        result["outside_shard_map"] = None
    except RuntimeError as exc:
        result["outside_shard_map"] = str(exc)
    return result


if __name__ == "__main__":
    assert jax.device_count() == 8, jax.devices()
    print("RESULTS " + json.dumps(RESULTS))
