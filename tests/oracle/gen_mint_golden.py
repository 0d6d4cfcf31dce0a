"""Record real MindSpore 2.10's outputs of tests/oracle/mint_cases.py in tests/golden/mint.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mint [--new]

(``--new`` runs only the cases not yet in the golden file.)

A case MindSpore cannot run on CPU (many mint kernels are Ascend-only in 2.10) is
stored with its error; the test then checks msfunc against numpy instead. Each case
runs in its own process: after a failed kernel MindSpore reports the same error for
every later op of the process.
"""

import concurrent.futures
import json
import os
import pathlib
import subprocess
import sys

import mindspore as ms
import numpy as np
from mindspore import mint

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from mint_cases import CASES, NOT_ORACLE  # noqa: E402


def to_json(value):
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, ms.Tensor):
        value = value.asnumpy()
    if isinstance(value, np.ndarray):
        return {"array": value.astype(np.float64).tolist(), "dtype": str(value.dtype)}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    return float(value)


def T(array):
    return ms.Tensor(array)


def run_one(name):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    try:
        result = {"value": to_json(CASES[name](mint, T))}
    except Exception as exc:  # noqa: BLE001  (record what MindSpore cannot run on CPU)
        result = {"error": f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"}
    print("RESULT " + json.dumps(result))


def in_subprocess(name):
    if name in NOT_ORACLE:
        return {"error": f"not an oracle: {NOT_ORACLE[name]}"}
    proc = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    if not lines:
        return {"error": f"process failed: {proc.stderr.strip().splitlines()[-1:]}"}
    return json.loads(lines[-1][len("RESULT ") :])


def main():
    path = HERE.parent / "golden" / "mint.json"
    # `--new`: keep the recorded cases and run only those not recorded yet
    known = json.loads(path.read_text()) if "--new" in sys.argv and path.exists() else {}
    todo = [name for name in CASES if name not in known]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        out = {**known, **dict(zip(todo, pool.map(in_subprocess, todo)))}
    for name in todo:
        result = out[name]
        print(name, "error: " + result["error"] if "error" in result else "ok")
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, path)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] != "--new":
        run_one(sys.argv[1])
    else:
        main()
