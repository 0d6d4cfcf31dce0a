"""Sweep table for msfunc.ops' primitive classes: every class built with its constructor
attributes and called under jit, vmap and grad."""

from msfunc.ops import primitives as P
from sweep_specs.specs_primitives_array import SCATTER, SHAPE
from sweep_specs.specs_primitives_common import NOT_CLASSES
from sweep_specs.specs_primitives_elementwise import BINARY, REDUCE, UNARY
from sweep_specs.specs_primitives_math_nn import LOSS, MATH, NN, OTHER, RANDOM
from sweep_specs.specs_primitives_optim import OPTIM

SPECS = {}
for _table in (UNARY, BINARY, REDUCE, SHAPE, SCATTER, MATH, NN, LOSS, RANDOM, OTHER, OPTIM):
    for _n, _v in _table.items():
        if _n in SPECS:
            raise RuntimeError(f"specs_primitives: {_n} listed twice")
        SPECS[_n] = _v


CLASSES = [n for n in P.__all__ if n not in NOT_CLASSES]
