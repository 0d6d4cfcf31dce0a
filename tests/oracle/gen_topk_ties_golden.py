"""Golden values from real MindSpore 2.10 (CPU) for sorted top-k over rows with equal values:
the order `ops.topk`, `P.TopK` and `Tensor.topk` give equal entries (the kernel's partition
order kept by its stable sort when k is at most half the row, index order otherwise).

Writes tests/golden/topk_ties.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py topk_ties

The inputs come from a fixed numpy generator and are stored with the results.
"""

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "topk_ties.json")


def cases():
    """(name, numpy input, k, dim, largest): rows of a few distinct values, many lengths."""
    rng = np.random.default_rng(47)
    out = []
    for case in range(60):
        n = int(rng.integers(1, 40))
        k = int(rng.integers(1, n + 1))
        x = rng.integers(0, 5, n).astype(np.float32)
        out.append((f"row{case}_n{n}_k{k}", x, k, None, case % 5 != 4))
    out.append(("rows", rng.integers(0, 3, (6, 15)).astype(np.float32), 4, None, True))
    out.append(("dim0", rng.integers(0, 3, (14, 3)).astype(np.float32), 5, 0, True))
    out.append(("int32", rng.integers(-2, 2, (3, 20)).astype(np.int32), 6, None, True))
    out.append(("float16", rng.integers(0, 4, 30).astype(np.float16), 7, None, True))
    out.append(("distinct", rng.standard_normal((4, 50)).astype(np.float32), 9, None, True))
    return out


def main():
    import mindspore as ms
    from mindspore import ops
    from mindspore.ops import operations as P

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    for name, x, k, dim, largest in cases():
        t = ms.Tensor(x)
        v, i = ops.topk(t, k, dim=dim, largest=largest)
        entry = {
            "input": x.tolist(),
            "dtype": str(x.dtype),
            "k": k,
            "dim": dim,
            "largest": largest,
            "values": v.asnumpy().tolist(),
            "indices": i.asnumpy().tolist(),
        }
        if dim is None and largest:
            entry["primitive_indices"] = P.TopK()(t, k)[1].asnumpy().tolist()
            entry["method_indices"] = t.topk(k)[1].asnumpy().tolist()
        golden[name] = entry
    golden["_mindspore"] = ms.__version__
    tmp = GOLDEN_PATH + ".tmp"
    with open(tmp, "w") as f:
        json.dump(golden, f)
    os.replace(tmp, GOLDEN_PATH)  # (atomic: an interrupted run leaves the old file)
    print(f"wrote {len(golden) - 1} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
