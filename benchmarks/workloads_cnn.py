"""CNN train step: msfunc's fusion step beside the same step in raw JAX, Flax NNX and Equinox."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax

import msfunc as ms
from msfunc import nn

from .registry import Bench, optional_module, register

ORDER = 15  # after the MLP train steps (benchmarks.registry.workloads)

# Every implementation runs the same step: (Conv2d 3x3 'same' without bias, BatchNorm2d in
# training mode, ReLU, MaxPool2d 2x2) twice, flatten, Dense, softmax cross entropy (mean),
# Momentum(lr, momentum) as MindSpore's (v = m * v + g; p -= lr * v, which is optax.sgd's
# trace), starting from msfunc's initial weights.
CHANNELS = (1, 8, 16)
LR, MOMENTUM = 0.01, 0.9
BN_MOMENTUM, BN_EPS = 0.9, 1e-5  # MindSpore's BatchNorm2d defaults
CONV_SPEC = ("NCHW", "OIHW", "NCHW")


F32 = jnp.float32  # explicit: with 64-bit types on, JAX defaults to float64


def _needs_conv():
    missing = [n for n in ("Conv2d", "BatchNorm2d", "MaxPool2d", "Momentum") if not hasattr(nn, n)]
    return f"msfunc.nn lacks {', '.join(missing)}" if missing else None


class MsCNN(nn.Cell):
    """Two (Conv2d, BatchNorm2d, ReLU, MaxPool2d) blocks, then Flatten and Dense."""

    def __init__(self, side, classes):
        super().__init__()
        blocks = []
        for cin, cout in zip(CHANNELS[:-1], CHANNELS[1:]):
            blocks += [
                nn.Conv2d(cin, cout, 3),
                nn.BatchNorm2d(cout),
                nn.ReLU(),
                nn.MaxPool2d(kernel_size=2, stride=2),
            ]
        self.features = nn.SequentialCell(blocks)
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(CHANNELS[-1] * (side // 4) ** 2, classes)

    def construct(self, x):
        return self.dense(self.flatten(self.features(x)))


def _msfunc_step(side, classes):
    """The fusion paradigm: value_and_grad over the optimizer's Parameters, then the optimizer,
    under ms.jit. Returns (step, net, the initial weights as numpy)."""
    ms.set_seed(0)
    net = MsCNN(side, classes)
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOMENTUM)

    def forward_fn(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)

    @ms.jit
    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    conv1, bn1, conv2, bn2 = (net.features[i] for i in (0, 1, 4, 5))
    weights = {"w1": conv1.weight, "w2": conv2.weight, "wd": net.dense.weight, "bd": net.dense.bias}
    weights = {k: np.asarray(p.asnumpy()) for k, p in weights.items()}

    def probe():
        return {
            "gamma1": bn1.gamma,
            "beta1": bn1.beta,
            "gamma2": bn2.gamma,
            "beta2": bn2.beta,
            "mean1": bn1.moving_mean,
            "var1": bn1.moving_variance,
            "mean2": bn2.moving_mean,
            "var2": bn2.moving_variance,
            "bd": net.dense.bias,
        }

    return train_step, lambda: {k: p.asnumpy() for k, p in probe().items()}, weights


# -- raw JAX + optax -----------------------------------------------------------------------
def _raw_batch_norm(x, gamma, beta, mean, var):
    """Training-mode batch norm over N, H, W; returns (y, new running mean, new running var)
    with MindSpore's update (the running variance is the unbiased estimate)."""
    mu = jnp.mean(x, axis=(0, 2, 3))
    centred = x - mu[None, :, None, None]
    sigma2 = jnp.mean(jnp.square(centred), axis=(0, 2, 3))
    n = x.size // x.shape[1]
    new_mean = BN_MOMENTUM * mean + (1 - BN_MOMENTUM) * lax.stop_gradient(mu)
    new_var = BN_MOMENTUM * var + (1 - BN_MOMENTUM) * lax.stop_gradient(sigma2 * n / (n - 1))
    y = centred * lax.rsqrt(sigma2 + BN_EPS)[None, :, None, None]
    return y * gamma[None, :, None, None] + beta[None, :, None, None], new_mean, new_var


def _raw_forward(p, stats, x):
    new_stats = []
    for i in (1, 2):
        x = lax.conv_general_dilated(x, p[f"w{i}"], (1, 1), "SAME", dimension_numbers=CONV_SPEC)
        x, mean, var = _raw_batch_norm(x, p[f"gamma{i}"], p[f"beta{i}"], *stats[i - 1])
        new_stats.append((mean, var))
        x = lax.reduce_window(
            jax.nn.relu(x), -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID"
        )
    return x.reshape(x.shape[0], -1) @ p["wd"].T + p["bd"], new_stats


