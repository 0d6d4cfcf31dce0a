"""Generate tests/golden/ops_nn_primitives.json from real MindSpore 2.10 (nn, conv, loss,
random, fft and vision ops, and primitive classes).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_nn_primitives
Each case names the msfunc module (or "P" for a primitive class), the op, and its inputs; the
test replays the same call on msfunc and compares.
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(0)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


X23 = f32(2, 3)
X45 = f32(4, 5)
IMG = f32(1, 2, 5, 6)
W2 = f32(3, 2, 3, 3)
PROB = rng.uniform(0.05, 0.95, (3, 4)).astype(np.float32)
LAB = (rng.uniform(0, 1, (3, 4)) > 0.5).astype(np.float32)
CLS = np.array([0, 2, 1, 2], np.int32)
LOGITS = f32(4, 3)
LP = np.log(rng.dirichlet(np.ones(4), (6, 2)).astype(np.float32))
BOX_A = np.array([[0.0, 0.0, 4.0, 4.0], [1.0, 1.0, 3.0, 5.0]], np.float32)
BOX_G = np.array([[1.0, 0.0, 5.0, 3.0], [0.0, 1.0, 2.0, 2.0], [2.0, 2.0, 3.0, 3.0]], np.float32)

# (module, name, args, kwargs); module "P" = primitive: name, init args, init kwargs, call args
CASES = [
    ("func_nn", "softmax", [X23], {}),
    ("func_nn", "softmin", [X23], {}),
    ("func_nn", "log_softmax", [X23], {}),
    ("func_nn", "leaky_relu", [X23], {}),
    ("func_nn", "fast_gelu", [X23], {}),
    ("func_nn", "gelu", [X23], {"approximate": "tanh"}),
    ("func_nn", "gelu", [X23], {}),
    ("func_nn", "hardsigmoid", [X23 * 4], {}),
    ("func_nn", "hardswish", [X23 * 4], {}),
    ("func_nn", "softplus", [X23 * 4], {"beta": 2, "threshold": 1}),
    ("func_nn", "selu", [X23], {}),
    ("func_nn", "celu", [X23], {"alpha": 0.5}),
    ("func_nn", "mish", [X23], {}),
    ("func_nn", "softshrink", [X23], {"lambd": 0.3}),
    ("func_nn", "hardshrink", [X23], {"lambd": 0.3}),
    ("func_nn", "hardtanh", [X23 * 3], {}),
    ("func_nn", "logsigmoid", [X23], {}),
    ("func_nn", "glu", [X45[:, :4]], {}),
    ("func_nn", "threshold", [X23, 0.1, 9.0], {}),
    ("func_nn", "tanhshrink", [X23], {}),
    ("func_nn", "silu", [X23], {}),
    ("func_nn", "relu6", [X23 * 9], {}),
    ("func_nn", "softsign", [X23], {}),
    ("func_nn", "elu", [X23], {}),
    ("func_nn", "prelu", [IMG, np.array([0.1, 0.3], np.float32)], {}),
    ("func_nn", "lrn", [IMG], {"depth_radius": 1, "bias": 1.5, "alpha": 0.3, "beta": 0.7}),
    ("func_nn", "one_hot", [np.array([0, 2, 1], np.int32), 3, 5.0, -1.0], {"axis": 0}),
    ("func_nn", "one_hot", [np.array([0, 2, 1], np.int32), 4, 1.0, 0.0], {}),
    ("func_nn", "layer_norm", [X45, (5,), f32(5), f32(5)], {}),
    ("func_nn", "group_norm", [IMG, 2, f32(2), f32(2)], {}),
    ("func_nn", "dense", [X23, f32(4, 3), f32(4)], {}),
    ("func_nn", "bidense", [X23, f32(2, 4), f32(5, 3, 4), f32(5)], {}),
    ("func_nn", "bias_add", [IMG, f32(2)], {}),
    ("func_nn", "sequence_mask", [np.array([1, 3, 0], np.int32), 4], {}),
    ("func_nn", "embedding", [np.array([[0, 2], [1, 1]], np.int32), f32(3, 4)], {}),
    ("func_loss", "binary_cross_entropy", [PROB, LAB], {}),
    ("func_loss", "binary_cross_entropy", [PROB, LAB, f32(3, 4, lo=0.5)], {"reduction": "sum"}),
    (
        "func_loss",
        "binary_cross_entropy_with_logits",
        [X45[:3, :4], LAB, f32(3, 4, lo=0.2), f32(4, lo=0.5)],
        {},
    ),
    ("func_loss", "kl_div", [np.log(PROB), PROB[::-1].copy()], {}),
    ("func_loss", "kl_div", [np.log(PROB), PROB[::-1].copy()], {"reduction": "batchmean"}),
    (
        "func_loss",
        "cross_entropy",
        [LOGITS, CLS],
        {"weight": f32(3, lo=0.5), "label_smoothing": 0.1},
    ),
    ("func_loss", "cross_entropy", [LOGITS, np.eye(3, dtype=np.float32)[CLS] * 0.8 + 0.2 / 3], {}),
    ("func_loss", "nll_loss", [LOGITS, CLS], {"weight": f32(3, lo=0.5)}),
    ("func_loss", "nll_loss", [LOGITS, np.array([0, -100, 1, 2], np.int32)], {}),
    ("func_loss", "smooth_l1_loss", [X23, X23[::-1].copy()], {"beta": 0.5}),
    ("func_loss", "huber_loss", [X23 * 3, X23[::-1].copy()], {"delta": 0.7}),
    ("func_loss", "l1_loss", [X23, X23[::-1].copy()], {"reduction": "sum"}),
    ("func_loss", "mse_loss", [X23, X23[::-1].copy()], {}),
    (
        "func_loss",
        "margin_ranking_loss",
        [X23[0], X23[1], np.array([1.0, -1.0, 1.0], np.float32)],
        {"margin": 0.2},
    ),
    ("func_loss", "soft_margin_loss", [X23, np.sign(X23[::-1]).copy()], {}),
    (
        "func_loss",
        "multi_margin_loss",
        [LOGITS, CLS.astype(np.int64)],
        {"p": 2, "margin": 2, "weight": f32(3, lo=0.5)},
    ),
    (
        "func_loss",
        "multilabel_margin_loss",
        [LOGITS, np.array([[1, -1, 0], [0, 2, -1], [2, 1, 0], [-1, 0, 0]], np.int32)],
        {},
    ),
    ("func_loss", "multilabel_soft_margin_loss", [LOGITS, (LOGITS > 0).astype(np.float32)], {}),
    ("func_loss", "hinge_embedding_loss", [X23, np.sign(X23[::-1]).copy()], {"margin": 0.5}),
    (
        "func_loss",
        "cosine_embedding_loss",
        [X45, X45[::-1].copy(), np.array([1, -1, 1, -1], np.int32)],
        {"margin": 0.1},
    ),
    ("func_loss", "gaussian_nll_loss", [X23, X23[::-1].copy(), f32(2, 3, lo=0.1)], {"full": True}),
    ("func_loss", "triplet_margin_loss", [X45, X45[::-1].copy(), X45 * 0.5], {"margin": 0.5}),
    (
        "func_loss",
        "ctc_loss",
        [
            LP,
            np.array([[1, 2, 1], [3, 3, 0]], np.int32),
            np.array([6, 5], np.int32),
            np.array([3, 2], np.int32),
        ],
        {},
    ),
    ("func_conv", "conv2d", [IMG, W2], {"stride": 2, "pad_mode": "same"}),
    (
        "func_conv",
        "conv2d",
        [IMG, W2, f32(3)],
        {"pad_mode": "pad", "padding": (1, 2), "dilation": (1, 2)},
    ),
    ("func_conv", "conv2d", [f32(1, 4, 5, 5), f32(4, 2, 2, 2)], {"groups": 2}),
    ("func_conv", "conv1d", [f32(2, 3, 7), f32(2, 3, 3)], {"stride": 2, "pad_mode": "same"}),
    (
        "func_conv",
        "conv3d",
        [f32(1, 2, 4, 4, 4), f32(2, 2, 2, 2, 2)],
        {"pad_mode": "pad", "padding": 1},
    ),
    ("func_conv", "avg_pool2d", [IMG, 3, 2, 1, True, False], {}),
    ("func_conv", "avg_pool2d", [IMG, 2, 1], {"divisor_override": 3}),
    ("func_conv", "avg_pool1d", [f32(1, 2, 7), 3, 2, 1], {}),
    ("func_conv", "max_pool2d", [IMG, 3, 2, 1], {"return_indices": True, "ceil_mode": True}),
    ("func_conv", "max_pool3d", [f32(1, 1, 4, 4, 4), 2], {"return_indices": True}),
    ("func_conv", "adaptive_avg_pool2d", [IMG, (3, 4)], {}),
    ("func_conv", "adaptive_avg_pool1d", [f32(1, 2, 6), 3], {}),
    ("func_conv", "adaptive_max_pool2d", [IMG, (2, 4)], {"return_indices": True}),
    ("func_conv", "lp_pool2d", [IMG, 2, 2], {}),
    ("func_conv", "pad", [IMG, (1, 2, 0, 1)], {"mode": "reflect"}),
    ("func_conv", "pad", [IMG, (1, -1, 2, 0)], {"value": 3.0}),
    ("func_conv", "pad", [IMG, (2, 1, 1, 0)], {"mode": "replicate"}),
    ("func_conv", "mirror_pad", [X23, np.array([[1, 1], [2, 0]], np.int32), "SYMMETRIC"], {}),
    (
        "func_conv",
        "interpolate",
        [IMG],
        {"size": (7, 4), "mode": "bilinear", "align_corners": False},
    ),
    (
        "func_conv",
        "interpolate",
        [IMG],
        {"size": (7, 9), "mode": "bilinear", "align_corners": True},
    ),
    ("func_conv", "interpolate", [IMG], {"size": (7, 4), "mode": "bicubic"}),
    ("func_conv", "interpolate", [IMG], {"size": (7, 4), "mode": "nearest"}),
    ("func_conv", "interpolate", [f32(1, 2, 5)], {"size": 8, "mode": "linear"}),
    ("func_conv", "interpolate", [IMG], {"size": (2, 3), "mode": "area"}),
    (
        "func_conv",
        "grid_sample",
        [IMG, f32(1, 3, 4, 2, lo=-1.2, hi=1.2)],
        {"padding_mode": "reflection", "align_corners": False},
    ),
    (
        "func_conv",
        "grid_sample",
        [IMG, f32(1, 3, 4, 2, lo=-1.2, hi=1.2)],
        {"mode": "nearest", "padding_mode": "border", "align_corners": True},
    ),
    ("func_conv", "affine_grid", [f32(1, 2, 3), (1, 1, 3, 4)], {"align_corners": False}),
    ("func_conv", "unfold", [IMG, 2], {"padding": 1, "stride": 2}),
    (
        "func_conv",
        "fold",
        [f32(1, 8, 9), np.array([4, 5], np.int32), 2],
        {"padding": 1, "stride": 2},
    ),
    ("func_conv", "pixel_shuffle", [f32(1, 8, 2, 3), 2], {}),
    ("func_conv", "pixel_unshuffle", [f32(1, 2, 4, 6), 2], {}),
    ("func_conv", "channel_shuffle", [f32(1, 6, 2, 2), 3], {}),
    ("func_fft", "hfft", [X45], {}),
    ("func_fft", "ihfft", [X45], {"norm": "ortho"}),
    ("func_fft", "hfft2", [X45], {}),
    ("func_fft", "ihfftn", [X45], {}),
    ("func_fft", "fftfreq", [5], {}),
    ("func_fft", "rfftfreq", [6, 0.5], {}),
    ("func_fft", "hann_window", [6], {}),
    ("func_fft", "hamming_window", [5, False], {}),
    ("func_fft", "blackman_window", [np.array(7, np.int32)], {}),
    ("func_fft", "kaiser_window", [6], {"beta": 5.0}),
    ("func_fft", "bartlett_window", [np.array(7, np.int32)], {}),
    ("func_vision", "iou", [BOX_A, BOX_G], {}),
    ("func_vision", "iou", [BOX_A, BOX_G], {"mode": "iof"}),
    ("func_vision", "bounding_box_encode", [BOX_A, BOX_G[:2]], {"stds": (0.1, 0.1, 0.2, 0.2)}),
    ("func_vision", "bounding_box_decode", [BOX_A, f32(2, 4), (6, 6)], {}),
    (
        "func_vision",
        "check_valid",
        [
            np.array([[0, 0, 10, 9], [0, 0, 20, 5.0]], np.float32),
            np.array([10.0, 20.0, 1.0], np.float32),
        ],
        {},
    ),
    (
        "func_vision",
        "crop_and_resize",
        [
            f32(2, 4, 5, 1),
            np.array([[0.1, 0.2, 0.9, 0.7], [0, 0, 1, 1.2]], np.float32),
            np.array([1, 0], np.int32),
            (3, 2),
        ],
        {},
    ),
    ("P", "ReduceSum", [], {"keep_dims": True}, [X45, 1]),
    ("P", "ReduceMean", [], {}, [X45, (0, 1)]),
    ("P", "ReduceMax", [True], {}, [X45, 0]),
    ("P", "Argmax", [], {"axis": 0}, [X45]),
    ("P", "ArgMaxWithValue", [], {"axis": 1, "keep_dims": True}, [X45]),
    ("P", "Split", [], {"axis": 1, "output_num": 3}, [f32(2, 6)]),
    ("P", "TopK", [], {}, [X45, 2]),
    ("P", "Sort", [], {"axis": 0, "descending": True}, [X45]),
    ("P", "CumSum", [], {"exclusive": True, "reverse": True}, [X45, 1]),
    ("P", "Cummax", [], {"axis": 0}, [X45]),
    ("P", "Softmax", [], {}, [X45]),
    ("P", "OneHot", [], {}, [np.array([1, 0], np.int32), 3, np.float32(2), np.float32(-1)]),
    ("P", "Gather", [], {}, [X45, np.array([3, 0], np.int32), 0]),
    (
        "P",
        "StridedSlice",
        [],
        {"begin_mask": 1, "shrink_axis_mask": 2},
        [X45, (1, 2), (3, 4), (1, 1)],
    ),
    ("P", "MaxPool", [], {"kernel_size": 3, "strides": 2, "pad_mode": "same"}, [IMG]),
    ("P", "AvgPool", [], {"kernel_size": 3, "strides": 2, "pad_mode": "same"}, [IMG]),
    ("P", "MaxPoolWithArgmax", [], {"kernel_size": 2, "strides": 2}, [IMG]),
    ("P", "Conv2D", [3, 3], {"pad_mode": "pad", "pad": 1}, [IMG, W2]),
    (
        "P",
        "Conv2DBackpropInput",
        [2, 3],
        {"pad_mode": "same", "stride": 2},
        [f32(1, 3, 3, 3), W2, (1, 2, 5, 6)],
    ),
    ("P", "BiasAdd", [], {}, [IMG, f32(2)]),
    ("P", "SoftmaxCrossEntropyWithLogits", [], {}, [LOGITS, np.eye(3, dtype=np.float32)[CLS]]),
    ("P", "SparseSoftmaxCrossEntropyWithLogits", [], {}, [LOGITS, CLS]),
    ("P", "NLLLoss", [], {"reduction": "mean"}, [LOGITS, CLS, f32(3, lo=0.5)]),
    ("P", "LayerNorm", [], {"begin_norm_axis": 1, "begin_params_axis": 1}, [X45, f32(5), f32(5)]),
    ("P", "BatchNorm", [], {}, [IMG, f32(2), f32(2), f32(2), f32(2, lo=0.5)]),
    ("P", "L2Normalize", [], {"axis": 1}, [X45]),
    ("P", "ReduceStd", [], {"axis": 1}, [X45]),
    ("P", "ResizeBilinearV2", [], {}, [IMG, (3, 8)]),
    ("P", "IOU", [], {}, [BOX_A, BOX_G]),
    ("P", "SigmoidCrossEntropyWithLogits", [], {}, [X23, (X23 > 0).astype(np.float32)]),
    ("P", "KLDivLoss", [], {"reduction": "sum"}, [np.log(PROB), PROB[::-1].copy()]),
    ("P", "SmoothL1Loss", [], {}, [X23, X23[::-1].copy()]),
    ("P", "LRN", [], {"depth_radius": 1}, [IMG]),
    ("P", "Concat", [], {"axis": 1}, [(X23, X23)]),
    ("P", "Stack", [1], {}, [(X23, X23)]),
    ("P", "Squeeze", [0], {}, [X23[None]]),
    ("P", "Tile", [], {}, [X23, (2, 1)]),
    ("P", "Transpose", [], {}, [X23, (1, 0)]),
    ("P", "ExpandDims", [], {}, [X23, 1]),
    ("P", "Select", [], {}, [X23 > 0, X23, -X23]),
    ("P", "UnsortedSegmentSum", [], {}, [X45, np.array([0, 2, 0, 1], np.int32), 3]),
    ("P", "TensorScatterAdd", [], {}, [X45, np.array([[0], [2]], np.int32), f32(2, 5)]),
    (
        "P",
        "ScatterNd",
        [],
        {},
        [np.array([[0, 1], [2, 2]], np.int32), np.array([1.0, 2.0], np.float32), (3, 4)],
    ),
    ("P", "MatMul", [], {"transpose_b": True}, [X23, X45[:, :3]]),
    ("P", "Range", [], {}, [np.float32(0.5), np.float32(3), np.float32(0.7)]),
    # the resize flags' rules, bicubic's legacy coordinates, Cross's unset dim (first of size 3)
    ("P", "ResizeBicubic", [], {}, [IMG, np.array([3, 8], np.int32)]),
    (
        "P",
        "ResizeNearestNeighborV2",
        [],
        {"align_corners": True},
        [IMG, np.array([3, 8], np.int32)],
    ),
    (
        "P",
        "ResizeNearestNeighborV2",
        [],
        {"half_pixel_centers": True},
        [IMG, np.array([3, 8], np.int32)],
    ),
    ("P", "ResizeNearestNeighbor", [(3, 8)], {"align_corners": True}, [IMG]),
    ("P", "Cross", [], {}, [X23.T.copy(), X23[::-1].T.copy()]),
]


def enc(v):
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "f":
            return {"__array__": v.astype(np.float64).round(7).tolist(), "dtype": str(v.dtype)}
        return {"__array__": v.tolist(), "dtype": str(v.dtype)}
    if isinstance(v, np.generic):
        return {"__array__": v.item(), "dtype": str(v.dtype)}
    if isinstance(v, tuple):
        return {"__tuple__": [enc(i) for i in v]}
    if isinstance(v, list):
        return [enc(i) for i in v]
    if isinstance(v, dict):
        return {k: enc(i) for k, i in v.items()}
    return v


def main():
    import mindspore as ms
    import mindspore.ops as ops

    def to_ms(v):
        if isinstance(v, (np.ndarray, np.generic)):
            return ms.Tensor(v)
        if isinstance(v, tuple) and v and isinstance(v[0], np.ndarray):
            return tuple(ms.Tensor(i) for i in v)
        return v

    def out_np(o):
        if isinstance(o, (tuple, list)):
            return [out_np(i) for i in o]
        a = o.asnumpy() if hasattr(o, "asnumpy") else np.asarray(o)
        if np.iscomplexobj(a):
            return {"real": a.real.tolist(), "imag": a.imag.tolist()}
        if a.dtype == np.bool_:
            return a.tolist()
        return (
            np.vectorize(lambda t: float(f"{t:.7g}"))(a.astype(np.float64)).tolist()
            if a.size
            else a.tolist()
        )

    cases, skipped = [], []
    for case in CASES:
        try:
            if case[0] == "P":
                _, name, iargs, ikw, cargs = case
                out = getattr(ops, name)(*iargs, **ikw)(*[to_ms(a) for a in cargs])
                rec = {
                    "module": "P",
                    "name": name,
                    "init_args": enc(iargs),
                    "init_kwargs": enc(ikw),
                    "args": enc(cargs),
                }
            else:
                mod, name, args, kw = case
                fn = getattr(ops, name)
                if mod == "func_fft" and name in ("fftfreq", "rfftfreq"):
                    out = fn(*args, **kw)
                else:
                    out = fn(*[to_ms(a) for a in args], **{k: to_ms(v) for k, v in kw.items()})
                rec = {"module": mod, "name": name, "args": enc(args), "kwargs": enc(kw)}
            rec["out"] = out_np(out)
            cases.append(rec)
        except Exception as e:  # noqa: BLE001 - record what MindSpore cannot run on CPU
            skipped.append(f"{case[1]}: {type(e).__name__}: {str(e).splitlines()[0][:100]}")
    path = os.path.join(os.path.dirname(__file__), "..", "golden", "ops_nn_primitives.json")
    with open(path, "w") as fh:
        json.dump({"mindspore": ms.__version__, "cases": cases, "skipped": skipped}, fh)
    print(f"{len(cases)} cases written, {len(skipped)} skipped", file=sys.stderr)
    for s in skipped:
        print("  skipped", s, file=sys.stderr)


if __name__ == "__main__":
    main()
