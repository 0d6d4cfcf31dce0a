"""Golden values from real MindSpore 2.10 (CPU) for top-k without sorting: the order of the k
entries `ops.topk(..., sorted=False)`, `P.TopK(sorted=False)` and `Tensor.topk` return when k is
less than the row length (the kernel's partition order, which programs read).

Writes tests/golden/topk_unsorted.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py topk_unsorted

The inputs come from a fixed numpy generator and are stored with the results.
"""

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "topk_unsorted.json")


def cases():
    """(name, numpy input, k, dim, largest): permutations, ties, several rows, big rows."""
    rng = np.random.default_rng(31)
    out = []
    for n in (4, 5, 8, 10, 17, 33, 64):
        for k in sorted({1, 2, n // 3 or 1, n // 2, n - 1}):
            x = rng.permutation(n).astype(np.float32)
            out.append((f"perm_n{n}_k{k}", x, k, None, True))
    out.append(("ties", rng.integers(0, 4, 40).astype(np.float32), 9, None, True))
    out.append(("ties_smallest", rng.integers(0, 4, 40).astype(np.float32), 9, None, False))
    out.append(("rows", rng.standard_normal((5, 12)).astype(np.float32), 4, None, True))
    out.append(("rows_smallest", rng.standard_normal((5, 12)).astype(np.float32), 5, None, False))
    out.append(("dim0", rng.standard_normal((11, 3)).astype(np.float32), 3, 0, True))
    out.append(("int32", rng.integers(-50, 50, (3, 20)).astype(np.int32), 6, None, True))
    out.append(("float16", rng.standard_normal(30).astype(np.float16), 7, None, True))
    out.append(("sorted_input", np.arange(50, dtype=np.float32), 10, None, True))
    out.append(("reversed_input", np.arange(50, dtype=np.float32)[::-1].copy(), 10, None, True))
    out.append(("big", rng.standard_normal(500).astype(np.float32), 37, None, True))
    return out


def main():
    import mindspore as ms
    from mindspore import ops
    from mindspore.ops import operations as P

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    for name, x, k, dim, largest in cases():
        t = ms.Tensor(x)
        v, i = ops.topk(t, k, dim=dim, largest=largest, sorted=False)
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
            pv, pi = P.TopK(sorted=False)(t, k)
            entry["primitive_indices"] = pi.asnumpy().tolist()
            entry["primitive_values"] = pv.asnumpy().tolist()
        golden[name] = entry
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f)
    print(f"wrote {len(golden)} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
