"""Op arguments at their edges, one case each: lengths and axes given as Tensors or
``mutable`` values (in PyNative and graph mode, forward and under ``GradOperation``),
negative split sizes, and the results MindSpore's CPU kernels give there.

Each case is a function ``case(ms)`` of the framework module; it returns JSON data (a Tensor
as ``[dtype, shape, values]``, complex values as ``[real, imag]``), an exception as its
type's name. gen_op_edges_golden.py writes MindSpore 2.10's answers to
tests/golden/op_edges.json; tests/ops/test_op_edges.py runs the same functions with msfunc.
This module must not import MindSpore or msfunc at top level.
"""

import numpy as np

X34 = np.arange(12, dtype=np.float32).reshape(3, 4) / 4 - 1
X234 = np.cos(np.arange(24, dtype=np.float32)).reshape(2, 3, 4)
DOUT = (np.sin(np.arange(24)) + 1j * np.cos(np.arange(24) * 0.5)).astype(np.complex64)


# (case, index of the result) where MindSpore 2.10 answers wrongly, skipped by the test: in
# graph mode with a dynamic input shape, the gradient of fft / irfft given a length `n`
# other than the input's has the output's shape along that axis, not the input's
# (PyNative mode gives the input's shape, as the derivative must).
KNOWN_MINDSPORE_BUGS = {("fft_mutable_modes", 3), ("irfft_mutable_modes", 3)}


def encode(value):
    """A result as JSON data: Tensors as ``[dtype, shape, values]`` (complex values as
    ``[real, imag]``), tuples and lists item by item, numbers as they are."""
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if hasattr(value, "asnumpy"):
        a = value.asnumpy()
        values = [a.real.tolist(), a.imag.tolist()] if np.iscomplexobj(a) else a.tolist()
        return [str(a.dtype), list(a.shape), values]
    if isinstance(value, (np.generic, np.ndarray)):
        return value.tolist()
    return value


def _run(make, *args):
    try:
        return encode(make(*args))
    except Exception as exc:  # noqa: BLE001 - the type is the answer
        return type(exc).__name__


def _op_cell(ms, fn):
    class Net(ms.nn.Cell):
        def construct(self, *args):
            return fn(*args)

    return Net()


def _sens_grad(ms, net, dout):
    """``GradOperation(sens_param=True)`` of `net`'s first input, as a Cell."""

    class Grad(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net
            self.grad = ms.ops.GradOperation(sens_param=True)

        def construct(self, *args):
            return self.grad(self.net)(*args, dout)

    return Grad()


def _in_modes(ms, fn, x, dout, *args):
    """`fn`'s forward and sens-gradient in PyNative and graph mode with the non-Tensor
    arguments `mutable`, the graph-mode Cells compiled for a dynamic shape first."""
    out = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        margs = tuple(ms.mutable(a) for a in args)
        net = _op_cell(ms, fn)
        grad = _sens_grad(ms, _op_cell(ms, fn), ms.Tensor(dout))
        if mode == ms.GRAPH_MODE:
            dyn = ms.Tensor(shape=[None] * x.ndim, dtype=ms.float32)
            net.set_inputs(dyn, *margs)
            grad.set_inputs(dyn, *margs)
        out.append(_run(net, ms.Tensor(x), *margs))
        out.append(_run(grad, ms.Tensor(x), *margs))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


# -- fft lengths and axes ----------------------------------------------------------------


def fft_tensor_args(ms):
    T, ops = ms.Tensor, ms.ops
    x = T(X34)
    return [
        _run(lambda: ops.fft(x, T(2), T(0))),
        _run(lambda: ops.ifft(x, ms.mutable(6), ms.mutable(-1), "ortho")),
        _run(lambda: ops.rfft(x, T(3), 1, "forward")),
        _run(lambda: ops.hfft(x, T(6), T(1))),
        _run(lambda: ops.ihfft(x, T(5))),
    ]


def fftn_tensor_args(ms):
    T, ops = ms.Tensor, ms.ops
    x = T(X234)
    return [
        _run(lambda: ops.fft2(x, (T(2), T(3)))),
        _run(lambda: ops.ifftn(x, ms.mutable((2, 5)), ms.mutable((0, 2)))),
        _run(lambda: ops.rfft2(x, (T(3), T(4)), (T(1), T(2)), "ortho")),
        _run(lambda: ops.irfftn(x, ms.mutable((3, 6)), ms.mutable((1, 2)))),
        _run(lambda: ops.hfft2(x, (T(2), T(4)))),
        _run(lambda: ops.ihfftn(x, (T(2), 3), (0, T(1)))),
    ]


def fft_bad_lengths(ms):
    T, ops = ms.Tensor, ms.ops
    x = T(X34)
    return [
        _run(lambda: ops.fft(x, 2.0, 0)),
        _run(lambda: ops.fft(x, T(2.0), 0)),
        _run(lambda: ops.fft2(x, T(np.array([2, 3], np.int64)))),
    ]


def fft_mutable_modes(ms):
    return _in_modes(ms, ms.ops.fft, X234, DOUT[:12].reshape(1, 3, 4), 1, 0)


def rfft2_mutable_modes(ms):
    dout = DOUT[:18].reshape(2, 3, 3)
    return _in_modes(ms, ms.ops.rfft2, X234, dout, (3, 4), (1, 2))


def irfft_mutable_modes(ms):
    dout = np.real(DOUT[:18]).reshape(2, 3, 3)
    return _in_modes(ms, ms.ops.irfft, X234, dout, 3, -1)


def fftshift_tensor_dims(ms):
    T, ops = ms.Tensor, ms.ops
    x = T(X234)
    return [
        _run(lambda: ops.fftshift(x, T(1))),
        _run(lambda: ops.ifftshift(x, (T(0), 2))),
        _run(lambda: ops.fftshift(x, ms.mutable((0,)))),
    ]


def fftshift_mutable_modes(ms):
    return _in_modes(ms, ms.ops.ifftshift, X234, np.real(DOUT).reshape(2, 3, 4), (0, 2))


# every public function below `encode`, in the order written
CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if getattr(fn, "__module__", None) == __name__
    and not name.startswith("_")
    and name not in ("encode",)
}
