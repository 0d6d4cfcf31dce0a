"""Generate tests/golden/generated_grads.npz from real MindSpore 2.10's gradient primitives of
``ops.auto_generate`` (HSigmoidGrad, MaximumGrad, GeLUGrad, NLLLossGrad, GridSampler2DGrad,
UpsampleTrilinear3DGrad, LayerNormGradGrad ...), in the format of gen_compat_grad_ops_golden.py;
read by tests/compat/test_generated_grads.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py generated_grads
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_compat_grad_ops_golden import main  # noqa: E402

rng = np.random.RandomState(19)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def ties(*shape):
    """Small whole numbers as float32, so Maximum/Minimum meet ties."""
    return rng.randint(-2, 3, shape).astype(np.float32)


def _layer_norm_inputs(shape, axis):
    x = f32(*shape, lo=-2, hi=2)
    axes = tuple(range(axis, len(shape)))
    stat = x.shape[:axis] + (1,) * (len(shape) - axis)
    mean = x.mean(axes).reshape(stat).astype(np.float32)
    var = x.var(axes).reshape(stat).astype(np.float32)
    params = shape[axis:]
    return [
        x,
        f32(*shape),
        var,
        mean,
        f32(*params, lo=0.5, hi=2),
        f32(*shape),
        f32(*params),
        f32(*params),
    ]


LOGITS = f32(3, 5, lo=-3, hi=0)
LABELS = np.array([1, 0, 4], np.int32)
WEIGHT = np.array([0.2, 0.3, 0.1, 0.15, 0.25], np.float32)
TOTAL = np.array(WEIGHT[LABELS].sum(), np.float32)

CASES = [
    ("HSigmoidGrad", {}, [f32(2, 6), np.array([[-4, -3, -1, 0, 2.5, 3]] * 2, np.float32)]),
    ("HSigmoidGrad", {}, [f32(7), f32(7, lo=-5, hi=5)]),
    ("MaximumGrad", {}, [ties(2, 3), ties(1, 3), f32(2, 3)]),
    ("MaximumGrad", {"grad_x": False}, [ties(4), ties(4), f32(4)]),
    ("MinimumGrad", {}, [ties(3, 1), ties(3, 4), f32(3, 4)]),
    ("MaximumGradGrad", {}, [ties(2, 3), ties(2, 3), f32(2, 3), f32(2, 3)]),
    ("GeLUGrad", {}, [f32(2, 5), f32(2, 5, lo=-3, hi=3), f32(2, 5)]),
    ("FastGeLUGrad", {}, [f32(2, 5), f32(2, 5, lo=-3, hi=3)]),
    ("PReLUGrad", {}, [f32(2, 3, 4), f32(2, 3, 4), f32(3, lo=0.1, hi=0.5)]),
    ("PReLUGrad", {}, [f32(2, 3), f32(2, 3), f32(1, lo=0.1, hi=0.5)]),
    (
        "NLLLossGrad",
        {"reduction": "mean"},
        [LOGITS, np.array(1.5, np.float32), LABELS, WEIGHT, TOTAL],
    ),
    (
        "NLLLossGrad",
        {"reduction": "sum", "ignore_index": 0},
        [LOGITS, np.array(2.0, np.float32), LABELS, WEIGHT, TOTAL],
    ),
    ("NLLLossGrad", {"reduction": "none"}, [LOGITS, f32(3), LABELS, WEIGHT, TOTAL]),
    ("ResizeNearestNeighborGrad", {}, [f32(1, 2, 5, 3), (3, 4)]),
    ("ResizeNearestNeighborGrad", {"align_corners": True}, [f32(1, 2, 5, 3), (3, 4)]),
    ("ResizeNearestNeighborV2Grad", {}, [f32(1, 2, 5, 7), (3, 4)]),
    ("ResizeNearestNeighborV2Grad", {"half_pixel_centers": True}, [f32(1, 2, 5, 7), (3, 4)]),
    ("GridSampler2DGrad", {}, [f32(1, 2, 3, 3), f32(1, 2, 4, 4), f32(1, 3, 3, 2, lo=-1.1, hi=1.1)]),
    (
        "GridSampler2DGrad",
        {"interpolation_mode": "bilinear", "padding_mode": "border", "align_corners": True},
        [f32(1, 2, 3, 3), f32(1, 2, 4, 4), f32(1, 3, 3, 2, lo=-1.2, hi=1.2)],
    ),
    ("GridSampler3DGrad", {}, [f32(1, 1, 2, 2, 2), f32(1, 1, 3, 3, 3), f32(1, 2, 2, 2, 3)]),
    ("UpsampleNearest3DGrad", {}, [f32(1, 1, 4, 4, 2), (1, 1, 2, 2, 1), [4, 4, 2]]),
    ("UpsampleNearest3DGrad", {}, [f32(1, 1, 3, 5, 2), (1, 1, 2, 3, 2), [3, 5, 2]]),
    ("UpsampleTrilinear3DGrad", {}, [f32(1, 1, 4, 3, 2), (1, 1, 2, 2, 2), [4, 3, 2]]),
    (
        "UpsampleTrilinear3DGrad",
        {"align_corners": True},
        [f32(1, 2, 3, 3, 3), (1, 2, 2, 2, 2), [3, 3, 3]],
    ),
    ("LayerNormGradGrad", {}, _layer_norm_inputs((2, 3), 1)),
    (
        "LayerNormGradGrad",
        {"begin_norm_axis": 1, "begin_params_axis": 1},
        _layer_norm_inputs((2, 2, 3), 1),
    ),
    (
        "LayerNormGradGrad",
        {"begin_norm_axis": -1, "begin_params_axis": -1},
        _layer_norm_inputs((3, 4), 1),
    ),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "generated_grads.npz"),
        CASES,
    )
