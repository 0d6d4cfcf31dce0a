"""Benchmark: msfunc's batched small solve vs jnp.linalg.solve, and a vmapped Newton solver.

Run: python benchmarks/bench_small_solve.py [--repeats N]. All timings are jit'd,
taken in one process after warm-up, medians over repeats, interleaved so that
machine load hits every variant alike.
"""

import argparse
import time

import jax
import jax.numpy as jnp
import numpy as np

from msfunc.scipy._small_solve import solve as ms_solve

BATCH = 4096


def _median_ms(fns, args, repeats):
    for f in fns.values():
        jax.block_until_ready(f(*args))
    times = {k: [] for k in fns}
    for _ in range(repeats):
        for k, f in fns.items():
            t0 = time.perf_counter()
            jax.block_until_ready(f(*args))
            times[k].append(time.perf_counter() - t0)
    return {k: 1e3 * float(np.median(v)) for k, v in times.items()}


def bench_solve(repeats):
    rng = np.random.default_rng(0)
    print(f"solve, batch {BATCH}, b (batch, n, 1): median ms")
    for n in (4, 8, 16, 32, 64):
        a = jnp.asarray(rng.standard_normal((BATCH, n, n)), jnp.float32)
        b = jnp.asarray(rng.standard_normal((BATCH, n, 1)), jnp.float32)
        t = _median_ms({"msfunc": jax.jit(ms_solve), "jnp": jax.jit(jnp.linalg.solve)},
                       (a, b), repeats)
        print(f"  n={n:3d}  msfunc {t['msfunc']:8.2f}  jnp {t['jnp']:8.2f}  "
              f"jnp/msfunc {t['jnp'] / t['msfunc']:5.2f}x")


def _residual(x, p):
    """A 2-D nonlinear system F(x; p) = 0 with a root near p (one per batch member)."""
    return jnp.stack([x[0] ** 3 + x[1] - p[0] ** 3 - p[1],
                      jnp.sin(x[0] - p[0]) + x[1] ** 2 - p[1] ** 2])


def _newton(solve):
    def run(x0, p):
        def step(x, _):
            j = jax.jacfwd(_residual)(x, p)
            return x - solve(j, _residual(x, p)), None
        return jax.lax.scan(step, x0, None, length=20)[0]
    return jax.jit(jax.vmap(run))


def _newton_scalar():
    def run(x0, p):
        def step(x, _):
            f0, f1 = _residual(x, p)
            (a, b), (c, d) = jax.jacfwd(_residual)(x, p)
            det = a * d - b * c
            return x - jnp.stack([(d * f0 - b * f1) / det, (a * f1 - c * f0) / det]), None
        return jax.lax.scan(step, x0, None, length=20)[0]
    return jax.jit(jax.vmap(run))


def bench_newton(repeats):
    rng = np.random.default_rng(1)
    p = jnp.asarray(rng.uniform(0.8, 1.5, (BATCH, 2)), jnp.float32)
    x0 = p + jnp.asarray(rng.uniform(-0.1, 0.1, (BATCH, 2)), jnp.float32)
    fns = {"jnp.linalg.solve": _newton(jnp.linalg.solve), "msfunc solve": _newton(ms_solve),
           "scalar 2x2": _newton_scalar()}
    for k, f in fns.items():
        err = float(jnp.max(jnp.abs(f(x0, p) - p)))
        print(f"  {k:18s} max |x - root| = {err:.2e}")
    t = _median_ms(fns, (x0, p), repeats)
    print(f"Newton, {BATCH} independent 2-D systems, 20 steps: median ms")
    for k, v in t.items():
        print(f"  {k:18s} {v:8.2f}   / scalar {v / t['scalar 2x2']:5.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11)
    opts = parser.parse_args()
    bench_solve(opts.repeats)
    bench_newton(opts.repeats)
