"""vmap benchmark: per-example gradients and batched solvers, msfunc vs the same raw JAX code.

Run: ``python -m benchmarks.bench_vmap`` (``MSFUNC_BENCH_QUICK=1`` for a smoke run).

(a) per-example gradients of a small MLP over a batch of 256:
    ``ms.vmap(ms.grad(loss), in_axes=(None, 0, 0))`` vs ``jax.vmap(jax.grad(loss))``;
(b) 4096 independent 2-D nonlinear systems, 20 Newton steps each, the Jacobian by
    ``ms.jacfwd`` and a linear solve, ``ms.vmap``-ed, vs ``jax.jacfwd`` +
    ``jnp.linalg.solve`` under ``jax.vmap``; also the same solver with scalar unknowns;
(c) 4096 independent 16x16 linear solves, ``ms.vmap`` vs ``jax.vmap``.
Everything is compiled: ``ms.jit`` around msfunc code, ``jax.jit`` around raw code.
The target is within 1.05x of raw JAX. Where msfunc has its own small-matrix solve
(``msfunc.kernels.small_solve``, used by ``msfunc.numpy.linalg.solve``), the rows
with msfunc's transforms over ``jnp.linalg.solve`` isolate the transforms' cost.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

import msfunc as ms
import msfunc.numpy as mnp

try:  # run as a module (python -m benchmarks.bench_vmap) or as a script
    from ._timing import block, compare, print_table, quick_mode
except ImportError:  # pragma: no cover
    from _timing import block, compare, print_table, quick_mode

NEWTON_STEPS = 20


def _optional(module, name):
    """`module.name` when both exist, else None (parts of msfunc still being written)."""
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def solvers():
    """{label: solve(a, b)} for the solves available: jax's and msfunc's."""
    found = {"jnp.linalg.solve": jnp.linalg.solve, "mnp.linalg.solve": mnp.linalg.solve}
    for label, module, name in (
        ("msfunc.scipy.linalg.solve", "msfunc.scipy.linalg", "solve"),
        ("small_solve.solve", "msfunc.kernels.small_solve", "solve"),
    ):
        fn = _optional(module, name)
        if fn is not None:
            found[label] = fn
    return found


# -- (a) per-example gradients ---------------------------------------------------------
def mlp_params(sizes=(16, 64, 64, 1), seed=0):
    """A small MLP's parameters as a tuple of (weight (in, out), bias)."""
    rng = np.random.default_rng(seed)
    return tuple(
        (
            jnp.asarray(rng.normal(size=(a, b)).astype(np.float32) / np.sqrt(a)),
            jnp.asarray(np.zeros(b, np.float32)),
        )
        for a, b in zip(sizes[:-1], sizes[1:], strict=False)
    )


def example_loss(params, x, y):
    """Squared error of a tanh MLP on one example x (in,), y (1,)."""
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return jnp.sum((x @ w + b - y) ** 2)


def per_example_cases(batch, extras=True):
    rng = np.random.default_rng(1)
    params = mlp_params()
    x = jnp.asarray(rng.normal(size=(batch, 16)).astype(np.float32))
    y = jnp.asarray(rng.normal(size=(batch, 1)).astype(np.float32))
    fns = {
        "msfunc ms.jit(ms.vmap(ms.grad))": ms.jit(
            ms.vmap(ms.grad(example_loss), in_axes=(None, 0, 0))
        ),
        "raw jax.jit(jax.vmap(jax.grad))": jax.jit(
            jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))
        ),
    }
    if extras:
        fns["jax.jit(ms.vmap(ms.grad)) (info)"] = jax.jit(
            ms.vmap(ms.grad(example_loss), in_axes=(None, 0, 0))
        )
    return fns, (params, x, y)


# -- (b) Newton on 2-D nonlinear systems -------------------------------------------------
def residual(x, ab):
    """F(x) = (x0^3 + x0 + sin(x1)/2 - a, x1^3 + x1 + cos(x0)/2 - b); its Jacobian is
    diagonally dominant, so Newton converges from 0 for every (a, b)."""
    return jnp.stack(
        [
            x[0] ** 3 + x[0] + 0.5 * jnp.sin(x[1]) - ab[0],
            x[1] ** 3 + x[1] + 0.5 * jnp.cos(x[0]) - ab[1],
        ]
    )


