"""Process-level workloads: import time of msfunc, and data-parallel scaling on simulated devices.

Both run in child processes: import time needs a fresh interpreter per sample, and the
number of simulated CPU devices is fixed when jax starts (XLA_FLAGS).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

from .registry import Bench, optional_module, register

ORDER = 30  # place in the report (benchmarks.registry.workloads)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _child_env(**extra):
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(
            [ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        ),
    )
    env.update(extra)
    return env


def _python(code, env=None, timeout=300):
    """Run `python -c code` in the repository root (so this checkout's msfunc is imported)."""
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env or _child_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if run.returncode != 0:
        raise RuntimeError(f"`python -c {code!r}` failed: {run.stderr.strip()[-500:]}")
    return run.stdout


# Children cache their bytecode (outside the checkout), as an installed package has it: with
# PYTHONDONTWRITEBYTECODE set, msfunc would be compiled from source on every start while
# jax's site-packages keep their .pyc files. The warm-up call writes the cache.
_PYCACHE = os.path.join(tempfile.gettempdir(), "msfunc-bench-pycache")


def _timed_import(statement):
    env = _child_env(PYTHONPYCACHEPREFIX=_PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _python(statement, env)  # the runner times the whole call: start, import, exit


@register("import_time", "wall time of `python -c 'import msfunc'` (fresh process each call)")
def import_time(quick):
    statements = {
        "raw python -c 'import jax, jax.numpy'": "import jax, jax.numpy",
        "msfunc python -c 'import msfunc'": "import msfunc",
    }
    if not quick:
        statements["python -c 'pass' (interpreter start, info)"] = "pass"
        statements["flax python -c 'import flax.nnx'"] = "import flax.nnx"
        if optional_module("equinox") is not None:
            statements["equinox python -c 'import equinox'"] = "import equinox"
    return Bench(
        title="import time (a fresh interpreter per call, wall time of the process)",
        cases={k: (lambda s=s: _timed_import(s)) for k, s in statements.items()},
        baseline="raw python -c 'import jax, jax.numpy'",
        calls=1,
        rounds=1 if quick else 5,
        warmup=1,
        tol=None,
        notes=[
            "msfunc imports jax; its own share is the difference to the baseline "
            "row (the aim: within 1.3x). Libraries used by a few functions only "
            "(scipy.special, optax, protobuf, malt) load on first use, and so do "
            "msfunc's primitive classes, nn layers and train (msfunc._lazy)."
        ],
    )


@register(
    "data_parallel",
    "data-parallel train step on 1, 2, 4 simulated CPU devices "
    "(batch sharded, parameters replicated)",
)
def data_parallel(quick):
    from .registry import BenchResult, CaseResult

    results = []
    for devices in (2,) if quick else (1, 2, 4):
        env = _child_env(
            XLA_FLAGS=(
                os.environ.get("XLA_FLAGS", "")
                + f" --xla_force_host_platform_device_count={devices}"
            ).strip()
        )
        out = _python(
            f"from benchmarks._sharded import main; main({devices}, {bool(quick)})",
            env=env,
            timeout=600,
        )
        data = json.loads(out.strip().splitlines()[-1])
        data["rows"] = [
            CaseResult(**{**r, "round_ratios": tuple(r["round_ratios"])}) for r in data["rows"]
        ]
        results.append(BenchResult(**data))
    return results
