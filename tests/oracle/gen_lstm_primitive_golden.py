"""Generate tests/golden/lstm_primitive.json: MindSpore 2.10's fused ``ops.LSTM`` CPU kernel
(flat weights) on small random inputs, with and without bias, projection and a backward
direction.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py lstm_primitive
"""

import json
import os
import sys

import numpy as np

# name -> (input_size, hidden_size, num_layers, has_bias, bidirectional, proj_size)
CASES = {
    "plain": (3, 2, 1, True, False, 0),
    "projected": (3, 4, 1, False, False, 2),
    "projected_bias": (3, 4, 1, True, False, 2),
    "bidirectional": (3, 2, 1, True, True, 0),
}


def main(out_path):
    import mindspore as ms
    from mindspore import Tensor, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    rng = np.random.RandomState(15)
    records = {}
    for name, (inp, hidden, layers, bias, bidirectional, proj) in CASES.items():
        dirs, real = (2 if bidirectional else 1), (proj or hidden)
        size = dirs * (4 * hidden * (inp + real) + proj * hidden + (4 * hidden if bias else 0))
        w = rng.uniform(-0.5, 0.5, (size, 1, 1)).astype(np.float32)
        x = rng.randn(3, 2, inp).astype(np.float32)
        h = rng.randn(layers * dirs, 2, real).astype(np.float32)
        c = rng.randn(layers * dirs, 2, hidden).astype(np.float32)
        op = ops.LSTM(inp, hidden, layers, bias, bidirectional, 0.0, proj)
        out = op(Tensor(x), Tensor(h), Tensor(c), Tensor(w))
        records[name] = {
            "args": [inp, hidden, layers, bias, bidirectional, 0.0, proj],
            "inputs": [v.tolist() for v in (x, h, c, w)],
            "outputs": [o.asnumpy().tolist() for o in out[:3]],
        }
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(records, f)
    os.replace(tmp, out_path)
    print(f"wrote {sorted(records)} to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "lstm_primitive.json")
    )
