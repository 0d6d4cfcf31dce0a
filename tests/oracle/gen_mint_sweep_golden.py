"""Record real MindSpore 2.10's values of every call of tests/oracle/mint_sweep_cases.py in
tests/golden/mint_sweep.json (read by tests/ops/test_mint_golden.py).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mint_sweep                  # every call
    python tests/oracle/run.py mint_sweep mint.index_add   # only the calls named
    python tests/oracle/run.py mint_sweep --twins          # only the ops twins

Where the mint call fails, its twin of mint_twin_cases.py (the same computation through a
mindspore.ops function with a CPU kernel) is run and its value stored as ``"twin"``.

A call MindSpore 2.10 cannot run on CPU (many mint kernels are Ascend-only) is stored with its
exception's type alone. After a failed kernel MindSpore fails every later op of the process, so
the calls run in one worker process that stops at its first failure, and a new worker takes
up from the next call.
"""

import json
import pathlib
import subprocess
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
GOLDEN = HERE.parent / "golden" / "mint_sweep.json"
sys.path.insert(0, str(HERE))
from mint_sweep_cases import SHAPE_ONLY, tables  # noqa: E402
from mint_twin_cases import twins  # noqa: E402


def encode(value):
    """A JSON form of a result: Tensors as ``{"array", "dtype"}`` (complex ones split into real
    and imaginary parts), sequences as lists, numbers and booleans as they are."""
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    if isinstance(value, np.ndarray):
        if np.iscomplexobj(value):
            return {"real": encode(value.real), "imag": encode(value.imag)}
        return {"array": value.astype(np.float64).tolist(), "dtype": str(value.dtype)}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    return float(value)


def _rounded(value):
    """`value` with its floats cut to 8 significant digits (float32 holds about 7)."""
    if isinstance(value, float):
        return float(f"{value:.8g}")
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def dump(golden):
    """Write `golden` to GOLDEN: one call per line, floats to 8 significant digits."""
    lines = [
        f"{json.dumps(key)}: {json.dumps(_rounded(golden[key]), separators=(',', ':'))}"
        for key in sorted(golden)
    ]
    GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n")


def calls(mint, T):
    """``[(key, call)]`` in a fixed order: ``mint.NAME``, ``functional.NAME``, ``nn.NAME``."""
    found = tables(mint, T)
    out = [(f"mint.{n}", c) for n, (c, _) in {**found["defaults"], **found["mint"]}.items()]
    out += [(f"functional.{n}", c) for n, (c, _) in found["functional"].items()]
    out += [(f"nn.{n}", c) for n, (c, _) in found["cells"].items()]
    return sorted(out)


def worker(start, single=False):
    """Run the calls from index `start` on (only that one if `single`) until one fails: a
    ``CALL`` line before each, a ``RESULT`` line after, ``DONE`` after the last."""
    import mindspore as ms
    from mindspore import mint

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    for index, (key, call) in enumerate(calls(mint, ms.Tensor)[start:], start):
        print("CALL " + json.dumps([index, key]), flush=True)
        try:
            value = call()
            if key.split(".", 1)[1] in SHAPE_ONLY:
                record = {"shape": list(value.shape)}
            else:
                record = {"value": encode(value)}
        except Exception as exc:  # noqa: BLE001  (recorded: MindSpore cannot run it on CPU)
            print("RESULT " + json.dumps({"error": type(exc).__name__}), flush=True)
            print(f"{key}: {str(exc).strip().splitlines()[:1]}", file=sys.stderr)
            return
        print("RESULT " + json.dumps(record), flush=True)
        if single:
            break
    print("DONE", flush=True)


def _run(start, single=False):
    """The worker's stdout and return code."""
    argv = [sys.executable, __file__, str(start)] + (["--single"] if single else [])
    proc = subprocess.run(argv, capture_output=True, text=True)
    return proc


def twin_worker(key):
    """Run the ops twin of call `key` (mint_twin_cases.py): one ``RESULT`` line."""
    import mindspore as ms
    from mindspore import mint

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    call = twins(ms.ops, ms.Tensor, tables(mint, ms.Tensor)["inputs"])[key]
    try:
        record = {"value": encode(call())}
    except Exception as exc:  # noqa: BLE001  (recorded: the twin fails too)
        record = {"error": type(exc).__name__}
        print(f"{key}: {str(exc).strip().splitlines()[:1]}", file=sys.stderr)
    print("RESULT " + json.dumps(record), flush=True)


def add_twins(only=()):
    """For each failed call with a twin (those in `only`, if given), record the twin's value as
    ``"twin"``."""
    import mindspore as ms
    from mindspore import mint

    keys = twins(ms.ops, ms.Tensor, tables(mint, ms.Tensor)["inputs"])
    golden = json.loads(GOLDEN.read_text())
    for key in sorted(keys):
        if "error" not in golden[key] or (only and key not in only):
            continue
        argv = [sys.executable, __file__, "--twin", key]
        proc = subprocess.run(argv, capture_output=True, text=True)
        results = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
        twin = json.loads(results[0][len("RESULT ") :]) if results else {"error": "crash"}
        golden[key].pop("twin", None)
        if "value" in twin:
            golden[key]["twin"] = twin["value"]
        print(key, "twin" in golden[key], proc.stderr.strip().splitlines()[-1:], file=sys.stderr)
    dump(golden)


def update(keys):
    """Record only the calls `keys` again (each in its own process), keeping the others."""
    import mindspore as ms
    from mindspore import mint

    order = [key for key, _ in calls(mint, ms.Tensor)]
    golden = json.loads(GOLDEN.read_text())
    for key in keys:
        proc = _run(order.index(key), single=True)
        results = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
        golden[key] = json.loads(results[0][len("RESULT ") :]) if results else {"error": "crash"}
        print(key, golden[key], proc.stderr.strip().splitlines()[-1:], file=sys.stderr)
    dump(golden)


def main():
    golden, start = {}, 0
    while True:
        proc = _run(start)
        current = None
        for line in proc.stdout.splitlines():
            if line.startswith("CALL "):
                current = json.loads(line[len("CALL ") :])
                golden[current[1]] = {"error": f"the process ended (rc={proc.returncode})"}
            elif line.startswith("RESULT "):
                golden[current[1]] = json.loads(line[len("RESULT ") :])
        if "DONE" in proc.stdout.splitlines() or current is None:
            break
        start = current[0] + 1
        print(f"{start} calls done; {proc.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
    dump(golden)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--twin"]:
        twin_worker(sys.argv[2])
    elif sys.argv[1:2] == ["--twins"]:  # the ops twins of the failed calls (or those named)
        add_twins(sys.argv[2:])
    elif len(sys.argv) > 1 and sys.argv[1].isdigit():
        worker(int(sys.argv[1]), single="--single" in sys.argv)
    elif len(sys.argv) > 1:  # KEY ...: record these calls again
        update(sys.argv[1:])
    else:
        main()
        add_twins()
