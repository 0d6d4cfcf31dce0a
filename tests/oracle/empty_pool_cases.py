"""Pooling layers given an input with an empty axis (batch or channel): MindSpore's MaxPool
('valid' and 'same') and MaxPool3D refuse an output with a zero dimension, the other pools
return the empty result; and average pools whose window is larger than the (padded) input,
which MindSpore refuses. ``case(ms)`` (ms: the ``mindspore`` module, or msfunc) returns per
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


def windows_past_the_input(ms):
    """Average pools (layers and functions) on 2-wide inputs with windows that do or do not
    fit inside the input plus its padding, in PyNative mode."""
    import numpy as np

    nn, ops = ms.nn, ms.ops
    calls = {
        "avg2d_kernel7": (nn.AvgPool2d(7), (1, 2, 2, 2)),
        "avg2d_k3_s1": (nn.AvgPool2d(3, 1), (1, 2, 2, 2)),
        "avg2d_fits": (nn.AvgPool2d(2), (1, 2, 2, 2)),
        "avg2d_unbatched": (nn.AvgPool2d(7), (2, 2, 2)),
        "avg2d_one_axis": (nn.AvgPool2d((1, 3)), (1, 2, 2, 2)),
        "avg2d_pad_fits": (nn.AvgPool2d(3, pad_mode="pad", padding=1), (1, 2, 2, 2)),
        "avg2d_pad_short": (nn.AvgPool2d(5, pad_mode="pad", padding=1), (1, 2, 2, 2)),
        "avg2d_same": (nn.AvgPool2d(7, pad_mode="same"), (1, 2, 2, 2)),
        "avg1d": (nn.AvgPool1d(3), (1, 2, 2)),
        "avg3d": (nn.AvgPool3d(3), (1, 1, 2, 2, 2)),
        "f_avg1d": (lambda x: ops.avg_pool1d(x, 3), (1, 2, 2)),
        "f_avg2d": (lambda x: ops.avg_pool2d(x, 7), (1, 2, 2, 2)),
        "f_avg2d_pad_fits": (lambda x: ops.avg_pool2d(x, 3, 1, 1), (1, 2, 2, 2)),
        "f_avg3d": (lambda x: ops.avg_pool3d(x, 3), (1, 1, 2, 2, 2)),
        "prim_avg": (ops.AvgPool(kernel_size=7), (1, 2, 2, 2)),
        "prim_avg_fits": (ops.AvgPool(kernel_size=2), (1, 2, 2, 2)),
        "mint_f_avg2d": (lambda x: ms.mint.nn.functional.avg_pool2d(x, 7), (1, 2, 2, 2)),
        "mint_avg2d": (ms.mint.nn.AvgPool2d(3, 1, 0), (1, 2, 2, 2)),
    }
    out = {}
    for name, (call, shape) in calls.items():
        try:
            out[name] = f"ok {list(call(ms.Tensor(np.ones(shape, np.float32))).shape)}"
        except Exception as exc:  # noqa: BLE001 (the class is the answer)
            out[name] = type(exc).__name__
    return out


CASES = {"empty_inputs": empty_inputs, "windows_past_the_input": windows_past_the_input}
