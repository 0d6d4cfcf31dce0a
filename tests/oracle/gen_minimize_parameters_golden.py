"""Record MindSpore 2.10's L-BFGS `minimize` over a Cell that writes the network's Parameters
(tests/oracle/minimize_parameter_cases.py).

Writes tests/golden/minimize_parameters.json, read by tests/scipy/test_minimize_parameters.py::

    python tests/oracle/run.py minimize_parameters
"""

import json
import pathlib

import mindspore as ms
from minimize_parameter_cases import run

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "minimize_parameters.json"

if __name__ == "__main__":
    OUT.write_text(json.dumps(run(ms), indent=1) + "\n")
    print(f"wrote {OUT}")
