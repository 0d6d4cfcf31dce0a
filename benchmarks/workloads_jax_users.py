"""The Equinox-style loop a JAX user writes over a Cell (jax.jit + jax.value_and_grad + optax)
beside the same loop over a plain pytree of arrays."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import optax

from msfunc import nn

from . import bench_train_step as ts
from .registry import Bench, register

ORDER = 15  # after the train steps (benchmarks.registry.workloads)

SIZES, BATCH = (784, 512, 512, 10), 128  # the large train step's MLP


def _loop(params, loss_of, tx):
    """One call = one step of ``params, state = jit(step)(params, state, x, y)``."""

    @jax.jit
    def step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_of)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    box = [params, tx.init(params)]

    def one_call(x, y):
        box[0], box[1], loss = step(box[0], box[1], x, y)
        return loss

    return one_call


@register(
    "jax_style_cell_step",
    "jax.jit + jax.value_and_grad + optax.adam over a Cell (the "
    "Equinox way) vs over a pytree of arrays, MLP 784-512-512-10",
)
def jax_style_cell_step(quick):
    sizes = (32, 16, 16, 10) if quick else SIZES
    batch = 8 if quick else BATCH
    model = ts.MLP(sizes)
    pairs = ts.raw_params_from(model)
    rng = jax.random.split(jax.random.key(0))
    x = jax.random.normal(rng[0], (batch, sizes[0]), jnp.float32)
    y = jax.random.randint(rng[1], (batch,), 0, sizes[-1], jnp.int32)
    loss_fn = nn.CrossEntropyLoss()

    def cell_loss(net, x, y):
        return loss_fn(net(x), y)

    raw = "raw jax.jit + jax.value_and_grad + optax.adam over a list of arrays"
    cases = {
        raw: _loop(
            pairs, lambda p, x, y: ts.raw_cross_entropy(ts.raw_apply(p, x), y), optax.adam(1e-3)
        ),
        "msfunc Cell as the pytree: jax.jit + jax.value_and_grad + optax.adam": _loop(
            model, cell_loss, optax.adam(1e-3)
        ),
    }
    calls, rounds = (3, 2) if quick else (60, 5)
    return Bench(
        title=f"Equinox-style step over a Cell, MLP {'-'.join(map(str, sizes))}, "
        f"batch {batch}, softmax cross-entropy, optax.adam",
        cases={k: (lambda f=f: f(x, y)) for k, f in cases.items()},
        baseline=raw,
        calls=calls,
        rounds=rounds,
        tol=1e-5,
        notes=[
            "Both start from the same weights; the compared output is the first "
            "step's loss. The Cell is flattened and rebuilt by jax.jit on each call."
        ],
    )
