"""Generate tests/golden/kernel_gaps.npz from real MindSpore 2.10's CPU kernels: gradient
primitives of ``ops.operations._grad_ops`` (vjp-table and written-out ones), PSROIPooling with
its gradient, and the sparse optimizer-update primitives.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py kernel_gaps

Each case is (kind, primitive name, constructor kwargs, inputs); kind "grad" is a class of
``_grad_ops``, "ops" one of ``ops.operations`` and "optim" an optimizer primitive whose leading
inputs (named in ``params``) are Parameters the kernel writes; "array" is a class of
``ops.operations.array_ops``. The npz holds the inputs
(``KEY/in0`` ...), the outputs (``KEY/out0`` ...; for "optim" the Parameters after the step)
and ``cases``, the JSON list tests/ops/test_kernel_gaps_golden.py replays on msfunc.
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(11)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def i32(*values):
    return np.array(values, np.int32)


def s32(value):
    return np.array(value, np.int32)  # a 0-d int32 (MatrixDiagV3's sizes)


def _ps_rois(count, batch):
    index = rng.randint(0, batch, count).astype(np.float32)
    x1, y1 = rng.uniform(-5, 40, count), rng.uniform(-5, 40, count)
    x2, y2 = x1 + rng.uniform(-3, 40, count), y1 + rng.uniform(-3, 40, count)
    return np.stack([index, x1, y1, x2, y2], 1).astype(np.float32)[:, :, None]


IMG = rng.permutation(72).astype(np.float32).reshape(1, 2, 6, 6) / 7  # no ties in a window
_WINDOWS = IMG.reshape(1, 2, 3, 2, 3, 2).transpose(0, 1, 2, 4, 3, 5).reshape(1, 2, 3, 3, 4)
POOLED = _WINDOWS.max(-1)
_PICK = _WINDOWS.argmax(-1)  # the max's place in its 2x2 window
_ROW = np.arange(3)[:, None] * 2 + _PICK // 2
_COL = np.arange(3)[None, :] * 2 + _PICK % 2
PLANE_ARGMAX = (_ROW * 6 + _COL).astype(np.int64)  # counted over each (H, W) plane
SAMPLE_ARGMAX = (PLANE_ARGMAX + np.arange(2)[None, :, None, None] * 36).astype(np.int32)
ROIS = _ps_rois(6, 6)
VAR, SLOT_A, SLOT_B = f32(5, 3), f32(5, 3, lo=0.1, hi=1.0), f32(5, 3, lo=0.1, hi=1.0)
ROWS = f32(3, 3)
UNIQUE, REPEATED = i32(4, 0, 2), i32(2, 0, 2)

CASES = [
    # the vjp table: each a forward op's vjp, in MindSpore's input order
    ("grad", "HShrinkGrad", {"lambd": 0.4}, [f32(3, 4), f32(3, 4)]),
    ("grad", "SoftShrinkGrad", {"lambd": 0.3}, [f32(3, 4), f32(3, 4)]),
    ("grad", "SoftplusGrad", {}, [f32(3, 4), f32(3, 4, lo=-3, hi=3)]),
    (
        "grad",
        "LRNGrad",
        {"depth_radius": 2, "bias": 1.0, "alpha": 0.1, "beta": 0.75},
        [f32(1, 5, 2, 2), f32(1, 5, 2, 2), f32(1, 5, 2, 2)],
    ),
    ("grad", "StridedSliceGrad", {}, [f32(2, 1, 3), (3, 2, 3), (1, 0, 0), (3, 1, 3), (1, 1, 1)]),
    ("grad", "SliceGrad", {}, [f32(1, 2, 2), f32(3, 2, 3), (1, 0, 1), (1, 2, 2)]),
    # written out
    ("grad", "KLDivLossGrad", {"reduction": "batchmean"}, [f32(1), f32(2, 3), f32(2, 3)]),
    (
        "grad",
        "LayerNormGrad",
        {"begin_norm_axis": 1, "begin_params_axis": 1},
        [f32(2, 3), f32(2, 3), f32(2, 1, lo=0.5, hi=1), f32(2, 1), f32(3)],
    ),
    (
        "grad",
        "MaxPoolGradGrad",
        {"kernel_size": 2, "strides": 2, "pad_mode": "VALID"},
        [IMG, POOLED, f32(1, 2, 6, 6)],
    ),
    (
        "grad",
        "MaxPoolGradGradWithArgmax",
        {"kernel_size": 2, "strides": 2, "pad_mode": "VALID"},
        [IMG, f32(1, 2, 6, 6), SAMPLE_ARGMAX],
    ),
    (
        "grad",
        "MaxPoolGradWithArgmaxV2",
        {"kernel_size": 2, "strides": 2},
        [IMG, f32(1, 2, 3, 3), PLANE_ARGMAX],
    ),
    ("grad", "PadV3Grad", {"mode": "reflect"}, [f32(1, 2, 7), i32(2, 1)]),
    (
        "grad",
        "PSROIPoolingGrad",
        {"input_size": (12, 10), "spatial_scale": 0.25, "group_size": 3, "output_dim": 2},
        [f32(6, 2, 3, 3), ROIS],
    ),
    (
        "ops",
        "PSROIPooling",
        {"spatial_scale": 0.25, "group_size": 3, "output_dim": 2},
        [f32(6, 18, 12, 10), ROIS],
    ),
    # ranges of diagonals (k = (low, high)), each alignment of the rows
    ("array", "MatrixDiagPartV3", {"align": "RIGHT_LEFT"}, [f32(2, 3, 4), i32(-1, 2), f32()]),
    ("array", "MatrixDiagPartV3", {"align": "LEFT_RIGHT"}, [f32(4, 3), i32(-2, 0), f32()]),
    (
        "array",
        "MatrixDiagV3",
        {"align": "RIGHT_RIGHT"},
        [f32(2, 3, 3), i32(-1, 1), s32(-1), s32(-1), f32()],
    ),
    (
        "array",
        "MatrixDiagV3",
        {"align": "LEFT_LEFT"},
        [f32(2, 2), i32(0, 1), s32(2), s32(3), f32()],
    ),
    ("array", "MatrixDiagV3", {}, [f32(2), s32(-1), s32(3), s32(-1), f32()]),
    # sparse optimizers: Parameters first, then the call's other inputs
    (
        "optim",
        "FusedSparseAdam",
        {},
        [VAR, SLOT_A, SLOT_B, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, ROWS, REPEATED],
    ),
    (
        "optim",
        "FusedSparseAdam",
        {"use_nesterov": True},
        [VAR, SLOT_A, SLOT_B, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, ROWS, UNIQUE],
    ),
    (
        "optim",
        "FusedSparseLazyAdam",
        {},
        [VAR, SLOT_A, SLOT_B, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, ROWS, REPEATED],
    ),
    (
        "optim",
        "FusedSparseFtrl",
        {"lr": 0.1, "l1": 0.01, "l2": 0.02, "lr_power": -0.5},
        [VAR, SLOT_A, SLOT_B, ROWS, REPEATED],
    ),
    ("optim", "FusedSparseProximalAdagrad", {}, [VAR, SLOT_A, 0.1, 0.01, 0.02, ROWS, REPEATED]),
    ("optim", "SparseApplyAdagrad", {"lr": 0.1}, [VAR, SLOT_A, ROWS, REPEATED]),
    ("optim", "SparseApplyAdagradV2", {"lr": 0.1, "epsilon": 1e-3}, [VAR, SLOT_A, ROWS, UNIQUE]),
    (
        "optim",
        "SparseApplyRMSProp",
        {"rho": 0.8, "momentum": 0.5, "epsilon": 1e-3},
        # MindSpore's kernel wants one gradient row per row of var; a zero gradient keeps ms
        [VAR[:3], SLOT_A[:3], SLOT_B[:3], 0.1, f32(3, 3) * (np.arange(3) > 0), i32(2, 0, 1)],
    ),
]

# how many leading inputs of an "optim" case are Parameters
PARAMS = {
    "FusedSparseAdam": 3,
    "FusedSparseLazyAdam": 3,
    "FusedSparseFtrl": 3,
    "FusedSparseProximalAdagrad": 2,
    "SparseApplyAdagrad": 2,
    "SparseApplyAdagradV2": 2,
    "SparseApplyRMSProp": 3,
}
# scalar inputs MindSpore's kernels take as Tensors
TENSOR_SCALARS = {"FusedSparseProximalAdagrad", "SparseApplyRMSProp"}


def _run(ms, kind, name, kwargs, inputs):
    from mindspore.ops.operations import _grad_ops as G
    from mindspore.ops.operations import array_ops as A
    from mindspore.ops.operations import nn_ops as N

    module = {"grad": G, "array": A}.get(kind, N)
    op = getattr(module, name)(**kwargs)
    args = []
    params = []
    for j, a in enumerate(inputs):
        if kind == "optim" and j < PARAMS[name]:
            params.append(ms.Parameter(ms.Tensor(a.copy()), name=f"p{j}"))
            args.append(params[-1])
        elif isinstance(a, np.ndarray):
            args.append(ms.Tensor(a))
        elif isinstance(a, float) and name in TENSOR_SCALARS:
            args.append(ms.Tensor(a, ms.float32))
        else:
            args.append(a)
    out = op(*args)
    if kind == "optim":
        return [p.asnumpy() for p in params]
    outs = out if isinstance(out, tuple) else (out,)
    return [o.asnumpy() for o in outs]


def main(path):
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    arrays, cases = {}, []
    from mindspore.ops import operations as P

    for k, (kind, name, kwargs, inputs) in enumerate(CASES):
        key = f"c{k:02d}"
        if name == "LRNGrad":  # its third input is the forward's output
            inputs = [inputs[0], inputs[1], P.LRN(**kwargs)(ms.Tensor(inputs[1])).asnumpy()]
        for j, a in enumerate(inputs):
            arrays[f"{key}/in{j}"] = np.asarray(a)
        outs = _run(ms, kind, name, kwargs, inputs)
        for j, o in enumerate(outs):
            arrays[f"{key}/out{j}"] = o
        cases.append(
            {
                "key": key,
                "kind": kind,
                "name": name,
                "kwargs": kwargs,
                "n_in": len(inputs),
                "n_out": len(outs),
                "params": PARAMS.get(name, 0),
                "tensor_scalars": name in TENSOR_SCALARS,
            }
        )
    arrays["cases"] = np.array(json.dumps(cases))
    np.savez_compressed(path, **arrays)
    print(f"wrote {path}: {len(cases)} cases")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "golden", "kernel_gaps.npz")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
