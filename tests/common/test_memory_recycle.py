"""ms_memory_recycle: MindSpore 2.10 returns None and networks keep working; msfunc empties
JAX's caches of compiled programs (a jitted function compiles again on its next call)."""

import jax
import jax.numpy as jnp

import msfunc as ms


def test_recycle_empties_compiled_caches_and_programs_still_run():
    square = jax.jit(lambda x: x * x)
    assert float(square(jnp.float32(3.0))) == 9.0
    assert square._cache_size() == 1
    assert ms.ms_memory_recycle() is None
    assert square._cache_size() == 0
    assert float(square(jnp.float32(4.0))) == 16.0
