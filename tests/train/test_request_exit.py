"""OnRequestExit on a real signal, and save_checkpoint's append_dict, against MindSpore 2.10
(tests/oracle/gen_request_exit_golden.py, whose scenarios run here unchanged with ``ms =
msfunc`` under the ``mindspore`` alias)."""

import signal

import _alias_scenarios
import pytest

from msfunc.train import OnRequestExit


@pytest.mark.parametrize("name", _alias_scenarios.names("request_exit"))
def test_matches_mindspore(name):
    _alias_scenarios.check("request_exit", name)


@pytest.mark.parametrize(
    "kwargs",
    [{"save_ckpt": 1}, {"save_mindir": "yes"}, {"sig": "SIGTERM"}, {"sig": signal.SIGKILL}],
)
def test_bad_arguments_are_value_errors_as_in_mindspore(kwargs, tmp_path):
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        OnRequestExit(directory=str(tmp_path), **kwargs)
