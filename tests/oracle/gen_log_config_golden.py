"""Record MindSpore 2.10's ``mindspore.log`` settings, files and errors (the cases of
tests/oracle/log_config_cases.py) into tests/golden/log_config.json; read by
tests/compat/test_log_config.py. Each case runs in a fresh process (MindSpore's logger keeps
its first file settings when made again).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py log_config
"""

import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "golden" / "log_config.json"
sys.path.insert(0, str(HERE))
from log_config_cases import CASES  # noqa: E402

if len(sys.argv) == 3 and sys.argv[1] == "--case":
    from mindspore import log

    print(json.dumps(CASES[sys.argv[2]](log)))
    sys.exit(0)

import mindspore as ms  # noqa: E402

golden = {}
for name in CASES:
    proc = subprocess.run(
        [sys.executable, __file__, "--case", name], capture_output=True, text=True, check=True
    )
    golden[name] = json.loads(proc.stdout.strip().splitlines()[-1])
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
