"""Golden values from real MindSpore 2.10 for the static-graph programs of `static_graph_cases.py`.

Writes tests/golden/static_graph_programs.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py static_graph_programs

Each case runs compiled (``@ms.jit``, or GRAPH_MODE for the undecorated Cell), in a
process of its own (after a failed compile MindSpore can keep failing), and stores the
outputs of every call and the Parameters after it. A program MindSpore cannot compile is
stored as an error; the msfunc test then compares it with eager execution only.
"""

import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "static_graph_programs.json")


def _load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_case(name):
    """Run one case under MindSpore; its encoded results as a JSON line on stdout."""
    import mindspore as ms

    codec = _load("core_codec")
    cases = _load("static_graph_cases")
    built = cases.CASES[name]()
    ms.set_context(mode=ms.GRAPH_MODE if built["graph_mode"] else ms.PYNATIVE_MODE)
    try:
        calls = []
        for call in built["calls"]:
            out = built["run"](*cases.as_inputs(call))
            state = built["state"]() if built["state"] else None
            calls.append(
                {
                    "out": codec.encode(out, ms),
                    "state": None if state is None else codec.encode(state, ms),
                }
            )
        result = {"calls": calls}
    except Exception as exc:  # noqa: BLE001 - a program MindSpore cannot compile is recorded
        result = {"error": f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:300]}"}
    print("RESULT " + json.dumps(result))


def main():
    cases = _load("static_graph_cases")
    golden = {
        "__meta__": {"mindspore": "2.10.0", "generator": "tests/oracle/static_graph_programs.py"}
    }
    for name in cases.CASES:
        proc = subprocess.run(
            [sys.executable, os.path.abspath(__file__), name],
            capture_output=True,
            text=True,
            timeout=600,
        )
        lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
        if lines:
            golden[name] = json.loads(lines[-1][len("RESULT ") :])
        else:
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1][:300]
            golden[name] = {"error": f"process failed: {tail}"}
        status = golden[name].get("error", "ok")
        print(f"{name}: {status}")
    tmp = GOLDEN_PATH + ".tmp"
    with open(tmp, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, GOLDEN_PATH)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        run_case(sys.argv[1])
    else:
        main()
