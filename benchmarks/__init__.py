"""Benchmarks: msfunc side by side with hand-written raw JAX (run each module with -m)."""
