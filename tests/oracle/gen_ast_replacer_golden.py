"""Golden values for msfunc's rewrite AstReplacer from real MindSpore 2.10: writes
tests/golden/ast_replacer.json.

`SOURCE` is renamed ``S`` -> ``T``, then ``T`` -> ``U``, each step undone in turn; the code
after each step is recorded. tests/rewrite/test_ast_replacer_golden.py repeats the steps.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ast_replacer
"""

import ast
import json
import os

SOURCE = (
    "class S(B):\n"
    "    def S(self, S):\n"
    "        S.x = a.S + S(S=S)\n"
    "        import S\n"
    "        global S\n"
    "        return 'S', f(S)\n"
    "S = S.S\n"
    "for S in S: pass\n"
)


def steps(replacer_class):
    """The code after each step: rename, undo, rename twice, undo."""
    root = ast.parse(SOURCE)
    replacer = replacer_class(root)
    codes = []
    replacer.replace_all("S", "T")
    codes.append(ast.unparse(root))
    replacer.undo_all()
    codes.append(ast.unparse(root))
    replacer.replace_all("S", "T")
    replacer.replace_all("T", "U")
    codes.append(ast.unparse(root))
    replacer.undo_all()
    codes.append(ast.unparse(root))
    return codes


def main():
    from mindspore.rewrite.ast_helpers import AstReplacer

    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "ast_replacer.json"
    )
    with open(out, "w") as f:
        json.dump({"steps": steps(AstReplacer)}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
