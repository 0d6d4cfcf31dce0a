"""Record real MindSpore 2.10's results of tests/oracle/tensor_method_cases.py, and the
public attribute names of its Tensor, in tests/golden/tensor_methods.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_methods

All cases run in one process; a case that fails there runs again in its own process
(after a failed kernel MindSpore may report the same error for later ops) and, if it
still fails, is stored with its error.
"""

import concurrent.futures
import json
import os
import pathlib
import subprocess
import sys

import mindspore as ms
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from tensor_method_cases import CASES  # noqa: E402


def to_json(value):
    if isinstance(value, (tuple, list)):
        return {"seq": [to_json(v) for v in value], "kind": type(value).__name__}
    if isinstance(value, ms.Tensor):
        if value.dtype == ms.bfloat16:
            value = value.float().asnumpy()
            return {"array": value.astype(np.float64).tolist(), "dtype": "bfloat16"}
        return array_json(value.asnumpy())
    if isinstance(value, np.ndarray):
        return {**array_json(value), "numpy": True}
    return scalar_json(value)


def array_json(value):
    if np.iscomplexobj(value):
        return {
            "array": value.real.astype(np.float64).tolist(),
            "imag": value.imag.astype(np.float64).tolist(),
            "dtype": str(value.dtype),
        }
    return {"array": value.astype(np.float64).tolist(), "dtype": str(value.dtype)}


def scalar_json(value):
    if isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating)):
        return {
            "py": type(value).__name__,
            "value": value.item() if isinstance(value, np.generic) else value,
        }
    if value is None:
        return {"py": "NoneType", "value": None}
    if isinstance(value, ms.dtype.Type):
        return {"dtype_object": str(value)}
    return {"str": str(value)}


def run(names):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {}
    for name in names:
        try:
            out[name] = {"value": to_json(CASES[name](ms, ms.Tensor))}
        except Exception as exc:  # noqa: BLE001  (record what MindSpore cannot run)
            message = str(exc).strip().splitlines()[0][:200]
            out[name] = {"error": f"{type(exc).__name__}: {message}"}
    return out


def in_subprocess(name):
    proc = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    if not lines:
        return {"error": f"process failed: {proc.stderr.strip().splitlines()[-1:]}"}
    return json.loads(lines[-1][len("RESULT ") :])


def main():
    out = run(list(CASES))
    failed = [name for name, result in out.items() if "error" in result]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        out.update(zip(failed, pool.map(in_subprocess, failed)))
    for name, result in out.items():
        if "error" in result:
            print(name, "error:", result["error"])
    public = [name for name in dir(ms.Tensor) if not name.startswith("_")]
    out["__meta__"] = {
        "mindspore": ms.__version__,
        # the public attributes of MindSpore's Tensor: the coverage target
        "tensor_properties": [n for n in public if isinstance(getattr(ms.Tensor, n), property)],
        "tensor_methods": [n for n in public if not isinstance(getattr(ms.Tensor, n), property)],
    }
    path = HERE.parent / "golden" / "tensor_methods.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n")
    os.replace(tmp, path)
    print(
        len(out) - 1,
        "cases,",
        len(failed),
        "failed in-process,",
        sum("error" in r for r in out.values()),
        "errors stored",
    )


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print("RESULT " + json.dumps(run(sys.argv[1:])[sys.argv[1]]))
    else:
        main()
