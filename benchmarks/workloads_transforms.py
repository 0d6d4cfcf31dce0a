"""Transform workloads: eager op overhead, nested grad, per-example gradients, batched solvers."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import msfunc as ms
from msfunc import ops

from . import bench_small_solve as bss
from . import bench_vmap as bv
from .registry import Bench, register

ORDER = 20  # place in the report (benchmarks.registry.workloads)


# -- eager op overhead ---------------------------------------------------------------------------
def _ten_ops(lib, x, y):
    """Ten elementwise ops, eager; `lib` is msfunc.ops or a jnp stand-in with the same names."""
    a = lib.add(x, y)
    b = lib.mul(a, x)
    c = lib.sub(b, y)
    d = lib.sin(c)
    e = lib.exp(d)
    f = lib.tanh(e)
    g = lib.maximum(f, x)
    h = lib.sqrt(lib.abs(g))
    return lib.neg(h)


class _Jnp:
    add, mul, sub, sin, exp = jnp.add, jnp.multiply, jnp.subtract, jnp.sin, jnp.exp
    tanh, maximum, sqrt, abs, neg = jnp.tanh, jnp.maximum, jnp.sqrt, jnp.abs, jnp.negative


@register("eager_ops", "ten elementwise ops, eager (no jit): msfunc.ops vs jax.numpy")
def eager_ops(quick):
    rng = np.random.default_rng(0)
    xn, yn = (rng.normal(size=(64,)).astype(np.float32) for _ in range(2))
    xj, yj = jnp.asarray(xn), jnp.asarray(yn)
    xt, yt = ms.Tensor(xn), ms.Tensor(yn)
    return Bench(
        title="ten elementwise ops on float32 (64,), eager (one dispatch per op)",
        cases={
            "raw jnp ops on jax.Array": lambda: _ten_ops(_Jnp, xj, yj),
            "msfunc.ops on msfunc.Tensor": lambda: _ten_ops(ops, xt, yt),
            "msfunc.ops on jax.Array": lambda: _ten_ops(ops, xj, yj),
        },
        baseline="raw jnp ops on jax.Array",
        calls=5 if quick else 400,
        rounds=2 if quick else 5,
        tol=1e-6,
        notes=[
            "add, mul, sub, sin, exp, tanh, maximum, abs, sqrt, neg: each call "
            "dispatches ten already-compiled ops one by one."
        ],
    )


# -- nested grad ---------------------------------------------------------------------------------
def tanh_chain(x):
    """tanh(tanh(tanh(x))) * x: a scalar function whose 4th derivative is not trivial."""
    return jnp.tanh(jnp.tanh(jnp.tanh(x))) * x


def _nested(grad, fn, order):
    for _ in range(order):
        fn = grad(fn)
    return fn


@register("nested_grad", "4th derivative of a tanh chain: msfunc.grad nested vs jax.grad nested")
def nested_grad(quick):
    points = 64 if quick else 1024
    x = jnp.linspace(-2.0, 2.0, points, dtype=jnp.float32)
    d4_ms, d4_raw = _nested(ms.grad, tanh_chain, 4), _nested(jax.grad, tanh_chain, 4)
    compiled = Bench(
        title=f"d^4/dx^4 of tanh(tanh(tanh(x))) * x, vmapped over {points} points, compiled",
        cases={
            "raw jax.jit(jax.vmap(grad^4))": (lambda f=jax.jit(jax.vmap(d4_raw)): f(x)),
            "msfunc ms.jit(ms.vmap(ms.grad^4))": (lambda f=ms.jit(ms.vmap(d4_ms)): f(x)),
        },
        baseline="raw jax.jit(jax.vmap(grad^4))",
        calls=5 if quick else 300,
        rounds=2 if quick else 5,
        tol=1e-4,
        short="compiled",
        notes=["*first call* is the compile time of the nested derivative."],
    )
    x0 = jnp.float32(0.3)
    eager = Bench(
        title="the same 4th derivative at one point, eager (no jit: traced again per call)",
        cases={
            "raw jax.grad^4, eager": lambda: d4_raw(x0),
            "msfunc ms.grad^4, eager": lambda: d4_ms(x0),
        },
        baseline="raw jax.grad^4, eager",
        calls=2 if quick else 6,
        rounds=2 if quick else 3,
        warmup=1,
        tol=1e-4,
        short="eager",
    )
    return [compiled, eager]


# -- per-example gradients ---------------------------------------------------------------------
@register("per_example_grads", "per-example gradients: msfunc.vmap(msfunc.grad) vs raw JAX")
def per_example_grads(quick):
    fns, args = bv.per_example_cases(64 if quick else 256, extras=False)
    return Bench(
        title=f"per-example gradients, MLP 16-64-64-1 (tanh), batch {args[1].shape[0]}",
        cases={k: (lambda f=f: f(*args)) for k, f in fns.items()},
        baseline="raw jax.jit(jax.vmap(jax.grad))",
        calls=5 if quick else 300,
        rounds=2 if quick else 5,
        tol=1e-5,
    )


# -- vmap-ed batch solvers -----------------------------------------------------------------------
@register("batch_solvers", "vmapped Newton (jacfwd + solve) and batched 16x16 linear solves")
def batch_solvers(quick):
    batch = 64 if quick else 4096
    calls, rounds = (3, 2) if quick else (20, 5)
    fns, args = bv.newton_cases(batch, extras=False)
    newton = Bench(
        title=f"{batch} 2-D nonlinear systems, {bv.NEWTON_STEPS} Newton steps "
        "(jacfwd + solve), vmap",
        cases={k: (lambda f=f: f(*args)) for k, f in fns.items()},
        baseline="raw jax.jacfwd + jnp.linalg.solve",
        calls=calls,
        rounds=rounds,
        tol=1e-4,
        short="Newton",
    )
    n = 4 if quick else 16
    fns, largs = bv.linear_cases(batch, n, extras=False)
    linear = Bench(
        title=f"{batch} independent {n}x{n} linear solves, vmap",
        cases={k: (lambda f=f: f(*largs)) for k, f in fns.items()},
        baseline="raw jax.vmap(jnp.linalg.solve)",
        calls=calls,
        rounds=rounds,
        tol=1e-4,
        short=f"{n}x{n} solves",
    )
    return [newton, linear]


@register("small_solve_sweep", "4096 n x n solves for n = 4, 16, 32: msfunc vs jnp.linalg.solve")
def small_solve_sweep(quick):
    batch, sizes = (64, (4,)) if quick else (4096, (4, 16, 32))
    benches = []
    for n in sizes:
        rng = np.random.default_rng(n)  # well conditioned (a + n I): answers comparable
        a = jnp.asarray(rng.standard_normal((batch, n, n)) + n * np.eye(n), jnp.float32)
        b = jnp.asarray(rng.standard_normal((batch, n, 1)), jnp.float32)
        cases = {
            k: (lambda f=f, a=a, b=b: f(a, b))
            for k, f in bss.solve_cases(n).items()
            if n == 16 or "pure-JAX" not in k
        }  # the fallback kernel: one size is enough
        benches.append(
            Bench(
                title=f"{batch} independent {n}x{n} solves (float32, one rhs)",
                cases=cases,
                baseline="raw jnp.linalg.solve",
                calls=3 if quick else 15,
                rounds=2 if quick else 4,
                tol=1e-4,
                short=f"n={n}",
            )
        )
    return benches


# -- Python control flow on tensors under msfunc.jit ---------------------------------------------
def _newton_sqrt(a):
    """sqrt by Newton's iteration until every |x*x - a| < 1e-5 a: a `while` on a tensor."""
    x = a
    while jnp.max(jnp.abs(x * x - a) / a) > 1e-5:
        x = (x + a / x) / 2
    return x


