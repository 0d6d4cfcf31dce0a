"""The APIs MindSpore's graph compiler refuses (initializers, context and log functions, the
Cell methods that walk Parameters, Parameter.set_data, Tensor.assign_value) raise RuntimeError
inside jit and GRAPH_MODE and run in PyNative code, as in real MindSpore 2.10
(tests/oracle/gen_jit_forbidden_golden.py, whose scenarios run here unchanged under the
alias)."""

import _alias_scenarios
import pytest

import msfunc
from msfunc import nn


@pytest.mark.parametrize("name", _alias_scenarios.names("jit_forbidden"))
def test_jit_forbidden_matches_mindspore(name):
    _alias_scenarios.check("jit_forbidden", name)


def test_msfunc_own_code_still_walks_parameters_inside_jit():
    # a Cell's own machinery (here: Dense's Parameters read in construct) is not the program
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    out = msfunc.jit(lambda x: net(x))(msfunc.Tensor([[1.0, 2.0]]))
    assert out.asnumpy().tolist() == [[3.0]]
