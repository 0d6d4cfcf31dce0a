"""Generate tests/golden/cpu_kernel_ops.json from real MindSpore 2.10's CPU kernels kept off
``mindspore.ops`` (``random_ops.Uniform`` ...).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_kernel_ops
"""

import json
import os
import sys

import numpy as np


def uniform(ms):
    """Seeded Uniform: three calls of one primitive (PyNative), two of one in a GRAPH_MODE
    Cell on float64, and one on float16."""
    from mindspore import Tensor, nn
    from mindspore.ops.operations.random_ops import Uniform

    u = Uniform(0.0, 1.0, seed=7, offset=3)
    pynative = [u(Tensor(np.zeros(5), ms.float32)).asnumpy().tolist() for _ in range(3)]
    half = Uniform(0.5, 2.0, seed=3, offset=1)(Tensor(np.zeros(4), ms.float16)).asnumpy()

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.u = Uniform(1.0, 3.0, seed=2, offset=0)

        def construct(self, x):
            return self.u(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    net = Net()
    graph = [net(Tensor(np.zeros((2, 3)), ms.float64)).asnumpy().tolist() for _ in range(2)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"pynative": pynative, "half": half.tolist(), "graph": graph}


def small_kernels(ms):
    """NoRepeatNGram (float16 and float32), ListDiff, UpdateCache, ConcatOffsetV1 and
    TensorCopySlices on fixed inputs."""
    from mindspore import Parameter, Tensor, ops
    from mindspore.ops import operations as P
    from mindspore.ops.operations import _inner_ops
    from mindspore.ops.operations.array_ops import ConcatOffsetV1

    rng = np.random.RandomState(15)
    seq = rng.randint(0, 6, (2, 3, 8)).astype(np.int32)
    logits = rng.uniform(-3, 0, (2, 3, 6)).astype(np.float32)
    blocked = ops.NoRepeatNGram(2)(Tensor(seq), Tensor(logits)).asnumpy()
    blocked3 = ops.NoRepeatNGram(3)(Tensor(seq), Tensor(logits.astype(np.float16))).asnumpy()
    out, idx = ops.ListDiff(out_idx=ms.int64)(
        Tensor(np.array([4, 1, 2, 3, 4, 2, 6], np.int32)), Tensor(np.array([1, 3, 5], np.int32))
    )
    table = Parameter(Tensor(np.arange(20, dtype=np.float32).reshape(5, 4)), name="table")
    indices = np.array([-1, 3, 7, 0], np.int32)
    updates = np.arange(100, 116, dtype=np.float32).reshape(4, 4)
    flag = P.UpdateCache()(table, Tensor(indices), Tensor(updates), 6)
    offsets = ConcatOffsetV1()(
        Tensor(-1, ms.int32),
        (Tensor(np.array([2, 3], np.int32)), Tensor(np.array([2, 1], np.int32))),
    )
    copied = _inner_ops.TensorCopySlices()(
        Tensor(np.zeros((4, 3), np.float32)),
        Tensor(np.full((2, 3), 2.0, np.float32)),
        (1, 0),
        (3, 3),
        (1, 1),
    )
    return {
        "seq": seq.tolist(),
        "logits": logits.tolist(),
        "no_repeat_2": blocked.tolist(),
        "no_repeat_3_half": blocked3.astype(np.float32).tolist(),
        "list_diff": [out.asnumpy().tolist(), idx.asnumpy().tolist(), str(idx.dtype)],
        "update_cache": [indices.tolist(), updates.tolist(), table.asnumpy().tolist()],
        "update_cache_out": flag.asnumpy().tolist(),
        "concat_offsets": [o.asnumpy().tolist() for o in offsets],
        "copy_slices": copied.asnumpy().tolist(),
    }


def combined_nms(ms):
    """CombinedNonMaxSuppression with boxes shared by the classes (clipped) and per class
    (padded per class)."""
    from mindspore import Tensor
    from mindspore.ops.operations import image_ops

    rng = np.random.RandomState(15)
    records = {}
    cases = {
        "shared": (1, False, True, 3, 5, 0.5, 0.2),
        "per_class": (3, True, False, 2, 10, 0.3, 0.1),
    }
    for name, (q, pad, clip, per_class, total, iou, threshold) in cases.items():
        corner = rng.uniform(-0.2, 0.8, (2, 6, q, 2))
        boxes = np.concatenate([corner, corner + rng.uniform(0.1, 0.5, (2, 6, q, 2))], -1)
        boxes = boxes.astype(np.float32)
        scores = rng.uniform(0, 1, (2, 6, 3)).astype(np.float32)
        op = image_ops.CombinedNonMaxSuppression(pad_per_class=pad, clip_boxes=clip)
        out = op(
            Tensor(boxes),
            Tensor(scores),
            Tensor(per_class, ms.int32),
            Tensor(total, ms.int32),
            Tensor(iou, ms.float32),
            Tensor(threshold, ms.float32),
        )
        records[name] = {
            "attrs": [pad, clip],
            "args": [per_class, total, iou, threshold],
            "boxes": boxes.tolist(),
            "scores": scores.tolist(),
            "outputs": [o.asnumpy().tolist() for o in out],
        }
    return records


def main(out_path):
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    record = {
        "uniform": uniform(ms),
        "small_kernels": small_kernels(ms),
        "combined_nms": combined_nms(ms),
    }
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f)
    os.replace(tmp, out_path)
    print(f"wrote {sorted(record)} to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "cpu_kernel_ops.json")
    )
