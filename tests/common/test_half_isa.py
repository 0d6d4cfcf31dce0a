"""Compiled float16 arithmetic rounds after every op on every CPU kind (`half_isa`)."""

import jax
import jax.numpy as jnp
import numpy as np

from msfunc.common import half_isa


def test_compiled_half_multiply_add_rounds_each_op():
    # numpy rounds the product to float16 before the add; a fused multiply-add would not
    # (on an AVX512-FP16 CPU without the cap, about a quarter of these elements differ)
    rng = np.random.default_rng(0)
    x, y, z = (rng.uniform(-2, 2, 4096).astype(np.float16) for _ in range(3))
    got = jax.jit(lambda a, b, c: a * b + c)(x, y, z)
    np.testing.assert_array_equal(np.asarray(got), x * y + z)
    tanh = jax.jit(lambda a: jnp.tanh(a) * a + a)(x)
    want = np.tanh(x.astype(np.float32)).astype(np.float16) * x + x
    np.testing.assert_array_equal(np.asarray(tanh), want)


def test_cap_added_only_where_needed():
    env = {"XLA_FLAGS": "--xla_backend_optimization_level=0"}
    assert half_isa.round_half_per_op(env, native=False) is False
    assert env["XLA_FLAGS"] == "--xla_backend_optimization_level=0"
    # JAX's CPU client is running in this test process: too late to change its flags
    assert half_isa.round_half_per_op(env, native=True) is False
    mine = {"XLA_FLAGS": "--xla_cpu_max_isa=SSE4_2"}
    assert half_isa.round_half_per_op(mine, native=True) is False
    assert mine["XLA_FLAGS"] == "--xla_cpu_max_isa=SSE4_2"


def test_native_half_read_from_cpu_flags(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nflags\t\t: fpu avx2 avx512f avx512_fp16 amx_tile\n")
    assert half_isa.native_half_cpu(str(info))
    info.write_text("processor\t: 0\nflags\t\t: fpu avx2 avx512f avx512_bf16\n")
    assert not half_isa.native_half_cpu(str(info))
