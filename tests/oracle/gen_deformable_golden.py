"""Golden values of deformable convolution from MindSpore 2.10 (CPU): DeformableOffsets, its
gradient kernel DeformableOffsetsGrad and ops.deformable_conv2d on seeded random inputs.

Run with ``python tests/oracle/run.py deformable``; writes tests/golden/deformable.npz.
"""

import os

import mindspore as ms
import numpy as np
from mindspore import ops
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations import nn_ops

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden", "deformable.npz")

# (batch, channels, H, W, kernel, strides, pads, dilations, deformable groups, format, dtype)
CASES = [
    (1, 4, 5, 6, (2, 3), (1, 1, 2, 1), (1, 0, 2, 1), (1, 1, 1, 2), 2, "NCHW", "float32"),
    (2, 2, 4, 4, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0), (1, 1, 1, 1), 1, "NCHW", "float32"),
    (1, 3, 4, 5, (3, 2), (1, 1, 1, 1), (1, 1, 0, 1), (1, 1, 1, 1), 1, "NHWC", "float32"),
    (1, 2, 4, 4, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0), (1, 1, 1, 1), 1, "NCHW", "float16"),
]


def out_size(size, pad, k, stride, dilation):
    return (size + pad - (dilation * (k - 1) + 1)) // stride + 1


def main():
    rng = np.random.default_rng(7)
    record = {}
    for n, (b, c, h, w, k, st, pad, dil, dg, fmt, dtype) in enumerate(CASES):
        hw = (1, 2) if fmt == "NHWC" else (2, 3)
        ho = out_size(h, pad[0] + pad[1], k[0], st[hw[0]], dil[hw[0]])
        wo = out_size(w, pad[2] + pad[3], k[1], st[hw[1]], dil[hw[1]])
        x = rng.standard_normal((b, c, h, w)).astype(dtype)
        off = (rng.standard_normal((b, 3 * dg * k[0] * k[1], ho, wo)) * 1.5).astype(dtype)
        if fmt == "NHWC":
            x, off = x.transpose(0, 2, 3, 1), off.transpose(0, 2, 3, 1)
        if fmt == "NCHW":
            op = nn_ops.DeformableOffsets(st, pad, k, dil, fmt, dg)
            y = op(ms.Tensor(x), ms.Tensor(off)).asnumpy()
            record[f"{n}_out"] = y
            dout = rng.standard_normal(y.shape).astype(dtype)
        else:  # (MindSpore's forward infers NCHW offsets only: its gradient kernel alone)
            dout = rng.standard_normal((b, ho * k[0], wo * k[1], c)).astype(dtype)
        grad = G.DeformableOffsetsGrad(st, pad, k, dil, fmt, dg)
        dx, doff = grad(ms.Tensor(dout), ms.Tensor(x), ms.Tensor(off))
        record.update({f"{n}_x": x, f"{n}_offsets": off, f"{n}_dout": dout})
        record.update({f"{n}_dx": dx.asnumpy(), f"{n}_doffsets": doff.asnumpy()})
    # ops.deformable_conv2d with bias, groups and deformable groups
    x = rng.standard_normal((2, 4, 6, 5)).astype(np.float32)
    weight = rng.standard_normal((6, 2, 3, 2)).astype(np.float32)
    bias = rng.standard_normal(6).astype(np.float32)
    off = rng.standard_normal((2, 3 * 2 * 6, 3, 2)).astype(np.float32)
    out = ops.deformable_conv2d(
        ms.Tensor(x),
        ms.Tensor(weight),
        ms.Tensor(off),
        (3, 2),
        (1, 1, 2, 2),
        (1, 0, 0, 0),
        ms.Tensor(bias),
        (1, 1, 1, 1),
        2,
        2,
    )
    record.update(conv_x=x, conv_weight=weight, conv_bias=bias, conv_offsets=off)
    record["conv_out"] = out.asnumpy()
    np.savez_compressed(GOLDEN, **record)
    print("wrote", GOLDEN, sorted(record))


if __name__ == "__main__":
    main()
