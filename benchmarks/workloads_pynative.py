"""PyNative transforms (no @jit: they compile themselves) against the same programs under ms.jit."""

from __future__ import annotations

import numpy as np

import msfunc as ms
from msfunc import nn, ops

from .registry import Bench, register

ORDER = 25  # after the transform workloads (benchmarks.registry.workloads)
NEWTON_STEPS = 10


def _eager(fn):
    """`fn` run with PyNative auto-compilation off (op by op, as before)."""

    def run(*args):
        ms.set_context(pynative_auto_compile=False)
        try:
            return fn(*args)
        finally:
            ms.set_context(pynative_auto_compile=True)

    return run


# -- vmap of a nested grad -------------------------------------------------------------------------
def tanh_cubic(x):
    """x^3 tanh(x): a scalar function with a non-trivial second derivative."""
    return ops.tanh(x) * x * x * x


def second_derivative(xs):
    """What a notebook writes: the transforms built inline, on every call."""
    return ms.vmap(ms.grad(ms.grad(tanh_cubic)))(xs)


# -- vmap-ed Newton solve --------------------------------------------------------------------------
def residual0(x0, x1, a):
    return x0**3 + x0 + 0.5 * ops.sin(x1) - a


def residual1(x0, x1, b):
    return x1**3 + x1 + 0.5 * ops.cos(x0) - b


def newton(a, b):
    """One 2-D system F(x) = 0 (a diagonally dominant Jacobian: Newton converges from 0):
    NEWTON_STEPS steps, partial derivatives by grad, the 2x2 step by Cramer's rule."""
    d0 = ms.grad(residual0, grad_position=(0, 1))
    d1 = ms.grad(residual1, grad_position=(0, 1))
    x0, x1 = a * 0.0, b * 0.0
    for _ in range(NEWTON_STEPS):
        r0, r1 = residual0(x0, x1, a), residual1(x0, x1, b)
        (j00, j01), (j10, j11) = d0(x0, x1, a), d1(x0, x1, b)
        det = j00 * j11 - j01 * j10
        x0, x1 = x0 - (j11 * r0 - j01 * r1) / det, x1 - (j00 * r1 - j10 * r0) / det
    return x0, x1


def newton_solve(a, b):
    return ms.vmap(newton)(a, b)


@register(
    "pynative_transforms",
    "PyNative vmap(grad(grad(f))) and a vmap-ed Newton solve, no "
    "@jit (compiled by themselves), against ms.jit of the same",
)
def pynative_transforms(quick):
    points = 1000 if quick else 10000
    xs = ms.Tensor(np.linspace(-3.0, 3.0, points, dtype=np.float32))
    calls, rounds = (3, 2) if quick else (200, 5)
    jitted = ms.jit(second_derivative)
    nested = Bench(
        title=f"vmap(grad(grad(x^3 tanh x))) over {points} points",
        cases={
            "msfunc ms.jit(vmap(grad(grad)))": lambda: jitted(xs),
            "msfunc PyNative vmap(grad(grad)), no jit": lambda: second_derivative(xs),
        },
        baseline="msfunc ms.jit(vmap(grad(grad)))",
        calls=calls,
        rounds=rounds,
        tol=1e-4,
        short="vmap(grad(grad))",
        notes=[
            "PyNative builds `ms.vmap(ms.grad(ms.grad(f)))` inside every call, as a "
            "notebook does; it compiles on its second call and reuses the program."
        ],
    )
    eager_nested = Bench(
        title=f"the same over {points} points, op by op (pynative_auto_compile=False)",
        cases={
            "msfunc ms.jit(vmap(grad(grad)))": lambda: jitted(xs),
            "msfunc PyNative, auto-compile off": lambda: _eager(second_derivative)(xs),
        },
        baseline="msfunc ms.jit(vmap(grad(grad)))",
        calls=1 if quick else 5,
        rounds=1 if quick else 3,
        warmup=1,
        tol=1e-4,
        short="op by op",
    )
    batch = 64 if quick else 4096
    rng = np.random.default_rng(2)
    a, b = (ms.Tensor(v) for v in rng.uniform(-2.0, 2.0, size=(2, batch)).astype(np.float32))
    jitted_newton = ms.jit(newton_solve)
    solve = Bench(
        title=f"{batch} 2-D nonlinear systems, {NEWTON_STEPS} Newton steps (grad, Cramer), vmap",
        cases={
            "msfunc ms.jit(vmap(newton))": lambda: jitted_newton(a, b),
            "msfunc PyNative vmap(newton), no jit": lambda: newton_solve(a, b),
        },
        baseline="msfunc ms.jit(vmap(newton))",
        calls=calls,
        rounds=rounds,
        tol=1e-4,
        short="Newton",
    )
    eager_solve = Bench(
        title="the same Newton solve, op by op (pynative_auto_compile=False)",
        cases={
            "msfunc ms.jit(vmap(newton))": lambda: jitted_newton(a, b),
            "msfunc PyNative, auto-compile off": lambda: _eager(newton_solve)(a, b),
        },
        baseline="msfunc ms.jit(vmap(newton))",
        calls=1 if quick else 5,
        rounds=1 if quick else 3,
        warmup=1,
        tol=1e-4,
        short="Newton op by op",
    )
    # op by op a call takes seconds: a smoke run (--quick) keeps the compiled tables alone
    return [nested, solve] if quick else [nested, eager_nested, solve, eager_solve]


