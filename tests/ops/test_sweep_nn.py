"""nn, loss, convolution and vision ops under jit, vmap and grad (finite differences)."""

from _sweep import sweep_tests
from sweep_specs.specs_nn import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)
