"""Compiled CPU code rounds after every op, as eager execution does: no fused multiply-add."""

import os
import warnings

from .._jax_private import initialized_platforms

# LLVM, compiling XLA's CPU code for a CPU with FMA instructions (x86 AVX2 and later),
# contracts a multiply and the add after it into one fused multiply-add, rounded once: a
# jitted float32 `x * y + z` then differs from the same two ops run one by one (eager
# execution, each op its own program; numpy; MindSpore's CPU kernels) in about a quarter of
# the elements, and so would a PyNative transform compiled by itself from its eager run. On
# CPUs computing float16 natively (AVX512-FP16) the same happens in float16 registers.
# Capping XLA's instruction set at AVX (256-bit vectors, no FMA) keeps every rounding of
# the eager program; AVX2 and AVX512 both bring FMA.
_FLAG = "--xla_cpu_max_isa"
_CAP = "AVX"
_FMA_FEATURES = ("fma", "avx512_fp16")
OPT_OUT = "MSFUNC_CPU_FMA"  # =1: keep XLA's instruction set, fused multiply-adds included

# why the cap is or is not in effect, set by `round_per_op` at msfunc's import
state = "unset"


def cpu_fuses_multiply_add(cpuinfo="/proc/cpuinfo"):
    """Whether LLVM may fuse multiply-adds on this CPU (its flags list FMA or AVX512-FP16);
    False where the CPU's features cannot be read (not Linux).

    Example:
        >>> cpu_fuses_multiply_add("/no/such/file")
        False
    """
    try:
        with open(cpuinfo, encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = line.split(":", 1)[-1].split()
                    return any(feature in flags for feature in _FMA_FEATURES)
    except OSError:
        pass
    return False


def round_per_op(environ=None, fused=None):
    """Make XLA's compiled CPU code round after every op, as eager execution and MindSpore's
    CPU kernels do, by capping its instruction set at AVX on CPUs with fused multiply-add.

    Applies only before JAX's CPU client starts (XLA reads its flags then), never over a
    ``--xla_cpu_max_isa`` the user set, and not where ``MSFUNC_CPU_FMA=1`` asks for XLA's
    full instruction set. Returns why the cap is or is not in effect: "capped", "user",
    "opted out", "not needed" or "too late" (with a warning: compiled code may then differ
    from eager in the last bit).

    Example:
        >>> env = {"XLA_FLAGS": "--xla_cpu_max_isa=SSE4_2"}
        >>> round_per_op(env, fused=True), env["XLA_FLAGS"]
        ('user', '--xla_cpu_max_isa=SSE4_2')
    """
    global state
    environ = os.environ if environ is None else environ
    flags = environ.get("XLA_FLAGS", "")
    if _FLAG in flags:
        reason = "capped" if f"{_FLAG}={_CAP}" in flags else "user"  # ours, or the user's
    elif environ.get(OPT_OUT, "0").strip().lower() not in ("", "0", "false", "no", "off"):
        reason = "opted out"
    elif not (cpu_fuses_multiply_add() if fused is None else fused):
        reason = "not needed"
    elif "cpu" in initialized_platforms():
        reason = "too late"
        warnings.warn(
            "msfunc: JAX's CPU backend started before msfunc was imported, so XLA keeps "
            "fused multiply-adds: compiled code (jit, PyNative transforms) may differ from "
            f"eager in the last bit. Import msfunc first, or set XLA_FLAGS={_FLAG}={_CAP}.",
            RuntimeWarning,
            stacklevel=2,
        )
    else:
        environ["XLA_FLAGS"] = f"{flags} {_FLAG}={_CAP}".strip()
        reason = "capped"
    if environ is os.environ:
        state = reason
    return reason
