"""PyNative programs as notebooks write them: a config that changes, a physics-informed net."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import msfunc as ms
from msfunc import nn, ops

from .registry import Bench, register

ORDER = 26  # after the PyNative transform workloads
CONFIG = {"scale": 1.0}  # a notebook's global settings, changed every 10 calls
SCALES = (1.0, 2.0, 0.5)


def _loss(x):
    return (ops.tanh(x) * x * CONFIG["scale"]).sum()


def _raw_loss(x, scale):
    return (jnp.tanh(x) * x * scale).sum()


@register(
    "pynative_config",
    "PyNative grad of a function whose global config changes every "
    "10 calls, against jax.jit(jax.grad) taking the setting as an "
    "argument",
)
def pynative_config(quick):
    x = ms.Tensor(np.linspace(-2.0, 2.0, 256, dtype=np.float32))
    raw_grad = jax.jit(jax.grad(_raw_loss))
    raw_x = jnp.asarray(x.asnumpy())

    def msfunc_calls():
        out = None
        for scale in SCALES:
            CONFIG["scale"] = scale
            for _ in range(10):
                out = ms.grad(_loss)(x)
        return out

    def raw_calls():
        out = None
        for scale in SCALES:
            for _ in range(10):
                out = raw_grad(raw_x, scale)
        return out

    return Bench(
        title="30 calls of grad(f), f reading a global dict whose value changes every 10 calls",
        cases={
            "raw JAX jax.jit(jax.grad), setting as an argument": raw_calls,
            "msfunc PyNative ms.grad(f), setting in a global dict": msfunc_calls,
        },
        baseline="raw JAX jax.jit(jax.grad), setting as an argument",
        calls=2 if quick else 40,
        rounds=2 if quick else 5,
        tol=1e-5,
        short="config changes",
        notes=[
            "Each setting compiles once (its first call runs eagerly and is checked); "
            "later calls find its program by the guards' key."
        ],
    )


# -- a physics-informed network trained in PyNative -------------------------------------------
class _Field(nn.Cell):
    """u(x): an MLP 1-32-32-1 with tanh, of one point."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(0)
        sizes = (1, 32, 32, 1)
        self.layers = nn.CellList(
            [
                nn.Dense(
                    a,
                    b,
                    weight_init=ms.Tensor(
                        (rng.standard_normal((b, a)) / np.sqrt(a)).astype(np.float32)
                    ),
                    bias_init="zeros",
                    activation="tanh" if i < 2 else None,
                )
                for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))
            ]
        )

    def construct(self, x):
        h = x.reshape(1, 1)
        for layer in self.layers:
            h = layer(h)
        return h.sum()


def _pinn_step(jit):
    field = _Field()
    optimizer = nn.Adam(field.trainable_params(), learning_rate=1e-3)
    u_xx = ms.vmap(ms.grad(ms.grad(field)))

    def loss_fn(xs):
        residual = u_xx(xs) + np.pi**2 * ops.sin(np.pi * xs)
        edges = ms.vmap(field)(ms.Tensor(np.array([0.0, 1.0], np.float32)))
        return (residual**2).mean() + (edges**2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, optimizer.parameters)

    def step(xs):
        loss, grads = grad_fn(xs)
        optimizer(grads)
        return loss

    return ms.jit(step) if jit else step


@register(
    "pynative_pinn",
    "a physics-informed network (u'' by grad of grad in the loss) "
    "trained in PyNative, against the same step under ms.jit",
)
def pynative_pinn(quick):
    xs = ms.Tensor(np.linspace(0.0, 1.0, 64, dtype=np.float32))

    def table(title, label, run, calls, rounds, short, note):
        # a fresh pair of nets per table: both start from the same weights
        jitted, pynative = _pinn_step(True), _pinn_step(False)
        return Bench(
            title=title,
            cases={"msfunc ms.jit(step)": lambda: jitted(xs), label: lambda: run(pynative)},
            baseline="msfunc ms.jit(step)",
            calls=calls,
            rounds=rounds,
            tol=1e-2,
            short=short,
            notes=[note],
        )

    def kept(step):
        ms.set_context(pynative_exact=False)  # (read when its program compiles)
        try:
            return step(xs)
        finally:
            ms.set_context(pynative_exact=True)

    compiled = table(
        "PINN step (1-D Poisson, MLP 1-32-32-1, 64 points, Adam): PyNative vs ms.jit",
        "msfunc PyNative step, pynative_exact=False",
        kept,
        3 if quick else 100,
        2 if quick else 3,
        "PINN step",
        "Both nets start from the same weights and train as the table runs; the PyNative "
        "step compiles its value_and_grad on its second call and keeps it.",
    )
    if quick:
        return [compiled]
    eager = table(
        "the same PINN step in PyNative with pynative_exact=True (the default)",
        "msfunc PyNative step, exact (op by op)",
        lambda step: step(xs),
        20,
        3,
        "PINN step, exact",
        "Its compiled value_and_grad gives other last bits than eager execution (XLA fuses "
        "and rewrites ops), so exact PyNative runs its trace one primitive at a time, each "
        "as eager JAX runs it (eager numbers; the optimizer's update runs eagerly).",
    )
    return [compiled, eager]


