"""Golden values for msfunc's saved graphs from real MindSpore 2.10: writes
tests/golden/save_graphs.json.

The scenarios (`save_graphs_cases.py`) ask for saved graphs by environment variable or
`set_context` and record which files appear. Each runs in a fresh MindSpore process:
MindSpore reads some of these settings once, at its first compile. msfunc's
tests/transforms/test_save_graphs.py runs the same functions.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py save_graphs
"""

import json
import os
import subprocess
import sys
import tempfile

from save_graphs_cases import SCENARIOS


def _one(name):
    """Run scenario `name` here and print its record as JSON."""
    import mindspore as ms

    golden = {}
    scenario = {s.__name__: s for s in SCENARIOS}[name]
    with tempfile.TemporaryDirectory() as folder:
        scenario(ms, os.path.join(folder, "graphs"), golden.__setitem__)
    print(json.dumps(golden))


def main():
    if len(sys.argv) > 1:
        _one(sys.argv[1])
        return
    golden = {}
    for scenario in SCENARIOS:
        done = subprocess.run(
            [sys.executable, __file__, scenario.__name__],
            check=True,
            capture_output=True,
            text=True,
        )
        golden.update(json.loads(done.stdout.strip().splitlines()[-1]))
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "save_graphs.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
