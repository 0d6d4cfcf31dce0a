"""Golden values from real MindSpore 2.10 (CPU) for `auto_mixed_precision` of a plain function:
the dtypes ops inside it give, nested and jitted, and the levels that refuse a function.

Writes tests/golden/amp_function.json; read by tests/train/test_train_model.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py amp_function

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "amp_function.json"
)


def _dtypes(*outs):
    return [str(o.dtype).lower() for o in outs]


def amp_function_promotes(ms):
    """`auto_mixed_precision(function, "auto")`: ops outside its lists keep their inputs' float
    type, or the widest of mixed ones."""
    ops = ms.ops
    amp = ms.amp.auto_mixed_precision

    def add3(a, b, c):
        return ops.addn([a, b, c])

    def cat3(a, b, c):
        return ops.concat([a, b, c])

    h16 = ms.Tensor([1, 2], ms.float16)
    h32 = ms.Tensor([3, 4], ms.float32)
    addn = amp(add3, "auto")
    cat = amp(cat3, "auto")
    # (concat of mixed types after this call fails inside MindSpore 2.10's CPU kernel choice)
    rec = {"concat": _dtypes(cat(h16, h16, h16))}
    rec["addn"] = _dtypes(addn(h16, h16, h16), addn(h16, h32, h16))
    rec["addn_value"] = addn(h16, h32, h16).asnumpy().tolist()
    return rec


def amp_function(ms):
    """`auto_mixed_precision(function, "auto")`: the matrix product inside runs in float16,
    in nested and jitted calls alike; levels other than "auto" refuse a function."""
    ops = ms.ops
    amp = ms.amp.auto_mixed_precision
    x = ms.Tensor(np.ones([1, 2]), ms.float32)
    y = ms.Tensor(np.ones([2]), ms.float32)
    rec = {}

    def mm(a, b):
        return ops.matmul(a, b)

    def mm2(a, b):
        return ops.matmul(a, b)

    f = amp(mm, "auto", ms.float16)
    rec["matmul"] = _dtypes(f(x, y), ms.jit(f)(x, y))
    rec["matmul_value"] = f(ms.Tensor([[1.0, 2.0]]), ms.Tensor([3.0, 4.0])).asnumpy().tolist()
    rec["plain"] = _dtypes(mm2(x, y))

    inner = amp(mm2, "auto", ms.float16)

    def plus_one(a, b):
        return inner(a, b) + 1

    rec["nested_plus_one"] = _dtypes(plus_one(x, y), ms.jit(plus_one)(x, y))

    @ms.jit
    def graph(a, b):
        return ops.matmul(a, b)

    def pynative(a, b):
        return ops.matmul(a, b)

    def both(a, b):
        return graph(a, b), pynative(a, b)

    rec["jit_inside"] = _dtypes(*amp(both, "auto")(x, y))
    for level in ("O0", "O1", "O2", "O3"):
        try:
            amp(pynative, level)
            rec[f"level_{level}"] = "ok"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[f"level_{level}"] = type(exc).__name__
    try:
        amp(42, "auto")
        rec["not_callable"] = "ok"
    except Exception as exc:  # noqa: BLE001
        rec["not_callable"] = type(exc).__name__
    return rec


def amp_cell_layers(ms):
    """`auto_mixed_precision(cell, "O1")`: the listed layers (Dense, Conv2d) compute in
    float16 and give float32 results; a functional matmul in `construct` stays float32."""
    nn, ops = ms.nn, ms.ops
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.random((3, 5)).astype(np.float32))
    img = ms.Tensor(rng.random((1, 2, 4, 4)).astype(np.float32))
    w = ms.Tensor(rng.random((4, 5)).astype(np.float32))
    b = ms.Tensor((rng.random(4) * 1.37).astype(np.float32))
    k = ms.Tensor(rng.random((3, 2, 3, 3)).astype(np.float32))

    class LayersNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(5, 4, w, b)
            self.conv = nn.Conv2d(2, 3, 3, weight_init=k)

        def construct(self, a, c):
            d = self.dense(a)
            return d, ops.relu(d) + 1, self.conv(c), ops.matmul(a, a.T)

    # (MindSpore's O1 rewrites the network's class, looking its name up in this module)
    globals()["LayersNet"] = LayersNet
    rec = {}
    outs = ms.amp.auto_mixed_precision(LayersNet(), "O1")(x, img)
    rec["O1"] = _dtypes(*outs)
    rec["O1_values"] = [o.asnumpy().tolist() for o in outs[:3]]
    return rec


SCENARIOS = [amp_function_promotes, amp_function, amp_cell_layers]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
