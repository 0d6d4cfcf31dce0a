"""The shared runner of the case-table golden generators: each case of a table (a dict name ->
``case(*args)`` returning JSON data) runs under real MindSpore and the answers go to
``tests/golden/NAME.json`` with MindSpore's version. With ``one_process_each`` every case runs
in a fresh interpreter (the generator calls itself with ``--case NAME``), for tables whose
cases MindSpore's process state would otherwise couple. No top-level import of MindSpore.
"""

import json
import os
import pathlib
import subprocess
import sys

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"


def record(name, cases, make_args, *, one_process_each=False):
    """Run `cases` with ``make_args()`` (a tuple: MindSpore's modules the cases take) and write
    ``tests/golden/<name>.json``; in a ``--case NAME`` call print that one case's answer."""
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(cases[sys.argv[2]](*make_args())))
        return
    if one_process_each:
        golden = {}
        for case in cases:
            run = subprocess.run(
                [sys.executable, sys.argv[0], "--case", case],
                capture_output=True,
                text=True,
                check=True,
            )
            golden[case] = json.loads(run.stdout.strip().splitlines()[-1])
    else:
        args = make_args()
        golden = {case: fn(*args) for case, fn in cases.items()}
    import mindspore

    golden["_mindspore"] = mindspore.__version__
    out = GOLDEN / f"{name}.json"
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, out)  # (atomic: an interrupted run leaves the old file)
    print(f"wrote {out}")


def record_arrays(path, cases):
    """Run ``cases(ms)`` (name -> list of arrays) under MindSpore on CPU, from PyNative mode,
    and write the arrays to the ``.npz`` at `path` as ``name.i``, with MindSpore's version."""
    import mindspore as ms
    import numpy as np

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    flat = {f"{name}.{i}": r for name, results in cases(ms).items() for i, r in enumerate(results)}
    np.savez(path, mindspore=np.array(ms.__version__), **flat)
    print(f"wrote {len(flat)} arrays to {path}")


def record_scenarios(name, scenarios):
    """Run each ``scenario(ms, folder, put)`` under MindSpore in a fresh temporary folder
    (``put(key, value)`` records an answer) and write them to ``tests/golden/<name>.json``."""
    import tempfile

    import mindspore

    golden = {}
    for scenario in scenarios:
        with tempfile.TemporaryDirectory() as folder:
            scenario(mindspore, folder, golden.__setitem__)
    out = GOLDEN / f"{name}.json"
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, out)  # (atomic: an interrupted run leaves the old file)
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)
