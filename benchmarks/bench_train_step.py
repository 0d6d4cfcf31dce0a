"""Train-step benchmark: msfunc's jitted fusion step vs the same step in raw JAX + optax.

Run: ``python -m benchmarks.bench_train_step`` (``MSFUNC_BENCH_QUICK=1`` for a smoke run).

(a) MLP 784-512-512-10, batch 128, CrossEntropyLoss, Adam (target: within 1.05x);
(b) MLP 8-16-1, batch 4, MSELoss, SGD: dispatch overhead (target: within 1.3x).
The raw baseline keeps the parameters as a pytree and runs ``jax.jit(step)``
returning new parameters and optimizer state. For Adam it uses msfunc's own
direction (`scale_by_ms_adam`, MindSpore's formula) chained with
``optax.scale(-lr)``, so both sides compute the same numbers; plain
``optax.adam`` is timed too (same cost, eps placed differently). For SGD the
baseline is plain ``optax.sgd``; a raw step carrying MindSpore's SGD state is
timed beside it. The eager (uncompiled) msfunc step, next to raw JAX's eager
step, and the object-oriented ``TrainOneStepCell`` under ``ms.jit`` are timed
for information.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import optax

import msfunc as ms
from msfunc import nn
from msfunc.nn.optim import scale_by_ms_adam, scale_by_ms_sgd

try:  # run as a module (python -m benchmarks.bench_train_step) or as a script
    from ._timing import block, compare, print_table, quick_mode
except ImportError:  # pragma: no cover
    from _timing import block, compare, print_table, quick_mode

# name -> (layer sizes, batch); "large" is classification (CrossEntropyLoss + Adam), the
# others regression (MSELoss + SGD) except "smoke", a small stand-in for "large" in quick runs.
WORKLOADS = {
    "large": ((784, 512, 512, 10), 128),
    "tiny": ((8, 16, 1), 4),
    "smoke": ((32, 16, 16, 10), 8),
}


def _classification(kind):
    return kind in ("large", "smoke")


class MLP(nn.Cell):
    """Dense layers with ReLU between them; the last layer is linear.

    Weights are drawn with numpy (uniform, He-like scale) from `seed`, so every
    variant starts from the same numbers without compiling random kernels.
    """

    def __init__(self, sizes, seed=0):
        super().__init__()
        rng = np.random.default_rng(seed)
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:], strict=False):
            bound = 1.0 / np.sqrt(a)
            w = rng.uniform(-bound, bound, size=(b, a)).astype(np.float32)
            bias = rng.uniform(-bound, bound, size=(b,)).astype(np.float32)
            layers.append(nn.Dense(a, b, weight_init=w, bias_init=bias))
        self.layers = nn.CellList(layers)
        self.relu = nn.ReLU()

    def construct(self, x):
        last = len(self.layers) - 1
        for i, layer in enumerate(self.layers):  # no slicing: a sliced CellList renames
            x = layer(x) if i == last else self.relu(layer(x))  # Parameters, as in MindSpore
        return x


# -- the workloads ------------------------------------------------------------------
def make_data(kind, seed=0):
    """(x, y) for the large (classification) or tiny (regression) workload."""
    rng = np.random.default_rng(seed)
    sizes, batch = WORKLOADS[kind]
    x = rng.normal(size=(batch, sizes[0])).astype(np.float32)
    if _classification(kind):
        y = rng.integers(0, sizes[-1], size=(batch,)).astype(np.int32)
    else:
        y = rng.normal(size=(batch, sizes[-1])).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(y)


def _loss_and_opt(kind, params):
    if _classification(kind):
        return nn.CrossEntropyLoss(), nn.Adam(params, learning_rate=1e-3)
    return nn.MSELoss(), nn.SGD(params, learning_rate=1e-2)


def make_msfunc_step(kind, seed=0, compiled=True):
    """The fusion-paradigm step of the brief; returns (step, model)."""
    model = MLP(WORKLOADS[kind][0], seed)
    loss_fn, optimizer = _loss_and_opt(kind, model.trainable_params())

    def forward_fn(data, label):
        logits = model(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    return (ms.jit(train_step) if compiled else train_step), model


def make_msfunc_oop_step(kind, seed=0):
    """``ms.jit(TrainOneStepCell(WithLossCell(net, loss), optimizer))``; returns (step, model)."""
    model = MLP(WORKLOADS[kind][0], seed)
    loss_fn, optimizer = _loss_and_opt(kind, model.trainable_params())
    train_net = nn.TrainOneStepCell(nn.WithLossCell(model, loss_fn), optimizer)
    train_net.set_train()
    return ms.jit(train_net), model


def raw_params_from(model):
    """The model's Parameters as a raw pytree: a list of (weight (out, in), bias)."""
    values = [p.asnumpy() for p in model.trainable_params()]
    pairs = zip(values[::2], values[1::2], strict=True)
    return [(jnp.asarray(w), jnp.asarray(b)) for w, b in pairs]