def make_newton(jacfwd, solve):
    """One system's Newton solver written with a Jacobian transform and a linear solve."""
    jac = jacfwd(residual)

    def newton(ab):
        def step(_, x):
            return x - solve(jac(x, ab), residual(x, ab))

        return lax.fori_loop(0, NEWTON_STEPS, step, jnp.zeros(2, ab.dtype))

    return newton


def newton_scalar(ab):
    """The same solver with scalar unknowns: partials by jax.grad, 2x2 solve by Cramer."""

    def f0(x0, x1):
        return x0**3 + x0 + 0.5 * jnp.sin(x1) - ab[0]

    def f1(x0, x1):
        return x1**3 + x1 + 0.5 * jnp.cos(x0) - ab[1]

    d0, d1 = jax.grad(f0, argnums=(0, 1)), jax.grad(f1, argnums=(0, 1))

    def step(_, x):
        x0, x1 = x
        r0, r1 = f0(x0, x1), f1(x0, x1)
        (a, b), (c, d) = d0(x0, x1), d1(x0, x1)
        det = a * d - b * c
        return x0 - (d * r0 - b * r1) / det, x1 - (a * r1 - c * r0) / det

    x0, x1 = lax.fori_loop(0, NEWTON_STEPS, step, (jnp.zeros((), ab.dtype),) * 2)
    return jnp.stack([x0, x1])


def newton_cases(batch, extras=True):
    rng = np.random.default_rng(2)
    ab = jnp.asarray(rng.uniform(-2.0, 2.0, size=(batch, 2)).astype(np.float32))
    found = solvers()
    fns = {
        "raw jax.jacfwd + jnp.linalg.solve": jax.jit(
            jax.vmap(make_newton(jax.jacfwd, jnp.linalg.solve))
        ),
        "msfunc ms.jacfwd + mnp.linalg.solve": ms.jit(
            ms.vmap(make_newton(ms.jacfwd, mnp.linalg.solve))
        ),
    }
    if extras:
        fns["msfunc ms.jacfwd + jnp.linalg.solve"] = ms.jit(
            ms.vmap(make_newton(ms.jacfwd, jnp.linalg.solve))
        )
    if "msfunc.scipy.linalg.solve" in found:
        fns["msfunc ms.jacfwd + scipy.linalg.solve"] = ms.jit(
            ms.vmap(make_newton(ms.jacfwd, found["msfunc.scipy.linalg.solve"]))
        )
    if extras and "small_solve.solve" in found:
        fns["raw jax.jacfwd + small_solve (info)"] = jax.jit(
            jax.vmap(make_newton(jax.jacfwd, found["small_solve.solve"]))
        )
    if extras:
        fns["raw scalar unknowns (Cramer)"] = jax.jit(jax.vmap(newton_scalar))
    return fns, (ab,)


# -- (c) batched small linear solves -----------------------------------------------------
def linear_cases(batch, n, extras=True):
    rng = np.random.default_rng(3)
    a = rng.normal(size=(batch, n, n)).astype(np.float32) + n * np.eye(n, dtype=np.float32)
    b = rng.normal(size=(batch, n)).astype(np.float32)
    a, b = jnp.asarray(a), jnp.asarray(b)
    found = solvers()
    fns = {
        "raw jax.vmap(jnp.linalg.solve)": jax.jit(jax.vmap(jnp.linalg.solve)),
        "msfunc ms.vmap(mnp.linalg.solve)": ms.jit(ms.vmap(mnp.linalg.solve)),
    }
    if extras:
        fns["msfunc ms.vmap(jnp.linalg.solve)"] = ms.jit(ms.vmap(jnp.linalg.solve))
    if "msfunc.scipy.linalg.solve" in found:
        fns["msfunc ms.vmap(scipy.linalg.solve)"] = ms.jit(
            ms.vmap(found["msfunc.scipy.linalg.solve"])
        )
    if extras and "small_solve.solve" in found:
        fns["raw jax.vmap(small_solve) (info)"] = jax.jit(jax.vmap(found["small_solve.solve"]))
    if extras:
        fns["raw batched jnp.linalg.solve (info)"] = jax.jit(
            lambda a, b: jnp.linalg.solve(a, b[..., None])[..., 0]
        )
    return fns, (a, b)


