"""docs/jax_users.md: its Python blocks run, in order, in one namespace (as a reader would
paste them), and their own assertions hold."""

import re

from _paths import REPO

GUIDE = REPO / "docs" / "jax_users.md"


def _python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def test_guide_python_blocks_run():
    blocks = _python_blocks(GUIDE.read_text())
    assert len(blocks) >= 8
    namespace = {"__name__": "jax_users_guide"}
    for number, block in enumerate(blocks, 1):
        code = compile(block, f"{GUIDE.name} block {number}", "exec")
        exec(code, namespace)  # noqa: S102 - the guide's own examples
