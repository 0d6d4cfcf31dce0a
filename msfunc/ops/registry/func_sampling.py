"""Rows of msfunc.ops whose array functions live in ``func_sampling.py``."""

from .. import func_sampling as f
from ._row import Op

HOME = f
ROWS = (
    Op("bernoulli", f.bernoulli),
    Op("choice_with_mask", f.choice_with_mask),
    Op("gamma", f.gamma),
    Op("multinomial", f.multinomial, methods=("multinomial",)),
    Op("multinomial_with_replacement", f.multinomial_with_replacement),
    Op("poisson", f.poisson),
    Op("random_categorical", f.random_categorical, methods=("random_categorical",)),
    Op("random_gamma", f.random_gamma),
    Op("random_poisson", f.random_poisson),
    Op("randperm", f.randperm),
    Op("shuffle", f.shuffle),
)
