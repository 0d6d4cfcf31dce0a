"""Rows of msfunc.ops whose array functions live in ``func_random.py``."""

from .. import func_random as f
from ._row import Op

HOME = f
ROWS = (
    Op("laplace", f.laplace),
    Op("normal", f.normal),
    Op("rand", f.rand),
    Op("rand_like", f.rand_like),
    Op("randint", f.randint),
    Op("randint_like", f.randint_like),
    Op("randn", f.randn),
    Op("randn_like", f.randn_like),
    Op("standard_laplace", f.standard_laplace),
    Op("standard_normal", f.standard_normal),
    Op("uniform", f.uniform),
)
