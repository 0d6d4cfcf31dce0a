"""Sweep: array, creation and shape/graph utility ops under jit, vmap and grad."""

from _sweep import sweep_tests
from sweep_specs.specs_array import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)
