"""Compiled CPU arithmetic rounds after every op, as eager code does (`cpu_isa`)."""

import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msfunc.common import cpu_isa

# float32 and float16: numpy rounds the product before the add; a fused multiply-add would
# not (about a quarter of these elements differ where XLA keeps FMA)
_PROGRAM = """
import numpy as np
import msfunc as ms
import jax, jax.numpy as jnp
rng = np.random.default_rng(0)
for dtype in (np.float32, np.float16):
    x, y, z = (rng.uniform(-2, 2, 4096).astype(dtype) for _ in range(3))
    got = jax.jit(lambda a, b, c: a * b + c)(x, y, z)
    assert (np.asarray(got) != x * y + z).sum() == 0, dtype
# a PyNative transform compiled by itself gives its eager result
def f(a, b, c):
    return ((a * b + c) * (a * c + b)).sum()
args = [ms.Tensor(rng.standard_normal(4096).astype(np.float32)) for _ in range(3)]
outs = []
for auto in (True, False):
    ms.set_context(pynative_auto_compile=auto)
    g = ms.grad(f, grad_position=(0, 1))
    outs.append([g(*args) for _ in range(3)][-1])
for a, b in zip(*outs):
    assert (a.asnumpy() != b.asnumpy()).sum() == 0
print(__import__("msfunc").common.cpu_isa.state)
"""


def test_compiled_multiply_add_rounds_each_op_with_xla_optimizing():
    # the suite's own process compiles at LLVM -O0, which never fuses: check in a process
    # with XLA's default optimisation, as users run
    env = {k: v for k, v in os.environ.items() if k not in ("XLA_FLAGS", cpu_isa.OPT_OUT)}
    out = subprocess.run(
        [sys.executable, "-c", _PROGRAM], env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[-1] in ("capped", "not needed")


def test_compiled_half_multiply_add_here():
    rng = np.random.default_rng(0)
    x, y, z = (rng.uniform(-2, 2, 4096).astype(np.float16) for _ in range(3))
    tanh = jax.jit(lambda a: jnp.tanh(a) * a + a)(x)
    want = np.tanh(x.astype(np.float32)).astype(np.float16) * x + x
    np.testing.assert_array_equal(np.asarray(tanh), want)


@pytest.mark.parametrize(
    ("env", "fused", "reason", "flags"),
    [
        ({"XLA_FLAGS": "--xla_cpu_max_isa=SSE4_2"}, True, "user", "--xla_cpu_max_isa=SSE4_2"),
        ({"XLA_FLAGS": "-a", "MSFUNC_CPU_FMA": "1"}, True, "opted out", "-a"),
        ({"XLA_FLAGS": "-a"}, False, "not needed", "-a"),
    ],
)
def test_cap_added_only_where_needed(env, fused, reason, flags):
    assert cpu_isa.round_per_op(env, fused=fused) == reason
    assert env["XLA_FLAGS"] == flags


def test_too_late_once_the_cpu_client_runs():
    jnp.ones(2).block_until_ready()  # JAX's CPU client is running in this process
    env = {"XLA_FLAGS": "-a"}
    with pytest.warns(RuntimeWarning, match="before msfunc was imported"):
        assert cpu_isa.round_per_op(env, fused=True) == "too late"
    assert env["XLA_FLAGS"] == "-a"


def test_fused_multiply_add_read_from_cpu_flags(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nflags\t\t: fpu avx2 fma avx512f\n")
    assert cpu_isa.cpu_fuses_multiply_add(str(info))
    info.write_text("processor\t: 0\nflags\t\t: fpu sse4_2 avx\n")
    assert not cpu_isa.cpu_fuses_multiply_add(str(info))
