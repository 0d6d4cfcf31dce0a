"""Rows of msfunc.ops whose array functions live in ``func_random.py``."""

from .. import func_random as f
from ._row import Op

HOME = f
ROWS = (
    Op("bernoulli", f.bernoulli),
    Op("choice_with_mask", f.choice_with_mask),
    Op("gamma", f.gamma),
    Op("laplace", f.laplace),
    Op("multinomial", f.multinomial, methods=("multinomial",)),
    Op("multinomial_with_replacement", f.multinomial_with_replacement),
    Op("normal", f.normal),
    Op("poisson", f.poisson),
    Op("rand", f.rand),
    Op("rand_like", f.rand_like),
    Op("randint", f.randint),
    Op("randint_like", f.randint_like),
    Op("randn", f.randn),
    Op("randn_like", f.randn_like),
    Op("random_categorical", f.random_categorical, methods=("random_categorical",)),
    Op("random_gamma", f.random_gamma),
    Op("random_poisson", f.random_poisson),
    Op("randperm", f.randperm),
    Op("shuffle", f.shuffle),
    Op("standard_laplace", f.standard_laplace),
    Op("standard_normal", f.standard_normal),
    Op("uniform", f.uniform),
)