def raw_apply(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w.T + b)
    w, b = params[-1]
    return x @ w.T + b


def raw_cross_entropy(logits, labels):
    log_p = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(log_p, labels[:, None], axis=-1))


def raw_mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def make_raw_step(kind, params, optimizer="ms", compiled=True):
    """Hand-written raw JAX + optax step; returns (one_call, state) where state holds
    [params, opt_state] and one_call(x, y) advances it and returns the loss.

    optimizer: "ms" (msfunc's formula as an optax chain, same numbers as msfunc) or
    "optax" (plain optax.adam / optax.sgd). `compiled=False` leaves out the jax.jit.
    """
    if _classification(kind):
        loss_of = raw_cross_entropy
        direction = scale_by_ms_adam() if optimizer == "ms" else optax.scale_by_adam()
        tx = optax.chain(direction, optax.scale(-1e-3))
    else:
        loss_of = raw_mse
        tx = (
            optax.chain(scale_by_ms_sgd(), optax.scale(-1e-2))
            if optimizer == "ms"
            else optax.sgd(1e-2)
        )

    def loss_fn(p, x, y):
        return loss_of(raw_apply(p, x), y)

    def step(p, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        updates, opt_state = tx.update(grads, opt_state, p)
        return optax.apply_updates(p, updates), opt_state, loss

    if compiled:
        step = jax.jit(step)

    state = [params, tx.init(params)]

    def one_call(x, y):
        state[0], state[1], loss = step(state[0], state[1], x, y)
        return loss

    return one_call, state


# -- build, check, time -------------------------------------------------------------
def build(kind, eager=True, plain=True):
    """Every variant of one workload from the same initial weights, plus its data.

    Returns ({variant name: step(x, y) -> loss}, x, y). The names starting with
    'raw' are raw JAX; 'raw (optax)' uses plain optax.adam / optax.sgd, whose
    numbers differ (Adam) or whose state differs (SGD) from msfunc's; `plain=False`
    leaves it out for Adam, `eager=False` leaves out the uncompiled steps.
    """
    x, y = make_data(kind)
    fused, model = make_msfunc_step(kind)
    oop, _ = make_msfunc_oop_step(kind)
    steps = {
        "msfunc jit": fused,
        "raw (ms formula)": make_raw_step(kind, raw_params_from(model))[0],
        "msfunc TrainOneStepCell jit": oop,
    }
    if plain or not _classification(kind):
        steps["raw (optax)"] = make_raw_step(kind, raw_params_from(model), optimizer="optax")[0]
    if eager:
        steps["msfunc eager"] = make_msfunc_step(kind, compiled=False)[0]
        steps["raw eager"] = make_raw_step(kind, raw_params_from(model), compiled=False)[0]
    return steps, x, y


def check(steps, x, y, n=5):
    """Losses of `n` steps of every variant (advancing them): {variant: [loss, ...]}.

    Every variant must agree with 'raw (ms formula)' to rounding; for Adam,
    'raw (optax)' differs from step 2 on (eps placement).
    """
    return {name: [float(fn(x, y)) for _ in range(n)] for name, fn in steps.items()}


def bench(kind, steps, x, y, calls, rounds, eager_calls=0, eager_rounds=0):
    """Time one workload's variants (from `build`); returns {case: ratio to the baseline}."""
    classification = _classification(kind)
    plain_name = "raw jax (optax.adam)" if classification else "raw jax (optax.sgd)"
    ms_name = "raw jax (ms formula, baseline)" if classification else "raw jax (ms SGD state, info)"
    fused, raw, oop = (
        steps[k] for k in ("msfunc jit", "raw (ms formula)", "msfunc TrainOneStepCell jit")
    )
    cases = {
        "msfunc jit fusion step": lambda: block(fused(x, y)),
        ms_name: lambda: block(raw(x, y)),
    }
    if "raw (optax)" in steps:
        plain = steps["raw (optax)"]
        cases[plain_name] = lambda: block(plain(x, y))
    cases["msfunc TrainOneStepCell under ms.jit"] = lambda: block(oop(x, y))
    sizes, batch = WORKLOADS[kind]
    mlp = "-".join(map(str, sizes))
    if classification:
        title = f"train step, MLP {mlp}, batch {batch}, CrossEntropyLoss, Adam"
        baseline, target = ms_name, 1.05
        notes = [
            "baseline: jax.jit step over a params pytree with "
            "optax.chain(scale_by_ms_adam(), scale(-lr)) (MindSpore's Adam formula)"
        ]
    else:
        title = f"train step, MLP {mlp}, batch {batch}, MSELoss, SGD (dispatch overhead)"
        baseline, target = plain_name, 1.3
        notes = [
            "baseline: jax.jit step with plain optax.sgd (what a JAX user writes); "
            "msfunc's SGD also carries MindSpore's accum/stat state (8 more buffers), "
            "as does the 'ms SGD state' raw row"
        ]
    results = compare(cases, calls=calls, rounds=rounds)
    ratios = print_table(title, results, baseline, target, notes)
    if not eager_calls or "msfunc eager" not in steps:
        return ratios
    eager, raw_eager = steps["msfunc eager"], steps["raw eager"]
    eager_results = compare(
        {
            "msfunc eager (no jit) step": lambda: block(eager(x, y)),
            "raw jax eager (no jit), ms formula": lambda: block(raw_eager(x, y)),
            baseline: cases[baseline],
        },
        calls=eager_calls,
        rounds=eager_rounds,
        warmup=2,
    )
    ratios.update(print_table(f"{title}: eager, for information", eager_results, baseline))
    return ratios


def main(quick=None):
    """Run both workloads and print the tables; returns {'large': ratios, 'tiny': ratios,
    'checks': {kind: {variant: losses}}}. `quick` (or MSFUNC_BENCH_QUICK=1) uses tiny
    repeat counts, a small stand-in for the large MLP and no eager timing."""
    quick = quick_mode(quick)
    plan = {  # workload -> (calls, rounds, eager calls, eager rounds)
        "smoke" if quick else "large": (3, 2, 0, 0) if quick else (200, 5, 20, 3),
        "tiny": (10, 2, 0, 0) if quick else (2000, 5, 100, 3),
    }
    out = {"checks": {}}
    for kind, (calls, rounds, eager_calls, eager_rounds) in plan.items():
        steps, x, y = build(kind, eager=not quick, plain=not quick)
        losses = check(steps, x, y, n=3 if quick else 5)
        ref = np.asarray(losses["raw (ms formula)"])
        worst = max(
            float(np.max(np.abs(np.asarray(v) - ref)))
            for name, v in losses.items()
            if name != "raw (optax)"
        )
        print(f"{kind}: losses over {len(ref)} steps, max |msfunc - raw| = {worst:.2e}")
        out["checks"][kind] = losses
        key = "tiny" if kind == "tiny" else "large"
        out[key] = bench(kind, steps, x, y, calls, rounds, eager_calls, eager_rounds)
    return out


if __name__ == "__main__":
    main()
