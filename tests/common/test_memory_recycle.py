"""ms_memory_recycle: MindSpore 2.10 returns None and networks keep working; msfunc empties
JAX's caches of compiled programs (a jitted function traces and compiles again on its next
call)."""

import jax
import jax.numpy as jnp

import msfunc as ms


def test_recycle_empties_compiled_caches_and_programs_still_run():
    traces = []

    def body(x):
        traces.append(1)  # (runs once per trace)
        return x * x

    square = jax.jit(body)
    assert float(square(jnp.float32(3.0))) == 9.0
    assert float(square(jnp.float32(5.0))) == 25.0
    assert len(traces) == 1
    assert ms.ms_memory_recycle() is None
    assert float(square(jnp.float32(4.0))) == 16.0
    assert len(traces) == 2
