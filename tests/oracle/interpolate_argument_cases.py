"""``ops.interpolate`` and ``mint.nn.functional.interpolate`` arguments MindSpore checks: each
case ``case(ops, mint, Tensor)`` calls both on small inputs and returns, per call, the output's
shape and dtype name or the exception class raised. gen_interpolate_arguments_golden.py records
MindSpore 2.10's answers in tests/golden/interpolate_arguments.json;
tests/ops/test_interpolate_arguments.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

import numpy as np


def _outcomes(calls):
    out = []
    for call in calls:
        try:
            y = call()
            out.append([list(y.shape), str(y.dtype).lower()])
        except Exception as exc:  # the class alone: the wording is each framework's own
            out.append(type(exc).__name__)
    return out


def _both(ops, mint, Tensor, shape, dtype, *args, **kwargs):
    x = Tensor(np.ones(shape, dtype))
    return [
        lambda: ops.interpolate(x, *args, **kwargs),
        lambda: mint.nn.functional.interpolate(x, *args, **kwargs),
    ]


def scale_factor_types(ops, mint, Tensor):
    """Int factors (alone, in a list, mixed with floats) per mode, and float ones (where
    MindSpore's CPU build has the kernel for both functions)."""
    calls = []
    for shape, factors, mode in [
        ((2, 2, 2), 2, "nearest"),
        ((2, 2, 2), [2], "linear"),
        ((1, 1, 2, 2), (2, 2), "bilinear"),
        ((1, 1, 2, 2), (2, 2), "bicubic"),
        ((2, 2, 2, 2, 2), [1, 2, 3], "nearest"),
        ((2, 2, 2, 2, 2), [1.0, 2.0, 3], "nearest"),
        ((2, 2, 2, 2, 2), (2, 2, 2), "trilinear"),
        ((2, 2, 2, 2, 2), (2.0, 1.0, 1.5), "trilinear"),
    ]:
        calls += _both(ops, mint, Tensor, shape, np.float32, None, factors, mode=mode)
    return _outcomes(calls)


def scale_factor_lengths(ops, mint, Tensor):
    """Factor sequences longer or shorter than the spatial axes."""
    calls = []
    for shape, factors, mode in [
        ((2, 2, 2, 2, 2), [1.0, 2.0, 3.0, 4.0], "trilinear"),
        ((2, 2, 2, 2, 2), (2.0, 2.0), "trilinear"),
        ((2, 2, 2, 2), [2.0, 2.0, 2.0], "nearest"),
    ]:
        calls += _both(ops, mint, Tensor, shape, np.float32, None, factors, mode=mode)
    return _outcomes(calls)


def input_dtypes(ops, mint, Tensor):
    """Integer, bool, uint8 and float inputs of nearest (1-D to 3-D) and the linear modes."""
    calls = []
    for dtype in (np.int8, np.int16, np.bool_):
        calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), dtype, [3, 4, 5], None)
        calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), dtype, [3, 4, 5], None, "trilinear")
    for dtype in (np.int32, np.uint8, np.float64):
        calls += _both(ops, mint, Tensor, (2, 2, 2), dtype, [3], None)
        calls += _both(ops, mint, Tensor, (2, 2, 2, 2), dtype, [3, 4], None)
    calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), np.uint8, [3, 4, 5], None, "trilinear")
    calls.append(
        lambda: ops.interpolate(Tensor(np.ones((1, 1, 2, 2), np.int32)), [3, 4], None, "bilinear")
    )
    calls.append(lambda: mint.nn.functional.interpolate(Tensor(np.ones((2, 2, 2), np.uint8)), 3))
    return _outcomes(calls)


def sizes(ops, mint, Tensor):
    """Sizes of the wrong length, both or neither of size and scale factor."""
    calls = []
    calls += _both(ops, mint, Tensor, (2, 2, 2, 2), np.float32, [3, 4, 5], None)
    calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), np.float32, [3, 4], None)
    calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), np.float32, [3, 4, 5], [1.0, 2.0, 3.0])
    calls += _both(ops, mint, Tensor, (2, 2, 2, 2, 2), np.float32, None, None)
    return _outcomes(calls)


CASES = {
    "scale_factor_types": scale_factor_types,
    "scale_factor_lengths": scale_factor_lengths,
    "input_dtypes": input_dtypes,
    "sizes": sizes,
}
