"""msfunc's transforms: the state frame and MindSpore-shaped adapters over JAX transforms.

Names are resolved lazily: `msfunc.common.parameter` imports `frame` from here,
and the transforms import Parameter back. (No module is named like a function it
exports, so importing a module never shadows a lazily resolved name.)
"""

import importlib

_WHERE = {
    "grad": "gradient", "value_and_grad": "gradient", "GradOperation": "gradient",
    "jvp": "forward", "vjp": "forward", "linearize": "forward", "jet": "forward",
    "derivative": "forward", "get_grad": "forward", "jacfwd": "jacobian", "jacrev": "jacobian",
    "jit": "jit_compile", "custom_bprop": "bprop", "vmap": "vectorize",
    "data_sink": "sink",
}

__all__ = sorted(_WHERE)


def __getattr__(name):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'msfunc.transforms' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