# -- the PyNative train step -------------------------------------------------------------------
def _mlp(sizes, seed):
    rng = np.random.default_rng(seed)
    layers = []
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:])):
        w = ms.Tensor((rng.standard_normal((n_out, n_in)) / np.sqrt(n_in)).astype(np.float32))
        layers.append(
            nn.Dense(
                n_in,
                n_out,
                weight_init=w,
                bias_init="zeros",
                activation="relu" if i < len(sizes) - 2 else None,
            )
        )
    return nn.SequentialCell(layers)


def _train_step(sizes, jit):
    net = _mlp(sizes, seed=0)
    optimizer = nn.Adam(net.trainable_params(), learning_rate=1e-3)
    loss_fn = nn.CrossEntropyLoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    return ms.jit(step) if jit else step


@register(
    "pynative_train_step",
    "the MLP train step in PyNative (value_and_grad + optimizer, "
    "no @jit) against the same step under ms.jit",
)
def pynative_train_step(quick):
    sizes, batch = ((32, 64, 10), 16) if quick else ((784, 512, 512, 10), 128)
    rng = np.random.default_rng(1)
    x = ms.Tensor(rng.standard_normal((batch, sizes[0])).astype(np.float32))
    y = ms.Tensor(rng.integers(0, sizes[-1], size=(batch,)).astype(np.int32))
    jitted, pynative = _train_step(sizes, jit=True), _train_step(sizes, jit=False)
    layers = "-".join(map(str, sizes))
    return Bench(
        title=f"train step, MLP {layers}, batch {batch}, Adam: PyNative against ms.jit",
        cases={
            "msfunc ms.jit(step)": lambda: jitted(x, y),
            "msfunc PyNative step, no jit": lambda: pynative(x, y),
        },
        baseline="msfunc ms.jit(step)",
        calls=3 if quick else 200,
        rounds=2 if quick else 5,
        tol=1e-4,
        notes=[
            "PyNative: `value_and_grad` compiles itself; the optimizer's update runs "
            "op by op (a Cell call, as in MindSpore's PyNative mode)."
        ],
    )


# -- what the guards cost ------------------------------------------------------------------------
def _warm(transform, *args):
    """`transform` called until it runs its held program (a first call runs eagerly, the
    second compiles), and that program as a function of the arrays."""
    from msfunc.transforms.auto_compile import held_program

    for _ in range(3):
        transform(*args)
    held = held_program(transform)
    if held is None:
        raise RuntimeError(f"{transform!r} holds no compiled program after three calls")
    return held


@register(
    "pynative_guard_cost",
    "a PyNative transform's compiled call (guards checked on "
    "every call) against its held program called directly",
)
def pynative_guard_cost(quick):
    rng = np.random.default_rng(3)
    a, b = (ms.Tensor(v) for v in rng.uniform(-2.0, 2.0, size=(2, 8)).astype(np.float32))
    solve = ms.vmap(newton)  # (the same object each call: the policy's cost, not building)
    solve_held = _warm(solve, a, b)
    sizes, batch = (32, 64, 10), 16
    x = ms.Tensor(rng.standard_normal((batch, sizes[0])).astype(np.float32))
    y = ms.Tensor(rng.integers(0, sizes[-1], size=(batch,)).astype(np.int32))
    net, loss_fn = _mlp(sizes, seed=0), nn.CrossEntropyLoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    grad_held = _warm(grad_fn, x, y)
    calls, rounds = (20, 2) if quick else (2000, 7)
    notes = [
        "The held program is what a guarded call runs once its guards pass (JAX's C++ "
        "dispatch); the difference is msfunc's per-call policy: the guard key (every "
        "Python value the function reads) and its checks."
    ]
    return [
        Bench(
            title=f"vmap-ed Newton (8 systems, {NEWTON_STEPS} steps): guarded call against "
            "its held program",
            short="Newton guards",
            cases={
                "msfunc held program, called directly": lambda: solve_held(a, b),
                "msfunc PyNative vmap(newton), guards checked": lambda: solve(a, b),
            },
            baseline="msfunc held program, called directly",
            calls=calls,
            rounds=rounds,
            tol=0.0,
            notes=notes,
        ),
        Bench(
            title=f"value_and_grad of the MLP {'-'.join(map(str, sizes))} loss: guarded "
            "call against its held program",
            short="MLP guards",
            cases={
                "msfunc held program, called directly": lambda: grad_held(x, y),
                "msfunc PyNative value_and_grad, guards checked": lambda: grad_fn(x, y),
            },
            baseline="msfunc held program, called directly",
            calls=calls,
            rounds=rounds,
            tol=0.0,
        ),
    ]
