"""Private MindSpore module paths and names programs and tests import
(`_extends.cell_attr_register`, `common._pijit_context`, `parameter._is_parameter_generated`,
`ops.primitive.constexpr`, `dataset.engine.iterators`,
`train.callback._InternalCallbackParam`/`_CallbackManager`).

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario `module_paths` of
tests/oracle/gen_parity_causes_golden.py, replayed here with msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("module_paths"))
def test_matches_mindspore(case):
    _parity_causes.check("module_paths", case)
