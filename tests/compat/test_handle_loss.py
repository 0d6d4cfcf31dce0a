"""``mindspore.train.callback._callback._handle_loss`` against MindSpore 2.10
(golden/handle_loss.json; the cases live in tests/oracle/gen_handle_loss_golden.py)."""

import importlib
import importlib.util
import json

from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.compat.callback_private import _handle_loss

_spec = importlib.util.spec_from_file_location(
    "gen_handle_loss", ORACLE / "gen_handle_loss_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def test_handle_loss_matches_mindspore():
    want = json.loads((GOLDEN / "handle_loss.json").read_text())
    assert json.loads(json.dumps(gen.cases(ms, _handle_loss))) == want


def test_the_mindspore_module_path_reaches_it():
    from msfunc.compat import module_tree

    homes = module_tree.MODULE_TREE["mindspore.train.callback._callback"]
    assert any(getattr(importlib.import_module(h), "_handle_loss", None) for h in homes)
