"""msfunc.ops: MindSpore's functional ops and primitive classes on JAX."""
