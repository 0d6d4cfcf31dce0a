"""Op arguments at their edges, one case each: lengths and axes given as Tensors or
``mutable`` values (in PyNative and graph mode, forward and under ``GradOperation``),
negative split sizes, and the results MindSpore's CPU kernels give there.

Each case is a function ``case(ms)`` of the framework module; it returns JSON data (a Tensor
as ``[dtype, shape, values]``, complex values as ``[real, imag]``), an exception as the
names of its built-in types (`error_name`). gen_op_edges_golden.py writes MindSpore 2.10's
answers to tests/golden/op_edges.json; tests/ops/test_op_edges.py runs the same functions with
msfunc.
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


def error_name(exc):
    """The built-in exception types `exc` is an instance of, ``|``-joined
    (``"ValueError|RuntimeError"``), else its type's name."""
    builtin = [
        c.__name__
        for c in type(exc).__mro__
        if c.__module__ == "builtins" and c not in (Exception, BaseException, object)
    ]
    return "|".join(builtin) or type(exc).__name__


def _run(make, *args):
    try:
        return encode(make(*args))
    except Exception as exc:  # noqa: BLE001 - the type is the answer
        return error_name(exc)


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


# -- split points and sizes ----------------------------------------------------------------


def tensor_split_cut_points(ms):
    ops, x = ms.ops, ms.Tensor(np.arange(24).reshape(6, 4))
    points = ([1, 4, 9], [-5, 4, 3, 7], [-18, -14, -2], [-18, -10, -14, 2], (5, 2, 9))
    out = [_run(ops.tensor_split, x, p) for p in points]
    out.append(_run(ops.tensor_split, x, [-3, 3], 1))
    out.append(_run(ops.hsplit, x, [3, -1]))
    out.append(_run(ops.vsplit, x, [-2]))
    return out


def split_sizes(ms):
    ops, x = ms.ops, ms.Tensor(np.arange(12))
    sizes = ([3, -1], [-1, 13], [3, 4], [0, 12], [3, 4, 5], 5, 13)
    return [_run(ops.split, x, s) for s in sizes]


# -- reduction dtypes ----------------------------------------------------------------------


def sum_prod_dtypes(ms):
    """sum / prod / nansum and the Reduce primitives on bools and integers: int64 or the
    input's dtype (uint8 widened, uint16 not), as each of them answers."""
    ops, mint = ms.ops, ms.mint
    out = []
    for dtype in ("bool", "int8", "uint8", "uint16"):
        x = ms.Tensor(np.array([[1, 2, 0], [3, 4, 5]]).astype(dtype))
        out += [
            _run(ops.sum, x, 1),
            _run(mint.sum, x, (0, 1)),
            _run(ops.prod, x, 1),
            _run(mint.prod, x),
            _run(x.sum, 1),
            _run(x.prod, 0),
            _run(ops.ReduceSum(keep_dims=True), x, 1),
            _run(ops.ReduceProd(), x, 0),
            _run(ops.nansum, x, 1),
        ]
    return out


# -- vmap out_axes, triangles ----------------------------------------------------------------


def vmap_one_out_axis(ms):
    ops, x = ms.ops, ms.Tensor(X234)

    def one(a):
        return a * 2

    def two(a):
        return a * 2, a + 1

    return [
        _run(ops.vmap(one, 0, (1,)), x),
        _run(ops.vmap(one, 1, [0]), x),
        _run(ops.vmap(one, 0, (0, 1)), x),
        _run(ops.vmap(one, 0, ((0,),)), x),
        _run(ops.vmap(two, 0, (0,)), x),
        _run(ops.vmap(ops.triu, (0, None), (0,)), x, 1),
    ]


def triangle_tensor_diagonal(ms):
    ops, T, x = ms.ops, ms.Tensor, ms.Tensor(X234)
    return [
        _run(ops.triu, x, T(1)),
        _run(ops.tril, x, ms.mutable(-1)),
        _run(ops.triu, x, T(1.0)),
        _run(ops.tril, x, 1.5),
    ]


def triu_mutable_modes(ms):
    return _in_modes(ms, ms.ops.triu, X234, np.real(DOUT).reshape(2, 3, 4), -1)


# -- GradOperation over numbers -------------------------------------------------------------


