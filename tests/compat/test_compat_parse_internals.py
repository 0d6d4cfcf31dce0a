"""MindSpore's graph-compiler internals that its programs import: `_checkparam._expand_tuple`,
`_extends.parse.standard_method`, the executors' compile phases, `mutable`'s self-reference
check and `tuple_to_array` of a range, against real MindSpore 2.10's records
(tests/oracle/gen_parse_internals_golden.py, whose scenarios run here unchanged under the
alias)."""

import _alias_scenarios
import pytest

from msfunc.compat import standard_method


@pytest.mark.parametrize("name", _alias_scenarios.names("parse_internals"))
def test_parse_internals_match_mindspore(name):
    _alias_scenarios.check("parse_internals", name)


def test_standard_method_has_only_mindspore_names():
    # a Tensor method MindSpore does not list at this path is no function here
    assert standard_method.reshape.__name__ == "reshape"
    with pytest.raises(AttributeError):
        standard_method.asnumpy  # noqa: B018