def solve_sweep(batch, sizes=(2, 4, 8, 16, 32), calls=20, rounds=3):
    """`batch` n x n solves for each n: msfunc's numpy solve vs jax's, under vmap.

    Returns {n: ratio of mnp.linalg.solve to jnp.linalg.solve (medians)}.
    """
    rows = {}
    print(
        f"\n== size sweep: {batch} independent n x n solves under vmap "
        f"({calls * rounds} calls per case)"
    )
    print(
        f"   {'n':>3s} {'raw jnp.linalg.solve':>22s} {'msfunc mnp.linalg.solve':>24s} "
        f"{'ratio':>6s} {'p10 ratio':>9s}  max relative error vs float64 (raw, msfunc)"
    )
    for n in sizes:
        fns, args = linear_cases(batch, n, extras=False)
        raw_name, ms_name = "raw jax.vmap(jnp.linalg.solve)", "msfunc ms.vmap(mnp.linalg.solve)"
        fns = {k: fns[k] for k in (raw_name, ms_name)}
        a64, b64 = (np.asarray(v, np.float64) for v in args)
        exact = np.linalg.solve(a64, b64[..., None])[..., 0]
        scale = np.max(np.abs(exact), axis=-1)
        errors = [
            float(np.max(np.max(np.abs(np.asarray(fn(*args)) - exact), axis=-1) / scale))
            for fn in fns.values()
        ]
        cases = {name: (lambda fn=fn, args=args: block(fn(*args))) for name, fn in fns.items()}
        res = compare(cases, calls=calls, rounds=rounds)
        raw, msf = res[raw_name], res[ms_name]
        rows[n] = msf.median / raw.median
        print(
            f"   {n:3d} {raw.median * 1e3:19.3f} ms {msf.median * 1e3:21.3f} ms "
            f"{rows[n]:6.3f} {msf.quantile(0.1) / raw.quantile(0.1):9.3f}  "
            f"{errors[0]:.1e}, {errors[1]:.1e}"
        )
    return rows


# -- MindSpore, optional, in its own process -----------------------------------------------
_MINDSPORE_SCRIPT = r"""
import json, sys, time, numpy as np
import mindspore as ms
from mindspore import ops
a = ms.Tensor(np.load(sys.argv[1])); b = ms.Tensor(np.load(sys.argv[2])[..., None])
calls, rounds = int(sys.argv[3]), int(sys.argv[4])
x = ops.matrix_solve(a, b).asnumpy()
times = []
for _ in range(calls * rounds):
    t0 = time.perf_counter()
    ops.matrix_solve(a, b).asnumpy()
    times.append(time.perf_counter() - t0)
times.sort()
print(json.dumps({"median": times[len(times) // 2], "p10": times[len(times) // 10],
                  "err": float(np.max(np.abs(x[..., 0] - np.load(sys.argv[5]))))}))
"""


