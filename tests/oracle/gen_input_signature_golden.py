"""Record real MindSpore 2.10's placeholder Tensors (``Tensor(shape=[None, 3], dtype=...)``) and
`Cell.set_inputs` checks in tests/golden/input_signature.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py input_signature
"""

import json
import pathlib

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "input_signature.json"

PLACEHOLDERS = [
    ([None, 3], "float32"),
    ([-1, 3], "float32"),
    ([None], "float32"),
    ([-2], "float32"),
    ([None, None, 2], "int32"),
    ([2, None], "float16"),
    (None, "float32"),
]  # shape=None with a dtype: any rank
BAD_CONSTRUCTIONS = {
    "no_dtype": dict(shape=[None, 3]),
    "with_init": dict(shape=[None, 3], dtype=ms.float32, init="ones"),
    "nothing": {},
}


def error_name(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the class is what is recorded
        return type(exc).__name__
    return None


def placeholder_record(shape, dtype):
    t = Tensor(shape=shape, dtype=getattr(ms, dtype))
    return {
        "shape_in": shape,
        "dtype_in": dtype,
        "repr": repr(t),
        "shape": list(t.shape),
        "dtype": str(t.dtype),
        "ndim": t.ndim,
        "size": t.size,
        "str_error": error_name(lambda: str(t)),
        "asnumpy_error": error_name(t.asnumpy),
    }


class Affine(nn.Cell):
    """y = x @ w + b with fixed weights."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) / 4), name="w")
        self.b = ms.Parameter(Tensor(np.array([0.5, -1.0], np.float32)), name="b")

    def construct(self, x):
        return ms.ops.matmul(x, self.w) + self.b


def set_inputs_records():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Affine()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    records = {}
    for rows in (1, 4):
        x = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3) - 2
        records[f"rows_{rows}"] = {"x": x.tolist(), "out": net(Tensor(x)).asnumpy().tolist()}
    bad = {
        "static_dim": np.ones((4, 4), np.float32),
        "rank": np.ones((4, 3, 1), np.float32),
        "dtype": np.ones((4, 3), np.float64),
    }
    for name, x in bad.items():
        records[f"error_{name}"] = error_name(lambda x=x: net(Tensor(x)))
    records["error_count"] = error_name(
        lambda: net(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 3), np.float32)))
    )
    by_name = Affine()
    by_name.set_inputs(x=Tensor(shape=[None, 3], dtype=ms.float32))
    records["by_name_error_dtype"] = error_name(lambda: by_name(Tensor(np.ones((2, 3), np.int32))))
    records["get_inputs"] = [repr(t) for t in net.get_inputs()]
    # A 0-d value where every declared dim is dynamic is taken; one of rank 1 for [None, None]
    # is not. (A 0-d value for [None, 3] aborts MindSpore's process: not recorded.)
    for name, shape, value in (
        ("scalar_for_none", [None], np.float32(1.5)),
        ("scalar_for_none_none", [None, None], np.float32(1.5)),
        ("vector_for_none_none", [None, None], np.ones(3, np.float32)),
    ):
        double = Double()
        double.set_inputs(Tensor(shape=shape, dtype=ms.float32))
        try:
            records[name] = double(Tensor(value)).asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the class is what is recorded
            records[name] = type(exc).__name__
    return records


class Double(nn.Cell):
    """2 * x."""

    def construct(self, x):
        return x * 2


def main():
    golden = {
        "placeholders": [placeholder_record(s, d) for s, d in PLACEHOLDERS],
        "bad_constructions": {
            k: error_name(lambda kw=kw: Tensor(**kw)) for k, kw in BAD_CONSTRUCTIONS.items()
        },
        "set_inputs": set_inputs_records(),
    }
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(golden, indent=1) + "\n")
    tmp.replace(OUT)
    print(json.dumps(golden, indent=1))


if __name__ == "__main__":
    main()
