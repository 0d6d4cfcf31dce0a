"""Benchmark: msfunc's batched small solve vs jnp.linalg.solve, and a vmapped Newton solver.

Run: ``python -m benchmarks.bench_small_solve`` (``MSFUNC_BENCH_QUICK=1`` for a smoke run).
Everything is jit'd and warmed up; cases are timed interleaved (``_timing.compare``);
the tables give medians, per-round ratio ranges and p10 ratios. Targets (issue 3):
msfunc's solve at most 0.5x jnp.linalg.solve for 4096 n x n systems, n <= 32;
the jacfwd + solve Newton solver within 1.5x of the scalar-unknown one.
"""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp
import numpy as np

import msfunc as ms
import msfunc.numpy as mnp
from msfunc.kernels import native, small_solve
from msfunc.kernels.small_solve import MAX_FAST_N, TINY_MAX_N
from msfunc.scipy import linalg as msl

try:  # run as a module (python -m benchmarks.bench_small_solve) or as a script
    from ._timing import block, compare, print_table, quick_mode
    from .bench_vmap import make_newton, newton_scalar
except ImportError:  # pragma: no cover
    from _timing import block, compare, print_table, quick_mode
    from bench_vmap import make_newton, newton_scalar


def systems(batch, n, seed=0):
    """`batch` random Gaussian n x n systems (float32) with one right-hand side each."""
    rng = np.random.default_rng(seed)
    return (
        jnp.asarray(rng.standard_normal((batch, n, n)), jnp.float32),
        jnp.asarray(rng.standard_normal((batch, n, 1)), jnp.float32),
    )


def relative_error(x, a, b):
    """Largest per-system max |x - exact| / max |exact| against a float64 LAPACK solve."""
    exact = np.linalg.solve(np.asarray(a, np.float64), np.asarray(b, np.float64))
    scale = np.max(np.abs(exact), axis=(-2, -1))
    return np.max(np.abs(np.asarray(x, np.float64) - exact), axis=(-2, -1)) / scale


def solve_cases(n):
    cases = {
        "raw jnp.linalg.solve": jax.jit(jnp.linalg.solve),
        "msfunc mnp.linalg.solve": ms.jit(mnp.linalg.solve),
        "msfunc ms.vmap(scipy.linalg.solve)": ms.jit(ms.vmap(msl.solve)),
    }
    if TINY_MAX_N < n <= MAX_FAST_N:  # info: the fallback where no C++ compiler is present
        cases["msfunc pure-JAX kernel (MSFUNC_NATIVE=0)"] = jax.jit(small_solve._pure_jax)
    return cases


def compile_seconds(fn, *args):
    """Wall time of lowering and compiling `fn` for `args` (fresh jit, no cache)."""
    t0 = time.perf_counter()
    jax.jit(fn).lower(*args).compile()
    return time.perf_counter() - t0


def sweep(batch, sizes, calls, rounds):
    """Per n: {case: ratio to jnp.linalg.solve}, printed with errors and compile times."""
    out = {}
    for n in sizes:
        a, b = systems(batch, n, seed=n)
        fns = solve_cases(n)
        errs = {k: relative_error(f(a, b), a, b) for k, f in fns.items()}
        results = compare(
            {k: (lambda f=f, a=a, b=b: block(f(a, b))) for k, f in fns.items()},
            calls=calls,
            rounds=rounds,
        )
        ratios = print_table(
            f"{batch} independent {n}x{n} solves (float32, one rhs)",
            results,
            "raw jnp.linalg.solve",
            target=0.5 if n <= 32 else None,
        )
        compile_ms = compile_seconds(mnp.linalg.solve, a, b)
        compile_raw = compile_seconds(jnp.linalg.solve, a, b)
        print(
            "   relative error vs float64, median / max: "
            + ", ".join(
                f"{k.split()[1]} {np.median(e):.1e} / {e.max():.1e}" for k, e in errs.items()
            )
        )
        print(f"   compile: msfunc {compile_ms:.2f} s, jnp {compile_raw:.2f} s")
        out[n] = {"ratios": ratios, "errors": errs, "compile_s": compile_ms}
    return out


def newton(batch, calls, rounds):
    rng = np.random.default_rng(2)
    ab = jnp.asarray(rng.uniform(-2.0, 2.0, size=(batch, 2)).astype(np.float32))
    fns = {
        "raw scalar unknowns (Cramer)": jax.jit(jax.vmap(newton_scalar)),
        "msfunc ms.jacfwd + mnp.linalg.solve": ms.jit(
            ms.vmap(make_newton(ms.jacfwd, mnp.linalg.solve))
        ),
        "raw jax.jacfwd + jnp.linalg.solve": jax.jit(
            jax.vmap(make_newton(jax.jacfwd, jnp.linalg.solve))
        ),
    }
    roots = {k: np.asarray(f(ab)) for k, f in fns.items()}
    results = compare(
        {k: (lambda f=f: block(f(ab))) for k, f in fns.items()}, calls=calls, rounds=rounds
    )
    ratios = print_table(
        f"{batch} 2-D nonlinear systems x 20 Newton steps, vmap",
        results,
        "raw scalar unknowns (Cramer)",
        target=1.5,
    )
    base = roots["raw scalar unknowns (Cramer)"]
    print(
        "   max |root - scalar root|: "
        + ", ".join(f"{k.split()[0]} {np.max(np.abs(r - base)):.1e}" for k, r in roots.items())
    )
    return {"ratios": ratios, "roots": roots, "args": (ab,)}


def main(quick=None):
    """Run the size sweep and the Newton comparison; returns their results."""
    quick = quick_mode(quick)
    print(f"native small-solve kernel: {native.status('small_solve')}")
    batch = 64 if quick else 4096
    sizes = (2, 16) if quick else (2, 4, 8, 12, 16, 24, 32, 48, 64, 96)
    calls, rounds = (2, 1) if quick else (10, 3)
    return {
        "sweep": sweep(batch, sizes, calls, rounds),
        "newton": newton(batch, 2 if quick else 30, rounds),
    }


if __name__ == "__main__":
    main()