def mindspore_matrix_solve(a, b, reference, calls, rounds):
    """Time MindSpore's ``ops.matrix_solve`` on the same systems in a separate process.

    Runs only when MSFUNC_BENCH_MINDSPORE names a Python interpreter with MindSpore
    (it needs numpy < 2, so it never shares msfunc's process). Returns a dict with
    median, p10 (seconds) and err (max |x - reference|), or None.
    """
    python = os.environ.get("MSFUNC_BENCH_MINDSPORE")
    if not python:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        paths = [os.path.join(tmp, f"{name}.npy") for name in ("a", "b", "x")]
        for path, arr in zip(paths, (a, b, reference), strict=True):
            np.save(path, np.asarray(arr))
        env = dict(os.environ, GLOG_v="3")
        run = subprocess.run(
            [
                python,
                "-c",
                _MINDSPORE_SCRIPT,
                paths[0],
                paths[1],
                str(calls),
                str(rounds),
                paths[2],
            ],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    if run.returncode != 0:
        print(f"   MindSpore run failed: {run.stderr.strip()[-300:]}")
        return None
    return json.loads(run.stdout.strip().splitlines()[-1])


# -- checks and timing -------------------------------------------------------------------
def check(fns, args, baseline):
    """({case: largest absolute difference of its outputs from the `baseline` case's},
    the baseline's outputs)."""
    outs = {name: jax.tree.map(np.asarray, block(fn(*args))) for name, fn in fns.items()}
    ref = jax.tree.leaves(outs[baseline])
    diffs = {
        name: max(
            float(np.max(np.abs(o - r))) for o, r in zip(jax.tree.leaves(out), ref, strict=True)
        )
        for name, out in outs.items()
    }
    return diffs, outs[baseline]


def _run(title, fns, args, baseline, calls, rounds):
    diffs, reference = check(fns, args, baseline)
    cases = {name: (lambda fn=fn: block(fn(*args))) for name, fn in fns.items()}
    results = compare(cases, calls=calls, rounds=rounds)
    ratios = print_table(title, results, baseline, target=1.05)
    print("   max |case - baseline| over the outputs:")
    for name, d in diffs.items():
        print(f"     {name:40s} {d:.1e}")
    medians = {name: res.median for name, res in results.items()}
    return {
        "ratios": ratios,
        "diffs": diffs,
        "args": args,
        "baseline_out": reference,
        "medians": medians,
    }


def main(quick=None):
    """Run the three workloads; returns {workload: {'ratios', 'diffs', 'args',
    'baseline_out'}} (ratios to the raw baseline, max |case - baseline| per case, the
    inputs and the baseline's outputs).

    `quick` (or MSFUNC_BENCH_QUICK=1) shrinks the batches, the matrices and the counts
    and leaves out the rows that are there for information (info, jnp.linalg.solve under
    msfunc's transforms, the scalar Newton solver).
    """
    quick = quick_mode(quick)
    batch, n = (64, 4) if quick else (4096, 16)
    calls, rounds = (3, 2) if quick else (50, 5)
    out = {}
    fns, args = per_example_cases(64 if quick else 256, extras=not quick)
    out["per_example"] = _run(
        f"per-example gradients, MLP 16-64-64-1, batch {args[1].shape[0]}",
        fns,
        args,
        "raw jax.jit(jax.vmap(jax.grad))",
        5 if quick else 500,
        rounds,
    )
    fns, args = newton_cases(batch, extras=not quick)
    out["newton"] = _run(
        f"{batch} 2-D nonlinear systems, {NEWTON_STEPS} Newton steps, jacfwd + solve, vmap",
        fns,
        args,
        "raw jax.jacfwd + jnp.linalg.solve",
        calls,
        rounds,
    )
    fns, args = linear_cases(batch, n, extras=not quick)
    out["linear"] = _run(
        f"{batch} independent {n}x{n} linear solves, vmap",
        fns,
        args,
        "raw jax.vmap(jnp.linalg.solve)",
        calls,
        rounds,
    )
    if not quick:
        out["sweep"] = solve_sweep(batch, calls=20, rounds=3)
    ms_run = mindspore_matrix_solve(*args, out["linear"]["baseline_out"], calls, rounds)
    if ms_run is not None:
        base = out["linear"]["medians"]["raw jax.vmap(jnp.linalg.solve)"]
        print(
            f"   MindSpore ops.matrix_solve (own process, not interleaved): median "
            f"{ms_run['median'] * 1e6:.1f} us ({ms_run['median'] / base:.3f}x raw), p10 "
            f"{ms_run['p10'] * 1e6:.1f} us, max |x - raw| {ms_run['err']:.1e}"
        )
        out["linear"]["mindspore"] = ms_run
    return out


if __name__ == "__main__":
    main()
