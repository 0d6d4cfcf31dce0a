"""Elementwise math, comparison and logical ops under jit, vmap and grad (finite differences)."""

from _sweep import sweep_tests
from sweep_specs.specs_math import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)