def _newton_sqrt_lax(a):
    def not_done(x):
        return jnp.max(jnp.abs(x * x - a) / a) > 1e-5

    return jax.lax.while_loop(not_done, lambda x: (x + a / x) / 2, a)


@register(
    "tensor_while",
    "Newton sqrt with a Python `while` on a tensor under msfunc.jit "
    "(converted to lax.while_loop) vs a hand-written lax.while_loop",
)
def tensor_while(quick):
    a = jnp.linspace(1.0, 1000.0, 64 if quick else 1024, dtype=jnp.float32)
    compiled = ms.jit(_newton_sqrt)
    raw = jax.jit(_newton_sqrt_lax)
    title = f"Newton sqrt of {a.shape[0]} values, `while` on a tensor condition"
    cases = {
        "raw jax.jit(lax.while_loop)": lambda: raw(a),
        "msfunc.jit(Python while)": lambda: compiled(a),
    }
    fast = Bench(
        title=title,
        cases=cases,
        baseline="raw jax.jit(lax.while_loop)",
        calls=3 if quick else 300,
        rounds=2 if quick else 7,
        tol=1e-4,
        short="compiled",
    )
    # The eager run (msfunc.jit's fallback before conversion) is ~10^4 x slower: few calls.
    eager = Bench(
        title=title + ", eager",
        cases={**cases, "eager (the old fallback)": lambda: _newton_sqrt(a)},
        baseline="raw jax.jit(lax.while_loop)",
        calls=1 if quick else 3,
        rounds=2 if quick else 3,
        tol=1e-4,
        short="eager",
    )
    return [fast, eager]
