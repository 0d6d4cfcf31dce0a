"""Op tables for the jit/vmap/grad sweep (see tests/_sweep.py)."""
