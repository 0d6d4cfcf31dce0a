"""MindSpore's graph-compilation flags: `mutable` and the ``jit_syntax_level`` constants.

``set_context(jit_syntax_level=STRICT)`` is recorded and has no effect: msfunc traces
Python with JAX, which has no syntax levels.
"""

import numbers

import jax
import jax.numpy as jnp

__all__ = ["COMPATIBLE", "LAX", "STRICT", "mutable"]

STRICT = 0
COMPATIBLE = 1
LAX = 2


def mutable(input_data, dynamic_len=False):
    """Mark `input_data` as a variable input of a compiled function (not a constant).

    msfunc's ``jit`` traces array inputs already and specialises on Python numbers;
    `mutable` turns the Python numbers in `input_data` (also inside tuples, lists and
    dicts) into 0-d arrays so that one compiled program serves every value. Arrays
    are returned as they are. ``dynamic_len`` is accepted for MindSpore's signature:
    JAX programs have fixed-length sequences.

    Example:
        >>> from msfunc.compat import mutable
        >>> x = mutable((1.5, [2]))
        >>> [float(x[0]), int(x[1][0])]
        [1.5, 2]
    """
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"mutable: `dynamic_len` must be a bool, got {type(dynamic_len).__name__}")

    def convert(value):
        if isinstance(value, bool) or not isinstance(value, numbers.Number):
            if isinstance(value, (jax.Array, bool)) or hasattr(value, "__jax_array__"):
                return value
            raise TypeError("mutable: `input_data` must hold Tensors and Python numbers "
                            f"(in tuples, lists or dicts), got {type(value).__name__}")
        return jnp.asarray(value)

    return jax.tree.map(convert, input_data)
