"""Child process of the data_parallel workload: one train step with the batch sharded over
this process's (simulated) devices, msfunc beside raw JAX; prints its BenchResult as JSON."""

from __future__ import annotations

import dataclasses
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

import msfunc as ms

from . import bench_train_step as ts
from .registry import Bench, measure

SIZES, BATCH = (64, 256, 256, 10), 256


def _msfunc_step():
    """The fusion train step over a fresh MLP (seed 0: every case starts from equal weights)."""
    model = ts.MLP(SIZES, seed=0)
    loss_fn = ms.nn.CrossEntropyLoss()
    optimizer = ms.nn.SGD(model.trainable_params(), learning_rate=1e-2)
    grad_fn = ms.value_and_grad(lambda a, b: loss_fn(model(a), b), None, optimizer.parameters)

    @ms.jit
    def step(a, b):
        loss, grads = grad_fn(a, b)
        optimizer(grads)
        return loss

    return step


def _bench(devices, quick):
    mesh = Mesh(np.array(jax.devices()[:devices]), ("data",))
    batch_sharding = NamedSharding(mesh, P("data"))
    replicated = NamedSharding(mesh, P())
    rng = np.random.default_rng(0)
    x = jax.device_put(rng.normal(size=(BATCH, SIZES[0])).astype(np.float32), batch_sharding)
    y = jax.device_put(rng.integers(0, SIZES[-1], size=(BATCH,)).astype(np.int32), batch_sharding)
    msfunc_step = _msfunc_step()
    params = jax.device_put(ts.raw_params_from(ts.MLP(SIZES, seed=0)), replicated)

    @jax.jit
    def raw_step(p, a, b):
        loss, g = jax.value_and_grad(lambda q: ts.raw_cross_entropy(ts.raw_apply(q, a), b))(p)
        return jax.tree.map(lambda v, d: v - 1e-2 * d, p, g), loss

    state = [params]

    def raw_call():
        state[0], loss = raw_step(state[0], x, y)
        return loss

    cases = {
        "raw jax.jit, NamedSharding batch": raw_call,
        "msfunc ms.jit, NamedSharding batch": lambda: msfunc_step(x, y),
    }
    if hasattr(ms, "shard"):  # MindSpore's strategy tuples: the batch split `devices` ways
        shard_step = ms.shard(_msfunc_step(), in_strategy=((devices, 1), (devices,)))
        cases["msfunc ms.shard(ms.jit step), in_strategy ((n, 1), (n,))"] = lambda: shard_step(x, y)
    return Bench(
        title=f"data-parallel train step, MLP {'-'.join(map(str, SIZES))}, batch "
        f"{BATCH} sharded over {devices} simulated CPU device(s), SGD",
        cases=cases,
        baseline="raw jax.jit, NamedSharding batch",
        calls=3 if quick else 100,
        rounds=2 if quick else 5,
        tol=1e-5,
        short=f"{devices} device(s)",
        notes=[
            f"{devices} device(s) simulated on this CPU "
            "(--xla_force_host_platform_device_count): this measures the "
            "partitioned program's overhead, not real scaling. msfunc's Parameters "
            "follow the batch's sharding through plain ms.jit (XLA inserts the "
            "gradient reduction); the ms.shard row appears where msfunc.shard "
            "exists."
        ],
    )


def main(devices, quick):
    """Measure on `devices` devices and print the result as one JSON line."""
    jnp.zeros(1).block_until_ready()
    result = measure("data_parallel", _bench(devices, quick))
    print(json.dumps(dataclasses.asdict(result)))
