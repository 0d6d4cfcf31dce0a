"""Golden values from real MindSpore 2.10 for BiDense, EmbeddingLookup,
MultiFieldEmbeddingLookup, Norm, ClipByNorm, L1Regularizer, MultiClassDiceLoss and FocalLoss's
label shapes (tests/golden/nn_misc.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_misc

Each case is a function ``case(ms, nn)`` returning ``(net, args)``; the same text builds the
MindSpore net here and the msfunc net in ``tests/nn/test_nn_misc_parity.py``. Every input and
Parameter comes from a numpy array fixed by the case (`_array`), never from a framework's
random stream. This module must not import MindSpore or msfunc at top level.
"""

import json
import os
import sys
import zlib

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_misc.json"
)


def _array(key, shape, low=-1.0, high=1.0):
    """A deterministic float32 array for `key`, uniform in [low, high)."""
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    return rng.uniform(low, high, size=shape).astype(np.float32)


def _tensor(ms, value, dtype=None):
    return ms.Tensor(np.asarray(value), dtype or ms.float32)


def _bidense(shape1, shape2, has_bias=True):
    def case(ms, nn):
        in1, in2 = shape1[-1], shape2[-1]
        net = nn.BiDense(
            in1,
            in2,
            2,
            weight_init=_tensor(ms, _array("bd.w", (2, in1, in2))),
            bias_init=_tensor(ms, _array("bd.b", (2,))) if has_bias else None,
            has_bias=has_bias,
        )
        return net, (_tensor(ms, _array("bd.x1", shape1)), _tensor(ms, _array("bd.x2", shape2)))

    return case


_TABLE = np.arange(15, dtype=np.float32).reshape(5, 3) / 7 - 1
_IDS = np.array([[0, 1, 2, 3, 4, 1], [4, 4, 0, 2, 1, 3]], np.int32)
_VALUES = np.array([[1.0, 2.0, -0.5, 0.25, 3.0, 1.5], [0.5, -2.0, 1.0, 0.0, 0.75, 2.0]], np.float32)
_FIELDS = np.array([[0, 0, 1, 1, 2, 0], [2, 2, 0, 3, 0, 1]], np.int32)  # field 3 empty in row 0


def _embedding_lookup(ms, nn):
    net = nn.EmbeddingLookup(5, 3, param_init=_tensor(ms, _TABLE))
    return net, (_tensor(ms, [[0, 4], [6, -1], [2, 2]], ms.int32),)


def _multi_field(operator):
    def case(ms, nn):
        net = nn.MultiFieldEmbeddingLookup(
            5, 3, 4, param_init=_tensor(ms, _TABLE), operator=operator
        )
        return net, (
            _tensor(ms, _IDS, ms.int32),
            _tensor(ms, _VALUES),
            _tensor(ms, _FIELDS, ms.int32),
        )

    return case


def _norm(**kwargs):
    def case(ms, nn):
        return nn.Norm(**kwargs), (_tensor(ms, _array("norm.x", (2, 3, 4))),)

    return case


def _clip(clip_norm, x_dtype="float32"):
    def case(ms, nn):
        x = _array("clip.x", (2, 3), -3.0, 3.0)
        return nn.ClipByNorm(), (_tensor(ms, x, getattr(ms, x_dtype)), _tensor(ms, clip_norm))

    return case


def _l1(ms, nn):
    return nn.L1Regularizer(0.3), (_tensor(ms, _array("l1.w", (3, 4))),)


def _l1_int(ms, nn):
    return nn.L1Regularizer(2), (_tensor(ms, [[1, -2], [3, -4]], ms.int32),)


def _dice(shape, **kwargs):
    def case(ms, nn):
        if "weights" in kwargs:
            kwargs["weights"] = _tensor(ms, kwargs["weights"])
        x = _array("dice.x", shape, 0.0, 1.0)
        labels = np.eye(shape[1], dtype=np.float32)[
            np.random.default_rng(3).integers(0, shape[1], (shape[0],) + shape[2:])
        ]
        labels = np.moveaxis(labels, -1, 1)
        return nn.MultiClassDiceLoss(**kwargs), (_tensor(ms, x), _tensor(ms, labels))

    return case


def _focal(x_shape, labels, label_dtype="int32"):
    def case(ms, nn):
        x = _array("focal.x", x_shape)
        return nn.FocalLoss(reduction="none"), (
            _tensor(ms, x),
            _tensor(ms, labels, getattr(ms, label_dtype)),
        )

    return case


CASES = {
    "bidense_2d": _bidense((4, 3), (4, 2)),
    "bidense_3d_no_bias": _bidense((2, 3, 3), (2, 3, 4), has_bias=False),
    "embedding_lookup": _embedding_lookup,
    "multi_field_sum": _multi_field("SUM"),
    "multi_field_mean": _multi_field("MEAN"),
    "multi_field_max": _multi_field("MAX"),
    "norm_all": _norm(),
    "norm_axis1_keep": _norm(axis=1, keep_dims=True),
    "norm_axes02": _norm(axis=(0, 2)),
    "clip_all": _clip(1.0),
    # (ClipByNorm with an `axis` is checked against numpy in the test: MindSpore 2.10's CPU
    # kernel divides some rows by another row's norm there.)
    "clip_large": _clip(100.0),
    "clip_float16": _clip(np.float16(1.0), x_dtype="float16"),
    "l1_float": _l1,
    "l1_int": _l1_int,
    "dice_softmax": _dice((4, 3)),
    "dice_sigmoid_3d": _dice((2, 3, 5), activation="sigmoid"),
    "dice_softmax_3d": _dice((2, 3, 5)),  # the softmax runs over the last axis
    "dice_weighted_ignore": _dice((4, 3), weights=[[0.5], [2.0], [1.5]], ignore_indiex=1),
    "dice_no_activation": _dice((4, 3), activation=None),
    "focal_labels_batch1": _focal((3, 2), [[1]]),
    "focal_labels_3d_batch1": _focal((2, 3, 2), [[[1, 0]]]),
    "focal_onehot_broadcast": _focal((3, 2), [[0.3, 0.7]], "float32"),
}


def main():
    import mindspore as ms
    from mindspore import nn

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {}
    for name, case in CASES.items():
        net, args = case(ms, nn)
        result = net(*args)
        value = result.asnumpy()
        out[name] = {
            "value": value.astype(np.float64).tolist(),
            "shape": list(value.shape),
            "dtype": str(value.dtype),
        }
    tmp = GOLDEN_PATH + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1)
    os.replace(tmp, GOLDEN_PATH)
    print(f"wrote {len(out)} cases to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
