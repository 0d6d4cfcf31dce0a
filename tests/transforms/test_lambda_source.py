"""Which lambdas a MindSpore program compiles, against MindSpore 2.10
(tests/golden/lambda_source.json): a lambda written inside a call, a tuple, a dict, a boolean
expression or a default argument is refused by jit, vmap, jvp, jacfwd and jacrev in either mode
and by the gradient transforms in graph mode; msfunc's own API compiles every lambda."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("lambda_source_cases").CASES
_GOLDEN = golden("lambda_source")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_lambda_case_matches_mindspore(name, mindspore_checks):
    assert _CASES[name](ms) == _GOLDEN[name]


def test_msfunc_programs_compile_every_lambda():
    """Outside MindSpore programs the same inline lambdas compile and map."""
    x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
    assert ms.jit(lambda a: a + 1)(x).tolist() == [[2.0, 3.0], [4.0, 5.0]]
    assert ms.vmap(lambda a: a.sum())(x).tolist() == [3.0, 7.0]
