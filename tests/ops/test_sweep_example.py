"""Sweep self-check on a few ops."""

from _sweep import sweep_tests
from sweep_specs.specs_example import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)
