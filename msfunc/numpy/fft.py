"""``msfunc.numpy.fft``: jax.numpy.fft with Parameters accepted wherever arrays go."""

import jax.numpy as jnp

from ..common.parameter import accepts_parameters

__all__ = [n for n in dir(jnp.fft) if not n.startswith("_") and callable(getattr(jnp.fft, n))]

for _name in __all__:
    globals()[_name] = accepts_parameters(getattr(jnp.fft, _name))
