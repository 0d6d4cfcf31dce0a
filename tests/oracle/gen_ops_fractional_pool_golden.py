"""Generate tests/golden/ops_fractional_pool.npz from real MindSpore 2.10's fractional-pool
gradients (``_grad_ops.FractionalAvgPoolGrad`` / ``FractionalMaxPoolGrad``).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_fractional_pool

The pooling regions are random, so the gradients are taken for fixed, uneven region
boundaries (``rows`` / ``cols``), with and without overlapping regions.
"""

import os
import sys

import numpy as np

rng = np.random.RandomState(5)
X = rng.uniform(-5, 5, (2, 7, 6, 3)).astype(np.float32)
ROWS = np.array([0, 1, 3, 5, 6, 7], np.int64)
COLS = np.array([0, 2, 4, 6], np.int64)
DY = rng.uniform(-1, 1, (2, 5, 3, 3)).astype(np.float32)
# MindSpore 2.10's CPU FractionalMaxPoolGrad routes gradients across channels and batch
# entries when there is more than one of either, so its golden values use one of each
X1, DY1 = X[:1, :, :, :1].copy(), DY[:1, :, :, :1].copy()


def _region_max(overlapping):
    """The forward output for these regions (the gradient takes it as `orig_output`)."""
    out = np.empty(DY1.shape, np.float32)
    extra = 1 if overlapping else 0
    for i in range(len(ROWS) - 1):
        for j in range(len(COLS) - 1):
            block = X1[:, ROWS[i] : ROWS[i + 1] + extra, COLS[j] : COLS[j + 1] + extra]
            out[:, i, j] = block.max(axis=(1, 2))
    return out


def main(out_path):
    import mindspore as ms
    from mindspore import Tensor
    from mindspore.ops.operations import _grad_ops as G

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    arrays = {"x": X, "rows": ROWS, "cols": COLS, "dy": DY}
    rows, cols, dy = Tensor(ROWS), Tensor(COLS), Tensor(DY)
    for overlapping in (False, True):
        avg = G.FractionalAvgPoolGrad(overlapping=overlapping)
        shape = Tensor(np.array(X.shape, np.int64))
        arrays[f"avg_grad_{int(overlapping)}"] = avg(shape, dy, rows, cols).asnumpy()
        mx = G.FractionalMaxPoolGrad(overlapping=overlapping)
        out = Tensor(_region_max(overlapping))
        grad = mx(Tensor(X1), out, Tensor(DY1), rows, cols)
        arrays[f"max_grad_{int(overlapping)}"] = grad.asnumpy()
    tmp = out_path + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, out_path)
    print(f"wrote {len(arrays)} arrays to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "golden", "ops_fractional_pool.npz")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
