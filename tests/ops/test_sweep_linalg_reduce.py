"""Sweep: func_linalg, func_reduce and func_distance ops under jit, vmap and grad."""

from _sweep import sweep_tests
from sweep_specs.specs_linalg_reduce import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)