def _cross_entropy(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def _raw_step(weights):
    """Hand-written raw JAX: params and running stats as pytrees, optax.sgd, jax.jit."""
    params = {k: jnp.asarray(v) for k, v in weights.items()}
    for i, c in ((1, CHANNELS[1]), (2, CHANNELS[2])):
        params[f"gamma{i}"], params[f"beta{i}"] = jnp.ones(c, F32), jnp.zeros(c, F32)
    stats = [(jnp.zeros(c, F32), jnp.ones(c, F32)) for c in CHANNELS[1:]]
    tx = optax.sgd(LR, momentum=MOMENTUM)

    @jax.jit
    def step(p, stats, opt_state, x, y):
        def loss_of(q):
            logits, new_stats = _raw_forward(q, stats, x)
            return _cross_entropy(logits, y), new_stats

        (loss, stats), grads = jax.value_and_grad(loss_of, has_aux=True)(p)
        updates, opt_state = tx.update(grads, opt_state, p)
        return optax.apply_updates(p, updates), stats, opt_state, loss

    state = [params, stats, tx.init(params)]

    def one_call(x, y):
        state[0], state[1], state[2], loss = step(*state, x, y)
        return loss

    def probe():
        p, ((m1, v1), (m2, v2)) = state[0], state[1]
        out = {k: p[k] for k in ("gamma1", "beta1", "gamma2", "beta2", "bd")}
        out.update(mean1=m1, var1=v1, mean2=m2, var2=v2)
        return out

    return one_call, probe


# -- Flax NNX ------------------------------------------------------------------------------
def _nnx_step(weights, side):
    """Flax NNX: nnx.Conv / nnx.BatchNorm / nnx.max_pool on NHWC input, nnx.Optimizer,
    nnx.jit. Kernels are msfunc's, transposed to HWIO; the Dense kernel's rows are
    permuted so that flattening NHWC meets the weights msfunc's NCHW flattening meets."""
    from flax import nnx

    rngs = nnx.Rngs(0)
    spatial = side // 4

    class NnxCNN(nnx.Module):
        def __init__(self):
            self.convs = nnx.List(
                [
                    nnx.Conv(cin, cout, (3, 3), padding="SAME", use_bias=False, rngs=rngs)
                    for cin, cout in zip(CHANNELS[:-1], CHANNELS[1:])
                ]
            )
            self.bns = nnx.List(
                [
                    nnx.BatchNorm(
                        c, momentum=BN_MOMENTUM, epsilon=BN_EPS, use_fast_variance=False, rngs=rngs
                    )
                    for c in CHANNELS[1:]
                ]
            )
            self.dense = nnx.Linear(CHANNELS[-1] * spatial**2, weights["wd"].shape[0], rngs=rngs)

        def __call__(self, x):
            for conv, bn in zip(self.convs, self.bns):
                x = nnx.max_pool(nnx.relu(bn(conv(x))), (2, 2), strides=(2, 2))
            return self.dense(x.reshape(x.shape[0], -1))

    model = NnxCNN()
    for conv, key in zip(model.convs, ("w1", "w2")):
        conv.kernel[...] = jnp.asarray(weights[key].transpose(2, 3, 1, 0))
    wd = weights["wd"]
    nhwc_rows = wd.reshape(wd.shape[0], CHANNELS[-1], spatial, spatial).transpose(0, 2, 3, 1)
    model.dense.kernel[...] = jnp.asarray(nhwc_rows.reshape(wd.shape[0], -1).T)
    model.dense.bias[...] = jnp.asarray(weights["bd"])
    optimizer = nnx.Optimizer(model, optax.sgd(LR, momentum=MOMENTUM), wrt=nnx.Param)

    @nnx.jit
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(lambda m: _cross_entropy(m(x), y))(model)
        optimizer.update(model, grads)
        return loss

    def probe():
        (bn1, bn2), out = model.bns, {}
        for i, bn in ((1, bn1), (2, bn2)):
            out.update(
                {
                    f"gamma{i}": bn.scale[...],
                    f"beta{i}": bn.bias[...],
                    f"mean{i}": bn.mean[...],
                    f"var{i}": bn.var[...],
                }
            )
        out["bd"] = model.dense.bias[...]
        return out

    return (lambda x, y: step(model, optimizer, x, y)), probe


# -- Equinox -------------------------------------------------------------------------------
def _equinox_step(eqx, weights):
    """Equinox: eqx.nn.Conv2d / eqx.nn.BatchNorm(mode='batch') / eqx.nn.MaxPool2d per
    example under jax.vmap (axis 'batch'), eqx.nn.State, optax.sgd, eqx.filter_jit."""
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    layers = []
    for (cin, cout), key, w in zip(
        zip(CHANNELS[:-1], CHANNELS[1:]), keys, (weights["w1"], weights["w2"])
    ):
        conv = eqx.nn.Conv2d(cin, cout, 3, padding=1, use_bias=False, key=key)
        layers += [
            eqx.tree_at(lambda m: m.weight, conv, jnp.asarray(w)),
            eqx.nn.BatchNorm(
                cout, "batch", eps=BN_EPS, momentum=BN_MOMENTUM, mode="batch", dtype=F32
            ),
            eqx.nn.Lambda(jax.nn.relu),
            eqx.nn.MaxPool2d(2, 2),
        ]
    dense = eqx.nn.Linear(weights["wd"].shape[1], weights["wd"].shape[0], key=keys[2])
    dense = eqx.tree_at(
        lambda m: (m.weight, m.bias),
        dense,
        (jnp.asarray(weights["wd"]), jnp.asarray(weights["bd"])),
    )
    model, state = eqx.nn.make_with_state(eqx.nn.Sequential)(
        layers + [eqx.nn.Lambda(jnp.ravel), dense]
    )
    tx = optax.sgd(LR, momentum=MOMENTUM)

    def loss_of(model, state, x, y):
        logits, state = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(
            x, state
        )
        return _cross_entropy(logits, y), state

    @eqx.filter_jit
    def step(model, state, opt_state, x, y):
        (loss, state), grads = eqx.filter_value_and_grad(loss_of, has_aux=True)(model, state, x, y)
        updates, opt_state = tx.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        return eqx.apply_updates(model, updates), state, opt_state, loss

    box = [model, state, tx.init(eqx.filter(model, eqx.is_array))]

    def one_call(x, y):
        box[0], box[1], box[2], loss = step(*box, x, y)
        return loss

    def probe():
        model, state = box[0], box[1]
        out = {}
        for i, bn in ((1, model.layers[1]), (2, model.layers[5])):
            mean, var = state.get(bn.batch_state_index)
            out.update(
                {f"gamma{i}": bn.weight, f"beta{i}": bn.bias, f"mean{i}": mean, f"var{i}": var}
            )
        out["bd"] = model.layers[-1].bias
        return out

    return one_call, probe


# -- the workload ----------------------------------------------------------------------------
def _checked(step, probe, x, y, counts=None):
    """A case calling step(x, y): its first call returns the loss and, in `probe`'s order,
    the updated BN affine weights, running stats and Dense bias (the table compares these
    across implementations); later calls return the loss alone.

    `counts` {'var1': n1, ...} converts a running variance kept as the biased estimate
    (Flax's, Equinox's) into MindSpore's unbiased one, exactly so after the first step
    from the initial value 1."""
    first = [True]

    def case():
        loss = step(x, y)
        if not first[0]:
            return loss
        first[0] = False
        out = {k: np.asarray(v, np.float64) for k, v in probe().items()}
        for key, n in (counts or {}).items():
            out[key] = BN_MOMENTUM + (out[key] - BN_MOMENTUM) * n / (n - 1)
        return (loss, [out[k] for k in sorted(out)])

    return case


@register(
    "cnn_step",
    "train step of a small CNN (2 x conv+BN+ReLU+maxpool, dense), Momentum",
    needs=_needs_conv,
)
def cnn_step(quick, anchors=None):
    # anchors: the Flax and Equinox rows (default: not in --quick, whose Bench.smoke drops them)
    anchors = not quick if anchors is None else anchors
    batch, side, classes = (8, 8, 10) if quick else (64, 16, 10)
    rng = np.random.default_rng(7)
    x_np = rng.normal(size=(batch, 1, side, side)).astype(np.float32)
    x = jnp.asarray(x_np)
    x_nhwc = jnp.asarray(x_np.transpose(0, 2, 3, 1))  # Flax's layout, made once
    y = jnp.asarray(rng.integers(0, classes, size=(batch,)).astype(np.int32))
    counts = {"var1": batch * side * side, "var2": batch * (side // 2) ** 2}

    msfunc_step, msfunc_probe, weights = _msfunc_step(side, classes)
    baseline = "raw jax.jit + optax.sgd (lax conv, hand-written BN)"
    cases = {
        baseline: _checked(*_raw_step(weights), x, y),
        "msfunc ms.jit fusion step (value_and_grad + Momentum)": _checked(
            msfunc_step, msfunc_probe, x, y
        ),
    }
    notes = []
    if anchors and optional_module("flax.nnx") is not None:
        cases["flax nnx.jit + nnx.Optimizer (NHWC)"] = _checked(
            *_nnx_step(weights, side), x_nhwc, y, counts
        )
    else:
        notes.append("Flax NNX: not installed.")
    eqx = optional_module("equinox") if anchors else None
    if eqx is not None:
        cases["equinox filter_jit + optax (vmapped BN)"] = _checked(
            *_equinox_step(eqx, weights), x, y, counts
        )
    else:
        notes.append("Equinox: not installed (`pip install equinox` adds its row).")
    notes.append(
        "Every case starts from msfunc's initial weights; the compared output is "
        "the first step's loss with the updated BN gamma/beta, running mean/variance "
        "and Dense bias (Flax and Equinox keep the biased running variance, rescaled "
        "by n/(n-1) for the comparison). Flax gets its input as NHWC, made once."
    )
    chans = "-".join(map(str, CHANNELS))
    return Bench(
        title=f"CNN train step, 2 x (conv 3x3 + BN + ReLU + maxpool) {chans} + dense, "
        f"batch {batch}, {side}x{side}, Momentum",
        cases=cases,
        baseline=baseline,
        calls=3 if quick else 100,
        rounds=2 if quick else 5,
        tol=1e-5,
        notes=notes,
        short="CNN step",
    )
