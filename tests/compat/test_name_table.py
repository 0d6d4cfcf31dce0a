"""The documentation's MindSpore name tables (msfunc.compat.name_table) list every recorded
MindSpore 2.10 name once, and each status is what using the name through the alias does."""

import pytest

from msfunc.compat.alias import MindSporeModule
from msfunc.compat.name_table import name_statuses, namespaces
from msfunc.compat.unsupported import mindspore_names
from msfunc.errors import UnsupportedError
from msfunc.mint._coverage import reference_names


def test_every_recorded_name_is_listed_once():
    for path in namespaces():
        recorded = (
            reference_names()[path]
            if path.startswith("mindspore.mint")
            else [n for n in mindspore_names()[path] if n.isidentifier() and n[0] != "_"]
        )
        listed = [name for name, _, _ in name_statuses(path)]
        assert sorted(listed) == sorted(set(recorded)), path
        assert {status for _, status, _ in name_statuses(path)} <= {
            "supported",
            "differs",
            "missing",
        }


@pytest.mark.parametrize("path", ["mindspore.nn", "mindspore.train", "mindspore.scipy.linalg"])
def test_status_is_what_the_alias_does(path):
    module = MindSporeModule(path)
    for name, status, note in name_statuses(path):
        if status == "missing" and "not its API" not in note:
            with pytest.raises(UnsupportedError):
                getattr(module, name)
        elif status != "missing" and module.resolve(name)[0] != "module":  # a sub-module
            assert getattr(module, name) is not None


def test_differences_carry_the_checker_note():
    rows = {name: (status, note) for name, status, note in name_statuses("mindspore.ops")}
    assert rows["max"][0] == "differs" and "flattened argmax" in rows["max"][1]
    assert rows["matmul"] == ("supported", "")
