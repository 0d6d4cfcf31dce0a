"""Golden values from real MindSpore 2.10 for its float32 CPU optimizer kernels whose rounding
msfunc reproduces (`msfunc.ops.optimizer_arithmetic`, `msfunc.ops.adam_arithmetic`): Adam,
AdamWeightDecay, ApplyRMSProp, ApplyCenteredRMSProp, ApplyAdagrad, ApplyAdaMax,
ApplyAdamWithAmsgrad, ApplyProximalAdagrad and ApplyFtrl called as primitives, and nn.Adam
(Nesterov, AMSGrad), nn.Adagrad, nn.AdaMax, nn.ProximalAdagrad, nn.FTRL, nn.ASGD,
nn.AdamWeightDecay / nn.RMSProp (centred and not), SGD (momentum, dampening, Nesterov), Momentum
and the L2 weight decay over a few steps, each Parameter's bits after every step.

Writes tests/golden/optimizer_kernels.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py optimizer_kernels

`cases(ms)` is a plain MindSpore program; tests/nn/test_optimizer_kernel_bits.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "optimizer_kernels.npz")
SIZE = 300


def _arrays(seed, count):
    rng = np.random.RandomState(seed)
    return [rng.standard_normal(SIZE).astype(np.float32) for _ in range(count)]


def _primitives(ms):
    ops, Tensor, Parameter = ms.ops, ms.Tensor, ms.Parameter
    f32 = lambda v: Tensor(v, ms.float32)
    out = {}
    var, m, v, g = _arrays(1, 4)
    params = [
        Parameter(Tensor(x), name=n) for x, n in ((var, "var"), (0.1 * m, "m"), (0.01 * v * v, "v"))
    ]
    ops.AdamWeightDecay()(*params, f32(0.01), f32(0.9), f32(0.999), f32(1e-6), f32(0.01), Tensor(g))
    out["adam_weight_decay"] = [p.asnumpy() for p in params]
    var, ms_, mom, g = _arrays(2, 4)
    params = [
        Parameter(Tensor(x), name=n)
        for x, n in ((var, "var"), (0.05 * ms_ * ms_ + 0.01, "ms"), (0.01 * mom, "mom"))
    ]
    ops.ApplyRMSProp()(*params, f32(0.01), Tensor(g), 0.9, 0.5, 1e-10)
    out["apply_rms_prop"] = [p.asnumpy() for p in params]
    var, mg, ms_, mom, g = _arrays(3, 5)
    # some centred estimates below zero: the kernel leaves those entries of var and moment
    arrays = ((var, "var"), (0.3 * mg, "mg"), (0.05 * ms_ * ms_, "ms"), (0.01 * mom, "mom"))
    params = [Parameter(Tensor(x), name=n) for x, n in arrays]
    ops.ApplyCenteredRMSProp()(*params, Tensor(g), f32(0.01), f32(0.9), f32(0.5), f32(1e-10))
    out["apply_centered_rms_prop"] = [p.asnumpy() for p in params]
    var, m, v, g = _arrays(7, 4)
    params = [
        Parameter(Tensor(x), name=n) for x, n in ((var, "var"), (0.1 * m, "m"), (0.01 * v * v, "v"))
    ]
    ops.Adam()(*params, f32(0.9), f32(0.999), f32(0.01), f32(0.9), f32(0.999), f32(1e-8), Tensor(g))
    out["apply_adam"] = [p.asnumpy() for p in params]
    var, accum, g = _arrays(8, 3)
    params = [Parameter(Tensor(x), name=n) for x, n in ((var, "var"), (0.2 * accum**2, "accum"))]
    ops.ApplyAdagrad()(*params, f32(0.01), Tensor(g))
    out["apply_adagrad"] = [p.asnumpy() for p in params]
    var, m, v, g = _arrays(9, 4)
    params = [
        Parameter(Tensor(x), name=n) for x, n in ((var, "var"), (0.1 * m, "m"), (abs(v), "v"))
    ]
    ops.ApplyAdaMax()(*params, f32(0.81), f32(0.01), f32(0.9), f32(0.999), f32(1e-8), Tensor(g))
    out["apply_ada_max"] = [p.asnumpy() for p in params]
    var, m, v, vhat, g = _arrays(10, 5)
    arrays = ((var, "var"), (0.1 * m, "m"), (0.01 * v * v, "v"), (0.01 * vhat * vhat, "vhat"))
    params = [Parameter(Tensor(x), name=n) for x, n in arrays]
    ops.ApplyAdamWithAmsgrad()(*params, f32(0.81), f32(0.998), f32(0.01), Tensor(g))
    out["apply_adam_with_amsgrad"] = [p.asnumpy() for p in params]
    var, accum, g = _arrays(11, 3)
    params = [Parameter(Tensor(x[:299]), name=n) for x, n in ((var, "var"), (accum**2, "accum"))]
    ops.ApplyProximalAdagrad()(*params, f32(0.01), f32(0.0), f32(0.01), Tensor(g[:299]))
    out["apply_proximal_adagrad"] = [p.asnumpy() for p in params]
    var, accum, linear, g = _arrays(12, 4)
    arrays = ((var, "var"), (accum**2 + 0.1, "accum"), (0.01 * linear, "linear"))
    params = [Parameter(Tensor(x), name=n) for x, n in arrays]
    ops.ApplyFtrl()(*params, Tensor(g), f32(0.01), f32(0.001), f32(0.002), f32(-0.5))
    out["apply_ftrl"] = [p.asnumpy() for p in params]
    return out


def _steps(ms, make_optimizer, seed):
    nn, Tensor, Parameter = ms.nn, ms.Tensor, ms.Parameter
    start, *grads = _arrays(seed, 5)
    w = Parameter(Tensor(start), name="w")
    b = Parameter(Tensor(start[:7] * 0.5), name="b")
    opt = make_optimizer(nn, [w, b])
    values = []
    for g in grads:
        opt((Tensor(g), Tensor(g[:7])))
        values += [w.asnumpy().copy(), b.asnumpy().copy()]
    return values


def _adam_steps(ms):
    # gradients over six decades: the moments' fused multiply-adds then round differently from
    # a product rounded before its add in a few entries of a thousand
    nn, Tensor, Parameter = ms.nn, ms.Tensor, ms.Parameter
    rng = np.random.RandomState(7)
    w = Parameter(Tensor(rng.standard_normal(4099).astype(np.float32)), name="w")
    opt = nn.Adam([w], learning_rate=1e-3)
    values = []
    for _ in range(3):
        g = rng.standard_normal(4099) * 10 ** rng.uniform(-4, 2, 4099)
        opt((Tensor(g.astype(np.float32)),))
        values.append(w.asnumpy().copy())
    return values


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    out = _primitives(ms)
    out["nn_adam_4099"] = _adam_steps(ms)
    out["nn_adam_weight_decay"] = _steps(
        ms, lambda nn, p: nn.AdamWeightDecay(p, learning_rate=0.01, weight_decay=0.01), 4
    )
    # Adam's kernel: an AVX loop over blocks of eight, a scalar loop over the rest (all of `b`)
    out["nn_adam"] = _steps(ms, lambda nn, p: nn.Adam(p, learning_rate=0.01), 7)
    out["nn_lazy_adam"] = _steps(ms, lambda nn, p: nn.LazyAdam(p, learning_rate=0.01), 7)
    out["nn_adam_nesterov"] = _steps(
        ms, lambda nn, p: nn.Adam(p, learning_rate=0.01, use_nesterov=True), 8
    )
    out["nn_adam_amsgrad"] = _steps(
        ms, lambda nn, p: nn.Adam(p, learning_rate=0.01, use_amsgrad=True), 10
    )
    out["nn_adamax"] = _steps(ms, lambda nn, p: nn.AdaMax(p, learning_rate=0.01), 11)
    out["nn_proximal_adagrad"] = _steps(
        ms, lambda nn, p: nn.ProximalAdagrad(p, learning_rate=0.01, l1=0.001, l2=0.002), 12
    )
    # the kernel thresholds with +l1 for any nonzero linear term, negative ones too
    out["nn_ftrl"] = _steps(
        ms, lambda nn, p: nn.FTRL(p, learning_rate=0.01, l1=0.001, l2=0.002), 13
    )
    out["nn_asgd"] = _steps(ms, lambda nn, p: nn.ASGD(p, learning_rate=0.01, lambd=0.01), 14)
    out["nn_adagrad"] = _steps(ms, lambda nn, p: nn.Adagrad(p, learning_rate=0.01), 9)
    out["nn_rmsprop"] = _steps(ms, lambda nn, p: nn.RMSProp(p, learning_rate=0.01, momentum=0.3), 5)
    out["nn_rmsprop_centered"] = _steps(
        ms, lambda nn, p: nn.RMSProp(p, learning_rate=0.01, momentum=0.5, centered=True), 6
    )
    # each float32 operation rounded on its own: SGD, Momentum and the L2 weight decay
    sgd_like = {
        "nn_sgd": lambda nn, p: nn.SGD(p, learning_rate=0.1),
        "nn_sgd_momentum": lambda nn, p: nn.SGD(p, learning_rate=0.1, momentum=0.9),
        "nn_sgd_dampening": lambda nn, p: nn.SGD(p, 0.1, momentum=0.9, dampening=0.1),
        "nn_sgd_nesterov": lambda nn, p: nn.SGD(p, 0.1, momentum=0.9, nesterov=True),
        "nn_sgd_weight_decay": lambda nn, p: nn.SGD(p, 0.1, momentum=0.9, weight_decay=0.01),
        "nn_momentum": lambda nn, p: nn.Momentum(p, learning_rate=0.1, momentum=0.9),
        "nn_momentum_weight_decay": lambda nn, p: nn.Momentum(p, 0.1, 0.9, weight_decay=0.01),
        "nn_momentum_nesterov": lambda nn, p: nn.Momentum(p, 0.1, 0.9, use_nesterov=True),
    }
    for seed, (name, make) in enumerate(sgd_like.items(), start=10):
        out[name] = _steps(ms, make, seed)
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
