"""`msfunc.scipy.special`: every public `jax.scipy.special` function, accepting Parameters."""

import inspect as _inspect

import jax.scipy.special as _jss

from ..common.parameter import accepts_parameters
from ._special_examples import EXAMPLES as _EXAMPLES

__all__ = [n for n in dir(_jss) if not n.startswith("_") and callable(getattr(_jss, n))]


def _with_example(name):
    """jax's function, accepting Parameters, its docstring ending with msfunc's example."""
    fn = accepts_parameters(getattr(_jss, name))
    if name in _EXAMPLES:
        doc = _inspect.cleandoc(fn.__doc__ or "")
        fn.__doc__ = f"{doc}\n\nExample:\n{_EXAMPLES[name]}"
    return fn


globals().update({n: _with_example(n) for n in __all__})