def grad_operation_numbers(ms):
    """GradOperation differentiates Tensors only: Python numbers, and in PyNative mode
    `mutable` ones, leave its result (floats too, with no Tensor at all)."""
    ops = ms.ops

    class Net(ms.nn.Cell):
        def construct(self, x, axis, scale):
            return ops.prod(x, axis) * scale

    class Product(ms.nn.Cell):
        def construct(self, a, b):
            return a * b * 3

    class Grad(ms.nn.Cell):
        def __init__(self, grad, net):
            super().__init__()
            self.net, self.grad = net, grad

        def construct(self, *args):
            return self.grad(self.net)(*args)

    x, out = ms.Tensor(X34), []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        out.append(_run(Grad(ops.GradOperation(get_all=True), Net()), x, -1, 2.0))
        out.append(_run(Grad(ops.GradOperation(), Product()), 2.0, 3.0))
        out.append(_run(Grad(ops.GradOperation(get_all=True), Product()), 2.0, 3.0))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    all_grads = Grad(ops.GradOperation(get_all=True), Net())
    out.append(_run(all_grads, x, ms.mutable(1), ms.mutable(2.0)))
    return out


# -- data-dependent shapes ---------------------------------------------------------------


def nonzero_grad_and_strict_graph(ms):
    """nonzero under grad (a zero gradient) and compiled at the STRICT syntax level."""
    ops, x = ms.ops, ms.Tensor(np.array([[0, 1.5, 0], [2, 0, -1]], np.float32))

    def indices(a):
        return ops.nonzero(a)

    out = [_run(ms.grad(indices), x)]
    ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.STRICT)
    try:
        out.append(_run(_op_cell(ms, ops.nonzero), x))
        out.append(_run(_op_cell(ms, ms.grad(indices)), x))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, jit_syntax_level=ms.LAX)
    return out


# -- pooling integers ------------------------------------------------------------------------


def adaptive_max_pool_integers(ms):
    """Adaptive max pooling of integer Tensors (no -inf to pad with), and an empty input."""
    ops, nn = ms.ops, ms.nn
    x8 = ms.Tensor(np.arange(-30, 34).reshape(1, 4, 4, 4).astype(np.int8))
    x32 = ms.Tensor(np.arange(0, 64).reshape(1, 4, 4, 4).astype(np.int32))
    return [
        _run(ops.adaptive_max_pool3d, x32, 2),
        _run(ops.adaptive_max_pool3d, x8, (3, 2, 3), True),
        _run(nn.AdaptiveMaxPool3d((1, 3, 2)), x8),
        _run(ops.adaptive_max_pool2d, ms.Tensor(np.arange(-30, 34).reshape(4, 4, 4), ms.int32), 3),
        _run(nn.AdaptiveMaxPool3d((1, 1, 2)), ms.Tensor(np.zeros((0, 3, 3, 4), np.int32))),
    ]


# -- ROIAlign ----------------------------------------------------------------------------------

FEATURES = np.cos(np.arange(2 * 3 * 7 * 9) * 0.37).reshape(2, 3, 7, 9).astype(np.float32)
ROIS = np.array(
    [
        [0, -2, -2, 21, 21],
        [1, 1.3, 2.2, 5.7, 4.1],
        [0, 3, 3, 3, 3],
        [1, -5, 0.5, 40, 30],
        [0, 6.5, 5.5, 8.9, 6.9],
    ],
    np.float32,
)
# (pooled_height, pooled_width, spatial_scale, sample_num, roi_end_mode)
ROI_SETTINGS = ((3, 3, 0.25, 2, 1), (2, 4, 1.0, 2, 0), (3, 2, 0.5, -1, 1))


def _grad_ops(ms):
    import importlib

    mindspore = ms.__name__ == "mindspore"
    return importlib.import_module(
        "mindspore.ops.operations._grad_ops" if mindspore else "msfunc.compat.grad_ops"
    )


def roi_align_values(ms):
    """ROIAlign on regions inside, across and outside the features (NaN where an adaptive
    bin gets no sample), and ROIAlignGrad of a fixed cotangent, float32 and float16."""
    T, G, out = ms.Tensor, _grad_ops(ms), []
    for ph, pw, scale, samples, end_mode in ROI_SETTINGS:
        op = ms.ops.ROIAlign(ph, pw, scale, samples, end_mode)
        out.append(_run(op, T(FEATURES), T(ROIS)))
        dy = np.sin(np.arange(len(ROIS) * 3 * ph * pw)).reshape(len(ROIS), 3, ph, pw)
        grad = G.ROIAlignGrad(ph, pw, scale, samples)
        out.append(_run(grad, T(dy.astype(np.float32)), T(ROIS), FEATURES.shape))
    half = ms.ops.ROIAlign(3, 3, 0.25, 2, 1)
    out.append(_run(half, T(FEATURES.astype(np.float16)), T(ROIS.astype(np.float16))))
    return out


# every public function below `encode`, in the order written
CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if getattr(fn, "__module__", None) == __name__
    and not name.startswith("_")
    and name not in ("encode", "error_name")
}
