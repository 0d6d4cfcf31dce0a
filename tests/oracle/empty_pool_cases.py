"""Pooling layers given an input with an empty axis (batch or channel): MindSpore's MaxPool
('valid' and 'same') and MaxPool3D refuse an output with a zero dimension, the other pools
return the empty result. ``case(ms)`` (ms: the ``mindspore`` module, or msfunc) returns per
layer ``"ok <shape>"`` or the class of the exception. gen_empty_pool_golden.py records MindSpore
2.10's answers in tests/golden/empty_pool.json; tests/nn/test_empty_pool.py runs the same
cases with msfunc. No top-level import of MindSpore or msfunc.
"""


def empty_inputs(ms):
    """Each layer on zeros of a shape with a zero-length axis, in PyNative mode."""
    import numpy as np

    nn = ms.nn
    layers = {
        "max2d_valid": (nn.MaxPool2d(2), (0, 3, 4, 4)),
        "max2d_same": (nn.MaxPool2d(2, pad_mode="same"), (0, 3, 4, 4)),
        "max2d_pad": (nn.MaxPool2d(2, pad_mode="pad", padding=0), (0, 3, 4, 4)),
        "max2d_no_channels": (nn.MaxPool2d(2), (1, 0, 4, 4)),
        "max2d_unbatched": (nn.MaxPool2d(2), (0, 4, 4)),
        "max1d": (nn.MaxPool1d(2), (0, 3, 4)),
        "max3d": (nn.MaxPool3d(2), (0, 3, 4, 4, 4)),
        "avg2d": (nn.AvgPool2d(2), (0, 3, 4, 4)),
        "max2d_nonempty": (nn.MaxPool2d(2, 2), (1, 3, 4, 4)),
    }
    out = {}
    for name, (layer, shape) in layers.items():
        try:
            out[name] = f"ok {list(layer(ms.Tensor(np.zeros(shape, np.float32))).shape)}"
        except Exception as exc:  # noqa: BLE001 (the class is the answer)
            out[name] = type(exc).__name__
    return out


CASES = {"empty_inputs": empty_inputs}
