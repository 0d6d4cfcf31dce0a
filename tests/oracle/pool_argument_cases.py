"""The pooling layers' `kernel_size` and `stride` arguments: the attributes a layer keeps and
the exception type a bad argument raises. `cases(nn)` returns JSON data;
gen_pool_arguments_golden.py records MindSpore 2.10's answers in
tests/golden/pool_arguments.json and tests/nn/test_pool_arguments.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""

LAYERS = "MaxPool1d AvgPool1d MaxPool2d AvgPool2d MaxPool3d AvgPool3d".split()
GOOD = {"int": {"kernel_size": 3, "stride": 2}, "tuple": {"kernel_size": 2, "stride": 1}}
BAD = {
    "stride_zero": {"stride": 0},
    "kernel_str": {"kernel_size": "a"},
    "kernel_float_item": {"kernel_size": (2.0, 2)},
    "stride_float": {"stride": 2.3},
    "kernel_bool": {"kernel_size": True},
}


def _plain(value):
    return list(value) if isinstance(value, tuple) else value


def cases(nn):
    """``{layer: {case: [kernel_size, stride] or the exception type's name}}``."""
    out = {}
    for name in LAYERS:
        layer_cls, row = getattr(nn, name), {}
        for case, kwargs in {**GOOD, **BAD}.items():
            try:
                layer = layer_cls(**kwargs)
                row[case] = [_plain(layer.kernel_size), _plain(layer.stride)]
            except Exception as exc:  # noqa: BLE001 - the type is the answer
                row[case] = type(exc).__name__
        out[name] = row
    return out
