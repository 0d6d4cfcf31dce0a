"""msfunc's transforms: the state frame and MindSpore-shaped adapters over JAX transforms.

Names are resolved lazily: `msfunc.common.parameter` imports `frame` from here,
and the transforms import Parameter back.
"""

import importlib

_WHERE = {
    "grad": "grad", "value_and_grad": "grad", "GradOperation": "grad",
    "jvp": "forward", "vjp": "forward", "jacfwd": "jacobian", "jacrev": "jacobian",
    "jit": "jit", "custom_bprop": "bprop", "vmap": "vmap",
}

__all__ = sorted(_WHERE)


def __getattr__(name):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'msfunc.transforms' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
