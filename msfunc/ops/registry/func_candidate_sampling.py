"""Rows of msfunc.ops whose array functions live in ``func_candidate_sampling.py``."""

from .. import func_candidate_sampling as f
from ._row import Op

HOME = f
ROWS = (
    Op("log_uniform_candidate_sampler", f.log_uniform_candidate_sampler),
    Op("uniform_candidate_sampler", f.uniform_candidate_sampler),
)
