"""Private MindSpore module paths and names programs and tests import
(`_extends.cell_attr_register`, `common._pijit_context`, `parameter._is_parameter_generated`,
`ops.primitive.constexpr`, `dataset.engine.iterators`,
`train.callback._InternalCallbackParam`/`_CallbackManager`).

Checked against real MindSpore 2.10 (scenario `module_paths` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("module_paths"))
def test_matches_mindspore(case):
    _scenario_replay.check("module_paths", case)
