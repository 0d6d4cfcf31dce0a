"""The exception types real MindSpore 2.10's nn.GraphCell raises for a params_init of the
wrong kind (not a dict; a key not a str; a value not a Tensor or Parameter). Writes
tests/golden/graph_cell_args.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py graph_cell_args
"""

import json
import os
import tempfile

import mindspore as ms
import numpy as np
from mindspore import nn

BAD = {
    "array": lambda: np.ones((2, 3), np.float32),
    "array_value": lambda: {"weight": np.ones((2, 3), np.float32)},
    "int_key": lambda: {1: ms.Tensor(np.ones((2, 3), np.float32))},
    "list": lambda: [ms.Tensor(np.ones((2, 3), np.float32))],
}

folder = tempfile.mkdtemp()
path = os.path.join(folder, "dense")
ms.export(
    nn.Dense(3, 2), ms.Tensor(np.ones((2, 3), np.float32)), file_name=path, file_format="MINDIR"
)
graph = ms.load(path + ".mindir")
golden = {}
for name, make in BAD.items():
    try:
        nn.GraphCell(graph, params_init=make())
        golden[name] = None
    except Exception as err:  # noqa: BLE001 - the type is what is recorded
        golden[name] = type(err).__name__
out = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "graph_cell_args.json"
)
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, indent=1)
    f.write("\n")
print(json.dumps(golden))
