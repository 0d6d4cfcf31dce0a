"""Shared test set-up: each test starts in PYNATIVE_MODE with a fixed seed."""

import gc
import os

# The suite compiles thousands of small XLA programs; LLVM's optimisation passes are most
# of each compile and buy nothing at these sizes (the suite runs ~35% faster without).
# Set before msfunc imports jax, so the CPU backend reads it when it starts.
# MSFUNC_XLA_OPTIMIZED=1 keeps XLA's default flags (tests/transforms/test_xla_optimized.py
# runs a slice so).
if os.environ.get("MSFUNC_XLA_OPTIMIZED", "0") in ("", "0"):
    os.environ["XLA_FLAGS"] = " ".join(
        filter(
            None,
            [
                os.environ.get("XLA_FLAGS", ""),
                "--xla_backend_optimization_level=0",
                "--xla_llvm_disable_expensive_passes=true",
            ],
        )
    )

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

import msfunc as ms  # noqa: E402

# Property tests draw the same examples on every run (CI must not pass or fail by chance);
# HYPOTHESIS_PROFILE=explore draws fresh ones locally to search for new failures.
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _fresh_context(monkeypatch):
    from msfunc import context
    from msfunc.transforms import auto_compile

    # When PyNative compiles must not depend on how long eager calls took on a loaded machine
    # (the rental rule weighs their seconds): every function compiles at its second call. The
    # rule itself is tested on a fake clock.
    monkeypatch.setattr(auto_compile, "RENT_FROM_SECONDS", float("inf"))

    if context.LEAF_GRAD_HOOKS[0]:
        # A live leaf gradient hook keeps PyNative eager (no compiled programs). An earlier
        # test's hooked Tensor held in a reference cycle (a Cell and its compiled call) lives
        # until the collector runs: collect it now, so later tests do not depend on when.
        gc.collect()
    # (PyNative's compile switches too: a test that turned one off and failed before turning
    # it back on would change what later tests in its worker measure)
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True, pynative_exact=True)
    ms.set_seed(0)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True, pynative_exact=True)


@pytest.fixture(autouse=True)
def _dtype_checks_follow_the_module(request):
    """MindSpore's operand-dtype strictness and CPU kernel numerics are for MindSpore programs
    (switched on by the `import mindspore` alias for the rest of the process): a test module
    that does not use the alias gets msfunc's own, whatever an earlier module in its worker
    did."""
    from msfunc.compat.alias import MindSporeModule
    from msfunc.context import mindspore_cpu_numerics, mindspore_dtype_checks

    uses_alias = any(isinstance(v, MindSporeModule) for v in vars(request.module).values())
    saved = mindspore_dtype_checks(), mindspore_cpu_numerics()
    if not uses_alias:
        mindspore_dtype_checks(False)
        mindspore_cpu_numerics(False)
    yield
    mindspore_dtype_checks(saved[0])
    mindspore_cpu_numerics(saved[1])


@pytest.fixture
def mindspore_checks():
    """MindSpore's program-only rules on (dtype strictness, graph-compiler refusals), as the
    `import mindspore` alias turns them on; the autouse fixture above restores them."""
    from msfunc.context import mindspore_dtype_checks

    mindspore_dtype_checks(True)
    yield


@pytest.fixture
def aliased_mindspore():
    """`import mindspore` answered by msfunc for the test, as a program's cases import it."""
    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    yield
    unalias_mindspore()
