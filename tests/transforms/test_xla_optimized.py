"""A representative slice of the suite under XLA's default (optimising) CPU flags.

tests/conftest.py turns LLVM's optimisation passes off for speed, so the rest of the suite
tests unoptimised CPU code. This slice (MindSpore golden values for grad/jit/vmap/nn, a
compiled training step, a data_sink loop, the pure-JAX small solve) runs again in a
subprocess with the optimisation passes on: fusion, vectorisation and fast-math rewrites
must not change msfunc's numbers. ``MSFUNC_XLA_OPTIMIZED=1 python -m pytest`` runs the
whole suite that way.
"""

import os
import subprocess
import sys

import pytest
from _paths import REPO

ROOT = REPO
SLICE = [
    "tests/compat/test_golden_core.py",
    "tests/nn/test_nn.py::test_train_one_step_cell_matches_functional_loop",
    "tests/transforms/test_data_sink.py::test_training_loop_matches_eager_steps",
    "tests/transforms/test_small_solve.py::test_blocked_needs_pivoting",
]
FAST_FLAGS = ("--xla_backend_optimization_level=0", "--xla_llvm_disable_expensive_passes=true")


@pytest.mark.skipif(
    os.environ.get("MSFUNC_XLA_OPTIMIZED", "0") not in ("", "0"),
    reason="the whole run already uses XLA's default flags",
)
def test_slice_passes_with_default_xla_flags():
    env = dict(os.environ, MSFUNC_XLA_OPTIMIZED="1")
    # conftest (imported by this process) added the fast flags: take them out again
    env["XLA_FLAGS"] = " ".join(f for f in env.get("XLA_FLAGS", "").split() if f not in FAST_FLAGS)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", *SLICE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
