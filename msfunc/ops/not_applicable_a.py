"""helper A's share of MindSpore ops names that have no meaning on JAX, with the reason."""

NOT_APPLICABLE = {
    "make_map_parameter": "MapParameter is MindSpore's hash-table embedding store for Ascend "
                          "parameter servers; use a dense Parameter and jnp.take instead",
    "reshard": "layout annotation for MindSpore's auto-parallel graph; use "
               "jax.lax.with_sharding_constraint (or msfunc's shard) instead",
    "tensordump": "Ascend device-side tensor dump; use jax.debug.callback with numpy.save",
}
