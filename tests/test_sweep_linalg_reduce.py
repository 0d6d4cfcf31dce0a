"""Sweep: func_linalg, func_reduce and func_distance ops under jit, vmap and grad."""

import pytest
from _sweep import params_for, run_grad, run_jit, run_vmap
from sweep_specs.specs_linalg_reduce import SPECS


@pytest.mark.parametrize("name,case", params_for(SPECS, "jit"))
def test_jit(name, case):
    run_jit(name, case)


@pytest.mark.parametrize("name,case", params_for(SPECS, "vmap"))
def test_vmap(name, case):
    run_vmap(name, case)


@pytest.mark.parametrize("name,case", params_for(SPECS, "grad"))
def test_grad(name, case):
    run_grad(name, case)
