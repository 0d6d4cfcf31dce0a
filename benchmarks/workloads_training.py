"""Training workloads: the fusion train step (large, tiny) beside raw JAX, Flax NNX and Equinox,
data_sink against Python loops and a hand-written lax.scan."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax

import msfunc as ms
from msfunc.nn.optim import scale_by_ms_adam

from . import bench_train_step as ts
from .registry import Bench, optional_module, register

ORDER = 10  # place in the report (benchmarks.registry.workloads)


def _nnx_step(pairs, loss_of, tx):
    """Flax NNX: nnx.Linear layers holding the same weights, nnx.Optimizer, nnx.jit."""
    from flax import nnx

    class NnxMLP(nnx.Module):
        def __init__(self):
            layers = []
            for w, b in pairs:
                layer = nnx.Linear(w.shape[1], w.shape[0], rngs=nnx.Rngs(0))
                layer.kernel[...] = jnp.asarray(w).T
                layer.bias[...] = jnp.asarray(b)
                layers.append(layer)
            self.layers = nnx.List(layers)

        def __call__(self, x):
            for layer in self.layers[:-1]:
                x = jax.nn.relu(layer(x))
            return self.layers[-1](x)

    model = NnxMLP()
    optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    @nnx.jit
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(lambda m: loss_of(m(x), y))(model)
        optimizer.update(model, grads)
        return loss

    return lambda x, y: step(model, optimizer, x, y)


def _equinox_step(eqx, pairs, loss_of, tx):
    """Equinox: eqx.nn.Linear layers holding the same weights, optax, eqx.filter_jit."""
    keys = jax.random.split(jax.random.PRNGKey(0), len(pairs))
    layers = []
    for (w, b), key in zip(pairs, keys):
        layer = eqx.nn.Linear(w.shape[1], w.shape[0], key=key)
        layers.append(
            eqx.tree_at(lambda m: (m.weight, m.bias), layer, (jnp.asarray(w), jnp.asarray(b)))
        )

    def apply(layers, x):
        def one(v):
            for layer in layers[:-1]:
                v = jax.nn.relu(layer(v))
            return layers[-1](v)

        return jax.vmap(one)(x)

    @eqx.filter_jit
    def step(layers, opt_state, x, y):
        loss, grads = eqx.filter_value_and_grad(lambda m: loss_of(apply(m, x), y))(layers)
        updates, opt_state = tx.update(grads, opt_state, eqx.filter(layers, eqx.is_array))
        return eqx.apply_updates(layers, updates), opt_state, loss

    state = [layers, tx.init(eqx.filter(layers, eqx.is_array))]

    def one_call(x, y):
        state[0], state[1], loss = step(state[0], state[1], x, y)
        return loss

    return one_call


def _train_step_bench(kind, quick):
    kind = "smoke" if quick and kind == "large" else kind
    classification = ts._classification(kind)
    x, y = ts.make_data(kind)
    fused, model = ts.make_msfunc_step(kind)
    oop, _ = ts.make_msfunc_oop_step(kind)
    pairs = [(np.asarray(w), np.asarray(b)) for w, b in ts.raw_params_from(model)]
    if classification:
        baseline = "raw jax.jit + optax (MindSpore's Adam formula)"
        raw = ts.make_raw_step(kind, ts.raw_params_from(model), optimizer="ms")[0]
        loss_of = ts.raw_cross_entropy

        def make_tx():
            return optax.chain(scale_by_ms_adam(), optax.scale(-1e-3))
    else:
        baseline = "raw jax.jit + optax.sgd"
        raw = ts.make_raw_step(kind, ts.raw_params_from(model), optimizer="optax")[0]
        loss_of = ts.raw_mse

        def make_tx():
            return optax.sgd(1e-2)

    steps = {
        baseline: raw,
        "msfunc ms.jit fusion step (value_and_grad + optimizer)": fused,
        "msfunc TrainOneStepCell under ms.jit": oop,
    }
    notes = []
    # (--quick leaves the other libraries' rows out: Bench.smoke; not built there either)
    if not quick and optional_module("flax.nnx") is not None:
        steps["flax nnx.jit + nnx.Optimizer"] = _nnx_step(pairs, loss_of, make_tx())
    eqx = None if quick else optional_module("equinox")
    if eqx is not None:
        steps["equinox filter_jit + optax"] = _equinox_step(eqx, pairs, loss_of, make_tx())
    else:
        notes.append("Equinox: not installed (`pip install equinox` adds its row).")
    sizes, batch = ts.WORKLOADS[kind]
    loss = "CrossEntropyLoss, Adam" if classification else "MSELoss, SGD"
    notes.append(
        "Every case starts from the same weights and applies the same optimizer "
        "formula (an optax chain for raw JAX, Flax and Equinox); the compared output "
        "is the first step's loss."
    )
    if quick:
        calls, rounds = 3, 2
    else:
        calls, rounds = (60, 5) if classification else (1000, 5)
    return Bench(
        title=f"train step, MLP {'-'.join(map(str, sizes))}, batch {batch}, {loss}",
        cases={k: (lambda f=f: f(x, y)) for k, f in steps.items()},
        baseline=baseline,
        calls=calls,
        rounds=rounds,
        tol=1e-5,
        notes=notes,
    )


@register("train_step_large", "fusion train step, MLP 784-512-512-10 + Adam (compute-bound)")
def train_step_large(quick):
    return _train_step_bench("large", quick)


@register("train_step_tiny", "fusion train step, MLP 8-16-1 + SGD (per-call overhead)")
def train_step_tiny(quick):
    return _train_step_bench("tiny", quick)


# -- data_sink: 100 steps of the tiny model -----------------------------------------------------
def _batches(steps, seed=5):
    rng = np.random.default_rng(seed)
    sizes, batch = ts.WORKLOADS["tiny"]
    return [
        (
            rng.normal(size=(batch, sizes[0])).astype(np.float32),
            rng.normal(size=(batch, sizes[-1])).astype(np.float32),
        )
        for _ in range(steps)
    ]


def _raw_sgd_update(params, x, y):
    loss, grads = jax.value_and_grad(lambda p: ts.raw_mse(ts.raw_apply(p, x), y))(params)
    return jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads), loss


@register("data_sink", "100 steps of the tiny model: data_sink vs Python loops vs lax.scan")
def data_sink(quick):
    steps = 10 if quick else 100
    batches = _batches(steps)
    device_batches = [tuple(jnp.asarray(c) for c in b) for b in batches]
    stacked = tuple(jnp.asarray(np.stack(col)) for col in zip(*batches))

    sink_step, sink_model = ts.make_msfunc_step("tiny")
    sink = ms.data_sink(sink_step, batches, sink_size=steps)
    loop_step, _ = ts.make_msfunc_step("tiny")
    init = ts.raw_params_from(sink_model)

    def msfunc_loop():
        for x, y in device_batches:
            loss = loop_step(x, y)
        return loss

    @jax.jit
    def raw_scan(params, xs, ys):
        def body(p, batch):
            return _raw_sgd_update(p, *batch)

        params, losses = lax.scan(body, params, (xs, ys))
        return params, losses[-1]

    raw_step = jax.jit(_raw_sgd_update)
    state = {"scan": init, "scan_stack": init, "loop": init}

    def scan_call():
        state["scan"], loss = raw_scan(state["scan"], *stacked)
        return loss

    def scan_stacking_call():  # what data_sink does per call: stack the batches, one transfer
        xs, ys = (jnp.asarray(np.stack(col)) for col in zip(*batches))
        state["scan_stack"], loss = raw_scan(state["scan_stack"], xs, ys)
        return loss

    def raw_loop():
        p = state["loop"]
        for x, y in device_batches:
            p, loss = raw_step(p, x, y)
        state["loop"] = p
        return loss

    cases = {
        "raw jax.jit(lax.scan) over pre-stacked batches": scan_call,
        f"msfunc data_sink(sink_size={steps})": sink,
        "msfunc Python loop of ms.jit steps": msfunc_loop,
        "raw jax.jit(lax.scan), stacking the list per call": scan_stacking_call,
        "raw Python loop of jax.jit steps": raw_loop,
    }
    return Bench(
        title=f"{steps} SGD steps of MLP 8-16-1 (batch 4) per call",
        cases=cases,
        baseline="raw jax.jit(lax.scan) over pre-stacked batches",
        calls=3 if quick else 40,
        rounds=2 if quick else 5,
        tol=1e-4,
        notes=[
            "data_sink takes its batches from a Python list and stacks them on "
            "every call (one host-to-device transfer); the raw row 'stacking the "
            "list per call' does the same work by hand. Output: the last loss of "
            "the first call (all start from the same weights)."
        ],
    )


@register(
    "data_sink_dataset",
    "data_sink over msfunc datasets (staged on the device) vs a "
    "hand-written lax.scan over pre-stacked batches",
)
def data_sink_dataset(quick):
    import msfunc.dataset as ds

    steps = 10 if quick else 100
    batches = _batches(steps)
    xs, ys = (np.concatenate(col) for col in zip(*batches))  # the rows, batch after batch
    stacked = tuple(jnp.asarray(np.stack(col)) for col in zip(*batches))
    batch = batches[0][0].shape[0]

    def sink_over(dataset):
        step, _ = ts.make_msfunc_step("tiny")
        return ms.data_sink(step, dataset, sink_size=steps)

    # MindSpore programs write the pipeline this way; each epoch is one sink.
    plain = sink_over(
        ds.NumpySlicesDataset((xs, ys), ["x", "y"], shuffle=False).batch(batch, drop_remainder=True)
    )
    from_list = sink_over(
        ds.GeneratorDataset(list(zip(xs, ys)), ["x", "y"], shuffle=False).batch(
            batch, drop_remainder=True
        )
    )
    shuffled = sink_over(
        ds.NumpySlicesDataset((xs, ys), ["x", "y"], shuffle=True).batch(batch, drop_remainder=True)
    )
    buffered = sink_over(
        ds.NumpySlicesDataset((xs, ys), ["x", "y"], shuffle=False)
        .shuffle(4 * batch)
        .batch(batch, drop_remainder=True)
    )

    _, model = ts.make_msfunc_step("tiny")
    params = {"p": ts.raw_params_from(model)}

    @jax.jit
    def raw_scan(p, xs, ys):
        def body(p, b):
            return _raw_sgd_update(p, *b)

        p, losses = lax.scan(body, p, (xs, ys))
        return p, losses[-1]

    def scan_call():
        params["p"], loss = raw_scan(params["p"], *stacked)
        return loss

    return Bench(
        title=f"{steps} SGD steps of MLP 8-16-1 (batch {batch}) per call from an msfunc dataset",
        cases={
            "raw jax.jit(lax.scan) over pre-stacked batches": scan_call,
            "msfunc data_sink, NumpySlicesDataset.batch": plain,
            "msfunc data_sink, GeneratorDataset(list).batch": from_list,
            "msfunc data_sink, NumpySlicesDataset(shuffle=True).batch": shuffled,
            "msfunc data_sink, .shuffle(16).batch": buffered,
        },
        baseline="raw jax.jit(lax.scan) over pre-stacked batches",
        calls=3 if quick else 40,
        rounds=2 if quick else 5,
        tol=1e-4,
        unchecked=(
            "msfunc data_sink, NumpySlicesDataset(shuffle=True).batch",
            "msfunc data_sink, .shuffle(16).batch",
        ),
        short="dataset sink",
        notes=[
            "The dataset's rows are staged on the device once; each call takes the row "
            "numbers of its batches from the pipeline (the order iterating the dataset "
            "gives, shuffles and epochs included; the next call's are taken while the "
            "device runs this one), gathers them on the device (the last call's rows "
            "again: the batches already gathered) and runs one compiled scan. A shuffled "
            "epoch's order is libstdc++'s std::shuffle computed as numpy vectors. "
            "Shuffled rows train on other batches: their outputs are not compared."
        ],
    )
