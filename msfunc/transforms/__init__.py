"""msfunc's transforms: the state frame and MindSpore-shaped adapters over JAX transforms."""
