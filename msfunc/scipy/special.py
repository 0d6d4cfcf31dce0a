"""`msfunc.scipy.special`: every public `jax.scipy.special` function, accepting Parameters."""

import jax.scipy.special as _jss

from ..common.parameter import accepts_parameters

__all__ = [n for n in dir(_jss) if not n.startswith("_") and callable(getattr(_jss, n))]
globals().update({n: accepts_parameters(getattr(_jss, n)) for n in __all__})
