"""Every primitive class (msfunc.ops.primitives) under jit, vmap and grad."""

import pytest
from _sweep import params_for, run_grad, run_jit, run_vmap
from sweep_specs.specs_primitives import SPECS


@pytest.mark.parametrize("name,case", params_for(SPECS, "jit"))
def test_jit(name, case):
    run_jit(name, case)


@pytest.mark.parametrize("name,case", params_for(SPECS, "vmap"))
def test_vmap(name, case):
    run_vmap(name, case)


@pytest.mark.parametrize("name,case", params_for(SPECS, "grad"))
def test_grad(name, case):
    run_grad(name, case)


def test_every_class_has_a_spec():
    from sweep_specs.specs_primitives import CLASSES

    assert sorted(set(CLASSES) - set(SPECS)) == []
    assert sorted(set(SPECS) - set(CLASSES)) == []
