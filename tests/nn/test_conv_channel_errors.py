"""The exception type of a convolution given the wrong number of channels, against MindSpore
2.10 (tests/oracle/gen_conv_channel_errors_golden.py, run here with ``ms = msfunc`` under the
``mindspore`` alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("conv_channel_errors"))
def test_matches_mindspore(name):
    _alias_scenarios.check("conv_channel_errors", name)
