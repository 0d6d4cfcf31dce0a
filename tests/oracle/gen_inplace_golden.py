"""Record what MindSpore 2.10 does with every in-place op of tests/oracle/inplace_cases.py on a
Tensor and on a Parameter, eagerly, under ``ms.jit`` and in a GRAPH_MODE Cell (the target's
values afterwards, the returned values, whether the op returned the target itself, or the
exception class) into tests/golden/inplace.json; and whether the returned Tensor sees a later
write into the target (``alias``: MindSpore returns a new Python object over the same storage).
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py inplace
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from inplace_cases import CASES, REFERENCE, X  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "inplace.json"


def _target(kind):
    return ms.Parameter(ms.Tensor(X), name="target") if kind == "parameter" else ms.Tensor(X)


def _eager(case, kind):
    x = _target(kind)
    return x, case(ms, x)


def _jit(case, kind):
    x = _target(kind)

    def step(target):
        return case(ms, target)

    return x, ms.jit(step)(x)


def _graph(case, kind):
    x = _target(kind)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.target = x

        def construct(self):
            return case(ms, self.target)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return x, Net()()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


RUNS = {"eager": _eager, "jit": _jit, "graph": _graph}


def record(case, run, kind):
    """What one case does in one context: the values or the exception class."""
    try:
        x, out = RUNS[run](case, kind)
        return {
            "x": np.asarray(x.asnumpy(), np.float64).tolist(),
            "out": np.asarray(out.asnumpy(), np.float64).tolist(),
            "out_is_x": out is x,
        }
    except Exception as exc:  # noqa: BLE001  (the class is the answer)
        return {"error": type(exc).__name__}


def alias(kind):
    """The returned Tensor's values after a second write into the target."""
    x = _target(kind)
    out = x.copy_(ms.Tensor(np.full_like(X, 4.0)))
    x.copy_(ms.Tensor(np.full_like(X, 7.0)))
    return np.asarray(out.asnumpy(), np.float64).tolist()


golden = {
    f"{name}/{run}/{kind}": record(case, run, kind)
    for name, case in CASES.items()
    if case in REFERENCE
    for run in RUNS
    for kind in ("tensor", "parameter")
    if not (run == "graph" and kind == "tensor")
}
golden.update({f"alias/eager/{kind}": alias(kind) for kind in ("tensor", "parameter")})
golden["_mindspore"] = ms.__version__
OUT.write_text(
    "{\n"
    + ",\n".join(f"{json.dumps(key)}: {json.dumps(golden[key])}" for key in sorted(golden))
    + "\n}\n"
)
print(f"wrote {OUT}")
