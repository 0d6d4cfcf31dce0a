"""A documentation page's ```python blocks as a program: one file per block and a driver."""

from __future__ import annotations

import pathlib
import re

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)")
PYTHON_INFO = {"python", "py", "python3"}

_DRIVER = '''"""Runs the page's code blocks in turn, each as __main__ in a fresh namespace."""

import runpy
import sys
import traceback

BLOCKS = {blocks!r}

for name in BLOCKS:
    print(f"=== {{name}}", flush=True)
    try:
        # run from its own file, so inspect (and graph compilers) can read the block's source
        runpy.run_path(name, run_name="__main__")
    except (Exception, SystemExit) as exc:  # several blocks raise on purpose: show the type
        sys.stdout.flush()
        traceback.print_exc()
        sys.stderr.flush()
        print(f"=== {{name}} raised {{type(exc).__name__}}", flush=True)
'''


def python_blocks(text):
    """The ```python blocks of markdown `text`, in order, each dedented by its fence's indent.

    Fences may be indented (blocks inside list items) and may write ``` python with a space;
    blocks of other languages and unclosed blocks are left out.

    >>> page = "x\\n  ``` python\\n  a = 1\\n    b = 2\\n  ```\\n```text\\nout\\n```\\n"
    >>> python_blocks(page)
    ['a = 1\\n  b = 2\\n']
    """
    blocks = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        index += 1
        if not opening:
            continue
        indent, fence = len(opening["indent"]), opening["fence"]
        body, closed = [], False
        while index < len(lines):
            line = lines[index]
            index += 1
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                closed = True
                break
            # drop up to the fence's indent (never text that is not leading blank)
            lead = len(line) - len(line.lstrip(" \t"))
            body.append(line[min(indent, lead) :])
        if closed and opening["info"].lower() in PYTHON_INFO:
            blocks.append("\n".join(body) + "\n")
    return blocks


def block_name(index):
    """File name of the block numbered `index` (counting from 1).

    >>> block_name(7)
    'block_007.py'
    """
    return f"block_{index:03d}.py"


def write_program(text, folder, entry, skip=()):
    """Write each python block of page `text` to `folder`/block_NNN.py and a driver `entry`
    that runs them in turn (blocks numbered in `skip` are written but not run); returns the
    names of the blocks the driver runs.

    >>> import tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_program("```python\\nprint(1)\\n```\\n```python\\nprint(2)\\n```\\n", folder,
    ...               "page.py", skip=[2])
    ['block_001.py']
    """
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for index, code in enumerate(python_blocks(text), start=1):
        name = block_name(index)
        (folder / name).write_text(code)
        if index not in skip:
            names.append(name)
    (folder / entry).write_text(_DRIVER.format(blocks=names))
    return names
