"""Float16 rounded after every op in compiled code on CPUs with native float16 (AVX512-FP16)."""

import os

from .._jax_private import initialized_platforms

# On a CPU with AVX512-FP16 (Sapphire Rapids and later) XLA's CPU code computes float16 in
# float16 registers and LLVM contracts a multiply and the add after it into one fused
# multiply-add, rounded once: a compiled `x * y + z` then differs from the same ops run one
# by one (eager, MindSpore's CPU kernels, XLA on any older CPU) in about a quarter of the
# elements. Capping XLA's instruction set below AVX-512 makes it widen float16 to float32
# for each op and round after each, as everywhere else. `--xla_cpu_max_isa=AVX512` keeps
# the float16 instructions, so AVX2 is the highest cap that rounds op by op.
_FLAG = "--xla_cpu_max_isa"
_CAP = "AVX2"
_HALF_FEATURE = "avx512_fp16"


def native_half_cpu(cpuinfo="/proc/cpuinfo"):
    """Whether this CPU computes float16 natively (its flags list AVX512-FP16); False where
    the CPU's features cannot be read (not Linux).

    Example:
        >>> native_half_cpu("/no/such/file")
        False
    """
    try:
        with open(cpuinfo, encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return _HALF_FEATURE in line.split(":", 1)[-1].split()
    except OSError:
        pass
    return False


def round_half_per_op(environ=None, native=None):
    """Make XLA's CPU code round float16 after every op, as MindSpore's kernels and eager
    execution do, by capping its instruction set at AVX2 on CPUs with native float16.

    Applies only before JAX's CPU client starts (XLA reads its flags then) and never over a
    ``--xla_cpu_max_isa`` the user set. Returns whether the cap was added.

    Example:
        >>> env = {"XLA_FLAGS": "--xla_cpu_max_isa=AVX"}
        >>> round_half_per_op(env, native=True), env["XLA_FLAGS"]
        (False, '--xla_cpu_max_isa=AVX')
    """
    environ = os.environ if environ is None else environ
    flags = environ.get("XLA_FLAGS", "")
    if _FLAG in flags:
        return False  # the user's own choice stands
    if not (native_half_cpu() if native is None else native):
        return False
    if "cpu" in initialized_platforms():
        return False  # too late: the CPU client has read its flags
    environ["XLA_FLAGS"] = f"{flags} {_FLAG}={_CAP}".strip()
    return True
