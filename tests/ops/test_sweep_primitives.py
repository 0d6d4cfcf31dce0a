"""Every primitive class (msfunc.ops.primitives) under jit, vmap and grad."""

import pytest
from _sweep import cases_of, sweep_tests
from sweep_specs.specs_primitives import SPECS as _SPECS
from sweep_specs.specs_primitives_elementwise import SAME_PROGRAM
from sweep_specs.specs_primitives_linalg_indexing import LINALG_INDEXING

assert not set(_SPECS) & set(LINALG_INDEXING), "a class has a spec in both tables"
SPECS = {**_SPECS, **LINALG_INDEXING}
for _case in cases_of(SPECS):  # classes calling a swept functional op: trace-level jit/vmap
    _case[2].twin_values = True


test_jit, test_vmap, test_grad = sweep_tests(SPECS)


def test_every_class_has_a_spec():
    from sweep_specs.specs_primitives import CLASSES

    assert sorted(set(CLASSES) - set(SPECS)) == []
    assert sorted(set(SPECS) - set(CLASSES)) == []


@pytest.mark.parametrize("name", sorted(SAME_PROGRAM))
def test_family_classes_trace_to_their_twin(name):
    """The class and its functional twin trace to the same jaxpr, so what the functional
    sweep checked under jit, vmap and grad holds for the class."""
    import jax
    import numpy as np

    case, twin = SAME_PROGRAM[name]
    args = case.args(np.random.default_rng(0))
    static = tuple(i for i, a in enumerate(args) if not isinstance(a, np.ndarray))
    traced = [jax.make_jaxpr(f, static_argnums=static)(*args) for f in (case.fn, twin)]
    assert str(traced[0]) == str(traced[1])
