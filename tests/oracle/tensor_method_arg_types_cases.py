"""Argument types MindSpore 2.10's Tensor methods refuse with TypeError: sizes that are floats
or bools (reshape, view, repeat, permute, tile, new_zeros, sum_to_size), a keepdim(s) flag of
max/min that is not a bool, an `initial` of max that is not a number.

Each case is a function ``case(ms)`` of the framework module returning JSON data: the result,
or ``{"error": <exception type name>}``. gen_tensor_method_arg_types_golden.py records
MindSpore's answers in tests/golden/tensor_method_arg_types.json;
tests/common/test_tensor_method_arg_types.py runs the same functions with ``ms = msfunc``. This
module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _outcome(run):
    try:
        out = run()
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    out = out[0] if isinstance(out, tuple) else out
    return {"value": np.asarray(out.asnumpy()).tolist()}


def _x(ms):
    return ms.Tensor(np.array([[1.0, 5.0], [4.0, 2.0]], np.float32))


_CALLS = {
    "reshape_float_pair": lambda ms, x: x.reshape(1, 4.0),
    "reshape_float": lambda ms, x: x.reshape(4.0),
    "reshape_tuple_of_float": lambda ms, x: x.reshape((4.0,)),
    "reshape_bool": lambda ms, x: x.reshape(True, 4),
    "reshape_numpy_int": lambda ms, x: x.reshape(np.int64(4)),
    "reshape_int_tensor": lambda ms, x: x.reshape(ms.Tensor(4)),
    "view_float": lambda ms, x: x.view(4.0),
    "repeat_float": lambda ms, x: x.repeat(2.0, 1),
    "permute_float": lambda ms, x: x.permute(1.0, 0),
    "permute_bool": lambda ms, x: x.permute(True, False),
    "tile_float": lambda ms, x: x.tile((2.0, 1)),
    "new_zeros_float": lambda ms, x: x.new_zeros((2.0, 2)),
    "sum_to_size_float": lambda ms, x: x.sum_to_size(1.0, 2),
    "max_keepdims_int": lambda ms, x: x.max(0, 1),
    "max_keepdims_keyword_int": lambda ms, x: x.max(axis=0, keepdims=1),
    "max_keepdim_keyword_int": lambda ms, x: x.max(dim=0, keepdim=1),
    "max_keepdims_list": lambda ms, x: x.max(1, [1]),
    "max_initial_list": lambda ms, x: x.max(0, True, initial=[1]),
    "max_initial_float": lambda ms, x: x.max(0, True, initial=3.0),
    "max_initial_int": lambda ms, x: x.max(axis=0, initial=3),
    "max_keepdims_true": lambda ms, x: x.max(0, True),
    "min_keepdims_int": lambda ms, x: x.min(0, 1),
}


def _case(name):
    def case(ms):
        return _outcome(lambda: _CALLS[name](ms, _x(ms)))

    case.__name__ = name
    return case


CASES = {name: _case(name) for name in _CALLS}
