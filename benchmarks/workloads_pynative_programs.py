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


@register("pynative_config", "PyNative grad of a function whose global config changes every "
                             "10 calls, against jax.jit(jax.grad) taking the setting as an "
                             "argument")
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
        cases={"raw JAX jax.jit(jax.grad), setting as an argument": raw_calls,
               "msfunc PyNative ms.grad(f), setting in a global dict": msfunc_calls},
        baseline="raw JAX jax.jit(jax.grad), setting as an argument",
        calls=2 if quick else 40, rounds=2 if quick else 5, tol=1e-5, short="config changes",
        notes=["Each setting compiles once (its first call runs eagerly and is checked); "
               "later calls find its program by the guards' key."])


# -- a physics-informed network trained in PyNative -------------------------------------------
class _Field(nn.Cell):
    """u(x): an MLP 1-32-32-1 with tanh, of one point."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(0)
        sizes = (1, 32, 32, 1)
        self.layers = nn.CellList([
            nn.Dense(a, b, weight_init=ms.Tensor((rng.standard_normal((b, a)) / np.sqrt(a))
                                                 .astype(np.float32)),
                     bias_init="zeros", activation="tanh" if i < 2 else None)
            for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))])

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
        residual = u_xx(xs) + np.pi ** 2 * ops.sin(np.pi * xs)
        edges = ms.vmap(field)(ms.Tensor(np.array([0.0, 1.0], np.float32)))
        return (residual ** 2).mean() + (edges ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, optimizer.parameters)

    def step(xs):
        loss, grads = grad_fn(xs)
        optimizer(grads)
        return loss

    return ms.jit(step) if jit else step


@register("pynative_pinn", "a physics-informed network (u'' by grad of grad in the loss) "
                           "trained in PyNative, against the same step under ms.jit")
def pynative_pinn(quick):
    xs = ms.Tensor(np.linspace(0.0, 1.0, 64, dtype=np.float32))
    jitted, pynative = _pinn_step(True), _pinn_step(False)
    return Bench(
        title="PINN step (1-D Poisson, MLP 1-32-32-1, 64 points, Adam): PyNative vs ms.jit",
        cases={"msfunc ms.jit(step)": lambda: jitted(xs),
               "msfunc PyNative step, no jit": lambda: pynative(xs)},
        baseline="msfunc ms.jit(step)", calls=3 if quick else 100, rounds=2 if quick else 3,
        tol=1e-2, short="PINN step",
        notes=["Both nets start from the same weights and train as the table runs; the "
               "PyNative step compiles its value_and_grad on its second call."])
