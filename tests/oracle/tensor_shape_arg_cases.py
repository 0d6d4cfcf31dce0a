"""Bad sizes, axes and orders given to the Tensor methods that reshape or reorder: each case
``case(ms)`` (ms: the ``mindspore`` module, or msfunc) returns ``"ok <shape>"`` or the exception
class per call. gen_tensor_shape_args_golden.py records MindSpore 2.10's answers in
tests/golden/tensor_shape_args.json; tests/common/test_tensor_shape_args.py runs the same
cases with msfunc. No top-level import of MindSpore or msfunc.
"""

import numpy as np


def _outcome(run):
    try:
        return f"ok {list(run().shape)}"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


CALLS = {
    "flatten(order=123)": lambda t, T: t.flatten(order=123),
    "flatten(order='X')": lambda t, T: t.flatten(order="X"),
    "flatten(order='F')": lambda t, T: t.flatten(order="F"),
    "flatten(start_dim=1.0)": lambda t, T: t.flatten(start_dim=1.0),
    "reshape((1, 2, 3.5))": lambda t, T: t.reshape((1, 2, 3.5)),
    "reshape(1, 2, 3.5)": lambda t, T: t.reshape(1, 2, 3.5),
    "reshape((True, 6))": lambda t, T: t.reshape((True, 6)),
    "reshape('a')": lambda t, T: t.reshape("a"),
    "reshape(np.int64(3), 2)": lambda t, T: t.reshape(np.int64(3), 2),
    "reshape(np.float32(3), 2)": lambda t, T: t.reshape(np.float32(3), 2),
    "reshape(Tensor(3), 2)": lambda t, T: t.reshape(T(3), 2),
    "reshape(Tensor(3.0), 2)": lambda t, T: t.reshape(T(3.0), 2),
    "reshape([3, 2])": lambda t, T: t.reshape([3, 2]),
    "reshape(None)": lambda t, T: t.reshape(None),
    "view(2.0, 3)": lambda t, T: t.view(2.0, 3),
    "view(True, 6)": lambda t, T: t.view(True, 6),
    "new_ones((2.0, 3))": lambda t, T: t.new_ones((2.0, 3)),
    "new_zeros((True, 3))": lambda t, T: t.new_zeros((True, 3)),
    "repeat(2.0, 1)": lambda t, T: t.repeat(2.0, 1),
    "permute(1.0, 0)": lambda t, T: t.permute(1.0, 0),
    "tile((2.0, 1))": lambda t, T: t.tile((2.0, 1)),
    "sum_to_size(1.0, 3)": lambda t, T: t.sum_to_size(1.0, 3),
    "transpose(1.0, 0)": lambda t, T: t.transpose(1.0, 0),
    "transpose((1.0, 0))": lambda t, T: t.transpose((1.0, 0)),
    "transpose(True, 0)": lambda t, T: t.transpose(True, 0),
    "transpose(0, 0)": lambda t, T: t.transpose(0, 0),
    "transpose(0, 2)": lambda t, T: t.transpose(0, 2),
    "transpose(1, 0, 2)": lambda t, T: t.transpose(1, 0, 2),
    "transpose(-1, 0)": lambda t, T: t.transpose(-1, 0),
    "transpose(np.int64(1), 0)": lambda t, T: t.transpose(np.int64(1), 0),
    "transpose(Tensor(1), 0)": lambda t, T: t.transpose(T(1), 0),
    "transpose([1, 0])": lambda t, T: t.transpose([1, 0]),
    "transpose()": lambda t, T: t.transpose(),
}


def pynative(ms):
    """Each call on a float32 Tensor of shape (2, 3), eagerly."""
    t = ms.Tensor([[1, 2, 3], [4, 5, 6]], dtype=ms.float32)
    return {name: _outcome(lambda c=call: c(t, ms.Tensor)) for name, call in CALLS.items()}


def graph_mode(ms):
    """The bad order, size and axis inside a GRAPH_MODE Cell's construct."""

    class Flatten(ms.nn.Cell):
        def construct(self, x):
            return x.flatten(order=123)

    class Reshape(ms.nn.Cell):
        def construct(self, x):
            return x.reshape((1, 2, 3.5))

    class Transpose(ms.nn.Cell):
        def construct(self, x):
            return x.transpose(1.0, 0)

    t = ms.Tensor([[1, 2, 3], [4, 5, 6]], dtype=ms.float32)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return {
            cls.__name__: _outcome(lambda c=cls: c()(t)) for cls in (Flatten, Reshape, Transpose)
        }
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


CASES = {"pynative": pynative, "graph_mode": graph_mode}
