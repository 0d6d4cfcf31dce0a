"""Record which names of ``mindspore.ops.auto_generate`` are the very objects ``mindspore.ops``
(or ``mindspore.ops.operations``) exposes: MindSpore generates them there and re-exports them.

Writes msfunc/compat/auto_generate_shared.json: {"ops": [...], "operations": [...]}, so the
``mindspore.ops.auto_generate`` alias answers those names with msfunc.ops' objects.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py auto_generate_shared
"""

import json
import pathlib

import mindspore.ops as ops
import mindspore.ops.auto_generate as generated
import mindspore.ops.operations as operations

OUT = pathlib.Path(__file__).resolve().parents[2] / "msfunc/compat/auto_generate_shared.json"

public = [n for n in dir(generated) if not n.startswith("_")]
shared = {
    "ops": sorted(n for n in public if getattr(ops, n, None) is getattr(generated, n)),
}
shared["operations"] = sorted(
    n
    for n in public
    if n not in shared["ops"] and getattr(operations, n, None) is getattr(generated, n)
)
OUT.write_text(json.dumps(shared, indent=0) + "\n")
print(f"{len(shared['ops'])} + {len(shared['operations'])} shared names -> {OUT}")
