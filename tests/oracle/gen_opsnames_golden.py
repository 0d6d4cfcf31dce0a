"""Record MindSpore 2.10's answers for the op names of its private module paths (the cases of
tests/oracle/opsnames_cases.py) into tests/golden/opsnames.json; read by
tests/compat/test_opsnames.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py opsnames
"""

import json
import pathlib
import subprocess
import sys

import mindspore as ms
from mindspore.ops.auto_generate import gen_ops_def

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from opsnames_cases import AFTER_ERROR, CASES, namespace  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "opsnames.json"


def _settle():
    # MindSpore's PyNative reports a failed operation's error again on later operations: let
    # it, on throwaway ones, before the next call
    for _ in range(4):
        try:
            gen_ops_def.add_ext(ms.Tensor([1.0]), ms.Tensor([1.0])).asnumpy()
            return
        except (TypeError, ValueError, RuntimeError):
            pass


AFTER_ERROR.append(_settle)

if len(sys.argv) == 2:  # one case, in this process: print its answer
    print(json.dumps(CASES[sys.argv[1]](namespace())))
else:  # each case in a process of its own
    golden = {}
    for name in CASES:
        run = subprocess.run(
            [sys.executable, __file__, name], capture_output=True, text=True, check=True
        )
        golden[name] = json.loads(run.stdout.strip().splitlines()[-1])
    golden["_mindspore"] = ms.__version__
    OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")