# -- an ensemble of train steps, vmapped eagerly -----------------------------------------------
ENSEMBLE, FEATURES, ROWS = 8, 16, 64


def _member(seed):
    """A Dense 16-32-1 regressor's TrainOneStepCell (SGD), weights drawn from `seed`."""
    rng = np.random.default_rng(seed)
    w1 = ms.Tensor((rng.standard_normal((32, FEATURES)) / 4).astype(np.float32))
    w2 = ms.Tensor((rng.standard_normal((1, 32)) / 6).astype(np.float32))
    net = nn.SequentialCell(
        [
            nn.Dense(FEATURES, 32, weight_init=w1, bias_init="zeros", activation="tanh"),
            nn.Dense(32, 1, weight_init=w2, bias_init="zeros"),
        ]
    )
    return nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.05)
    )


def _raw_ensemble():
    """The same members as stacked arrays and a jax.jit(jax.vmap) SGD step."""
    params = []
    for seed in range(ENSEMBLE):
        rng = np.random.default_rng(seed)
        params.append(
            (
                jnp.asarray((rng.standard_normal((32, FEATURES)) / 4).astype(np.float32)),
                jnp.zeros(32, jnp.float32),
                jnp.asarray((rng.standard_normal((1, 32)) / 6).astype(np.float32)),
                jnp.zeros(1, jnp.float32),
            )
        )
    stacked = jax.tree.map(lambda *a: jnp.stack(a), *params)

    def loss(p, x, y):
        h = jnp.tanh(x @ p[0].T + p[1])
        return jnp.mean((h @ p[2].T + p[3] - y) ** 2)

    def one(p, x, y):
        value, g = jax.value_and_grad(loss)(p, x, y)
        return jax.tree.map(lambda a, b: a - 0.05 * b, p, g), value

    return stacked, jax.jit(jax.vmap(one))


@register(
    "pynative_ensemble",
    "PyNative ms.vmap over a CellList of TrainOneStepCells (an "
    "ensemble trained eagerly) vs jax.jit(jax.vmap) of the SGD step",
)
def pynative_ensemble(quick):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((ENSEMBLE, ROWS, FEATURES)).astype(np.float32)
    y = rng.standard_normal((ENSEMBLE, ROWS, 1)).astype(np.float32)
    step = ms.vmap(nn.CellList([_member(s) for s in range(ENSEMBLE)]))
    tx, ty = ms.Tensor(x), ms.Tensor(y)
    stacked, raw_step = _raw_ensemble()
    box = [stacked]
    jx, jy = jnp.asarray(x), jnp.asarray(y)

    def raw_call():
        box[0], losses = raw_step(box[0], jx, jy)
        return losses

    return Bench(
        title=f"{ENSEMBLE} members (Dense {FEATURES}-32-1, tanh, SGD), one step each per call",
        cases={
            "raw JAX jax.jit(jax.vmap(step)) over stacked params": raw_call,
            "msfunc PyNative ms.vmap(CellList of TrainOneStepCell)": lambda: step(tx, ty),
        },
        baseline="raw JAX jax.jit(jax.vmap(step)) over stacked params",
        calls=3 if quick else 60,
        rounds=2 if quick else 5,
        tol=1e-2,
        short="ensemble step",
        notes=[
            "Both ensembles start from the same weights and train as the table runs; the "
            "CellList is stacked and its step compiled on its first call, and each member's "
            "Parameters are updated in place."
        ],
    )
