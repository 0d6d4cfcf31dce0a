"""Private shape helpers programs import from MindSpore's inner modules (``numpy.utils_const``,
``nn.layer.basic``, ``ops._grad_experimental.grad_array_ops`` / ``grad_math_ops``): each case
``case(h, Tensor)`` calls them (``h`` maps a helper's name to it) and returns JSON data, an error
as its exception class name. gen_shape_helpers_golden.py records MindSpore 2.10's answers in
tests/golden/shape_helpers.json; tests/compat/test_shape_helpers_private.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""

import numpy as np

MODULES = {
    "mindspore.numpy.utils_const": ("_infer_out_shape", "_canonicalize_axis"),
    "mindspore.nn.layer.basic": ("_is_equal_one",),
    "mindspore.ops._grad_experimental.grad_array_ops": ("_generate_inverse_index",),
    "mindspore.ops._grad_experimental.grad_math_ops": (
        "_fft_rank_offset",
        "_rfft_reshape",
        "_rfft_tile_reshape",
        "_rfft_last_term_shape",
    ),
}


def _calls(fn, arg_lists):
    out = []
    for args in arg_lists:
        try:
            value = fn(*args)
        except Exception as exc:  # the class alone: the wording is each framework's own
            out.append(["error", type(exc).__name__])
            continue
        out.append(list(value) if isinstance(value, tuple) else value)
    return out


def infer_out_shape(h, Tensor):
    """Broadcast shapes, ones that do not broadcast, a zero-size dim."""
    args = [((5,), (6, 1), (7, 1, 5), (8, 1, 6, 1)), ((3, 2), (1,)), ((3,), (4,)), ((3,),)]
    return _calls(h["_infer_out_shape"], args + [((2, 0), (1,)), ([2, 1], (3,))])


def canonicalize_axis(h, Tensor):
    """Ints and sequences, negative, out-of-range and duplicate axes, a one-axis tuple."""
    args = [(0, 2), (-1, 2), ((0, -1), 3), ([2, -3], 3), ((2, 0), 3), ((1,), 3)]
    return _calls(h["_canonicalize_axis"], args + [(2, 2), (-3, 2), ((0, 0), 2), ((0, -2), 2)])


def is_equal_one(h, Tensor):
    """Means of one and not one, a scalar Tensor, None."""
    values = [[1.0, 2.0], [1.0, 1.0], [0.0, 2.0], 1.0, [1, 1, 1], [[1.0, 1.0]]]
    out = [bool(h["_is_equal_one"](Tensor(np.array(v)))) for v in values]
    return out + [h["_is_equal_one"](None)]


def generate_inverse_index(h, Tensor):
    """The inverse of moving each axis (negative too) of a few shapes to the front."""
    args = [((3, 2, 3), 2), ((3, 2, 3), 0), ((3, 2, 3), -1), ((3, 2, 3, 4), 1), ((5,), 0)]
    return _calls(h["_generate_inverse_index"], args + [((3, 2, 3, 4), 3)])


def fft_shapes(h, Tensor):
    """The element count of trailing dims and the three rfft gradient reshapes."""
    return {
        "rank_offset": _calls(
            h["_fft_rank_offset"],
            [((1, 2, 3, 4, 5, 10), 3), ((1, 2, 3, 4, 5, 10), 1), ((1, 2, 3), 0), ((2, 3), 3)],
        ),
        "reshape": _calls(
            h["_rfft_reshape"],
            [((1, 2, 3, 4, 5), (2, 5, 7, 8)), ((3, 4), (5,)), ((), (5,)), ((3, 4), ())],
        ),
        "tile_reshape": _calls(
            h["_rfft_tile_reshape"], [((1, 2, 3, 4, 5),), ((4, 5),), ((5,),), ((),)]
        ),
        "last_term_shape": _calls(
            h["_rfft_last_term_shape"],
            [((1, 2, 3, 4, 5), (2, 5, 7, 8)), ((3, 4), (5,)), ((4,), (5, 6)), ((), (5,))],
        ),
    }


CASES = {
    "infer_out_shape": infer_out_shape,
    "canonicalize_axis": canonicalize_axis,
    "is_equal_one": is_equal_one,
    "generate_inverse_index": generate_inverse_index,
    "fft_shapes": fft_shapes,
}
