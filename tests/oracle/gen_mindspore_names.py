"""Record the public names of every MindSpore module path in msfunc's module tree.

Writes msfunc/compat/mindspore_names.json: {"mindspore.nn": ["Adam", ...], ...}, the
names real MindSpore 2.10 exposes at each path of `msfunc/compat/module_tree.py`, so
msfunc knows which names to answer with "not supported yet" and which are typos.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mindspore_names
"""

import importlib
import importlib.util
import json
import os
import pathlib
import types

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("module_tree", ROOT / "msfunc/compat/module_tree.py")
tree = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tree)


def public_names(module):
    names = {n for n in getattr(module, "__all__", None) or () if isinstance(n, str)}
    for name in dir(module):
        if name.startswith("_") or name in names:
            continue
        value = getattr(module, name)
        # modules a file merely imports (np, mstype, ...) are not part of its interface
        if isinstance(value, types.ModuleType) and not value.__name__.startswith(module.__name__):
            continue
        names.add(name)
    return sorted(names)


result, missing = {}, []
for path in sorted(tree.MODULE_TREE):
    try:
        module = importlib.import_module(path)
    except Exception as exc:  # noqa: BLE001  (a path this MindSpore build lacks)
        missing.append(f"{path}: {exc}")
        continue
    result[path] = public_names(module)
out = ROOT / "msfunc/compat/mindspore_names.json"
tmp = out.with_suffix(".tmp")
tmp.write_text(json.dumps(result, indent=0, sort_keys=True) + "\n")
os.replace(tmp, out)
print(f"{len(result)} paths, {sum(map(len, result.values()))} names -> {out}")
for line in missing:
    print("absent:", line)
