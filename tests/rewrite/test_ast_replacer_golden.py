"""rewrite's AstReplacer renames as MindSpore 2.10's does (tests/golden/ast_replacer.json)."""

import json
import pathlib
import sys

from msfunc.rewrite.ast_helpers import AstReplacer

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "oracle"))
import gen_ast_replacer_golden  # noqa: E402

GOLDEN = json.loads(
    (pathlib.Path(__file__).parents[1] / "golden" / "ast_replacer.json").read_text()
)


def test_rename_and_undo_match_mindspore():
    assert gen_ast_replacer_golden.steps(AstReplacer) == GOLDEN["steps"]
