"""Record what MindSpore 2.10 does for `set_device` / `get_current_device` (CPU build), each
case in a fresh process since the device is chosen once per process.

Writes tests/golden/set_device.json, read by tests/compat/test_set_device.py::

    python tests/oracle/run.py set_device
"""

import json
import os
import pathlib
import subprocess
import sys

from set_device_cases import CASES

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "set_device.json"
ONE_CASE = (
    "import json, sys; import mindspore as ms; from set_device_cases import CASES, run_case; "
    "print(json.dumps(run_case(ms, CASES[sys.argv[1]])))"
)

if __name__ == "__main__":
    golden = {}
    here = str(pathlib.Path(__file__).resolve().parent)
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=here)
    for name in CASES:
        out = subprocess.run(
            [sys.executable, "-c", ONE_CASE, name],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        golden[name] = json.loads(out.stdout.strip().splitlines()[-1])
    OUT.write_text(json.dumps(golden, indent=1) + "\n")
    print(f"wrote {OUT}")
