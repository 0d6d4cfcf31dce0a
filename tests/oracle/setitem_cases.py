"""Tensor setitem programs run by real MindSpore 2.10 (golden values) and by msfunc (the tests).

Each case is ``case(ms)`` over the framework module ``ms``: an ordinary MindSpore
program returning a dict of results (Tensors, numbers or exception class names).
`gen_setitem_golden.py` runs them with MindSpore and writes tests/golden/setitem.json;
`tests/common/test_tensor_setitem.py` runs the very same functions with ``ms = msfunc``.
This module imports neither framework.
"""

import numpy as np


def f32(values):
    return np.asarray(values, dtype=np.float32)


def grid(ms):
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))


def error_name(fn):
    """The class name of the exception `fn` raises, or 'no error'."""
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the class is the result
        return type(exc).__name__
    return "no error"


def cast_to_int(ms):
    """Float values written into an integer Tensor truncate toward zero."""
    x = ms.Tensor(np.arange(6, dtype=np.int32))
    x[0] = 2.7
    x[1] = -2.7
    x[2:4] = [1.5, -1.5]
    x[4] = ms.Tensor(np.array(-3.9))
    return {"x": x}


def cast_wraps(ms):
    """Out-of-range integers wrap around; nonzero values become True; float16 overflows to inf."""
    u = ms.Tensor(np.zeros(3, np.uint8))
    u[0] = -1
    u[1] = 300
    i = ms.Tensor(np.zeros(2, np.int8))
    i[0] = 200
    b = ms.Tensor(np.zeros(3, np.bool_))
    b[0] = 2
    b[1] = 0.5
    h = ms.Tensor(np.zeros(2, np.float16))
    h[0] = 1e5
    return {"u": u, "i": i, "b": b, "h": h}


def int_values_into_float(ms):
    x = grid(ms)
    x[0] = ms.Tensor([1, 2, 3, 4])
    x[1] = True
    x[2, 1:3] = (7, 8)
    return {"x": x}


def list_indices(ms):
    """A list holding lists or Tensors indexes like a tuple; a flat bool list is a mask."""
    a = grid(ms)
    a[[[0, 1], [2, 2]]] = -1.0
    b = grid(ms)
    b[[ms.Tensor(0), 1]] = -2.0
    c = grid(ms)
    c[[True, False, True]] = -3.0
    d = grid(ms)
    d[[2, 0]] = ms.Tensor(f32([[1, 2, 3, 4], [5, 6, 7, 8]]))
    e = ms.Tensor(np.arange(6, dtype=np.int32))
    e[[0, 0, 1, -6]] = ms.Tensor(np.array([5, 6, 7, 8], np.int32))  # the last write wins
    f = grid(ms)
    f[ms.Tensor([1, 1]), ms.Tensor([2, 2])] = ms.Tensor(f32([-1, -2]))
    return {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f}


def boolean_masks(ms):
    a = grid(ms)
    a[a > 8] = ms.Tensor(f32([1, 2, 3]))
    b = grid(ms)
    b[ms.Tensor([True, False, True])] = ms.Tensor(f32([1, 2, 3, 4]))
    c = grid(ms)
    c[ms.Tensor([True, False, True])] = ms.Tensor(f32([[1, 1, 1, 1], [2, 2, 2, 2]]))
    d = grid(ms)
    d[True] = 1.0
    e = grid(ms)
    e[ms.Tensor(False)] = 2.0
    f = grid(ms)
    f[:, ms.Tensor([True, False, True, False])] = 9.0
    g = grid(ms)
    g[ms.Tensor([False, True, True]), 1] = ms.Tensor(f32([-1, -2]))
    return {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f, "g": g}


def mixed_tuples(ms):
    a = ms.Tensor(np.zeros((2, 3, 4), np.float32))
    a[ms.Tensor([0, 1]), :, ms.Tensor([1, 2])] = ms.Tensor(
        np.arange(6, dtype=np.float32).reshape(2, 3)
    )
    b = grid(ms)
    b[..., 1] = ms.Tensor(f32([1, 2, 3]))
    c = grid(ms)
    c[1, [0, 2]] = ms.Tensor(f32([5, 6]))
    d = grid(ms)
    d[ms.Tensor(1)] = 5.0
    e = grid(ms)
    e[-1, -2] = -1.0
    e[0:2, 1:4:2] = ms.Tensor(f32([[10, 11], [12, 13]]))
    return {"a": a, "b": b, "c": c, "d": d, "e": e}


def augmented(ms):
    """``x[i] += v`` reads, adds and writes: a repeated index adds once."""
    x = ms.Tensor(np.arange(6, dtype=np.int32))
    x[ms.Tensor([0, 0])] += 1
    x[1] += 1.5
    y = grid(ms)
    y[1:, ::2] -= ms.Tensor(f32([[1, 2], [3, 4]]))
    y[0] *= 2.0
    return {"x": x, "y": y}


def parameter_writes(ms):
    p = ms.Parameter(ms.Tensor(f32([1, 2, 3])), name="p")
    p[0] = 5.0
    p[1] += 3.0
    p[ms.Tensor([False, False, True])] = -1.0
    return {"p": p, "is_parameter": type(p).__name__ == "Parameter"}


def out_of_range(ms):
    """Which exception class an out-of-range index raises."""
    x = grid(ms)

    def write(index):
        def run():
            x[index] = 1.0

        return run

    return {
        "int": error_name(write(3)),
        "negative_int": error_name(write(-4)),
        "second_dim": error_name(write((0, 4))),
        "list": error_name(write([0, 3])),
        "tensor": error_name(write(ms.Tensor([0, 3]))),
        "mask_length": error_name(write(ms.Tensor([True, False]))),
        "mask_of_more_dims": error_name(write(ms.Tensor(np.ones((3, 4, 2), bool)))),
        "ints_of_more_dims": error_name(write((0, 0, 0))),
        "value_shape": error_name(lambda: x.__setitem__(0, ms.Tensor(f32([1, 2])))),
    }


# -- gradients through a setitem (ms.grad) -------------------------------------------------
# Each loss is ``loss(ms) -> (f, inputs)``: the gradient of `f` at the numpy `inputs`
# (every input differentiated) is the golden value; the tests also check it by finite
# differences and under jit.
def loss_overwrite(ms):
    def f(x):
        y = x * 1
        y[0] = x[1] ** 2
        return y.sum()

    return f, (f32([1, 2, 3]),)


def loss_slice_value(ms):
    def f(x, w):
        y = x * 1
        y[1:, ::2] = w * 2
        return (y * y).sum()

    return f, (
        np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4),
        f32([[0.5, -1.0], [2.0, 0.25]]),
    )


def loss_mask(ms):
    def f(x, v):
        y = x * 2
        y[x > 1.5] = v * 3
        return (y * x).sum()

    return f, (f32([1, 2, 0.5, 3]), f32(0.7))


def loss_mask_values(ms):
    def f(x, v):
        y = x * 1
        y[x > 1.5] = v * v  # one value per selected element
        return (y * y * x).sum()

    return f, (f32([1, 2, 0.5, 3]), f32([0.5, -1.5]))


def loss_int_tensor_index(ms):
    def f(x, v):
        y = x * 1
        y[ms.Tensor([2, 0])] = v**2
        return (y * ms.Tensor(f32([1, 2, 3]))).sum()

    return f, (f32([1, 2, 3]), f32([0.5, -2]))


def loss_augmented(ms):
    def f(x):
        y = x * 1
        y[1] += x[0] * 3
        y[0] -= x[2]
        return (y**2).sum()

    return f, (f32([1, 2, 3]),)


def loss_repeated_index(ms):
    def f(x, v):
        y = x * 1
        y[ms.Tensor([0, 2, 0])] = v * 2  # the first write to position 0 is overwritten
        return (y * ms.Tensor(f32([1, 2, 3]))).sum()

    return f, (f32([1, 2, 3]), f32([5, 6, 7]))


# MindSpore 2.10 also sends a gradient to an overwritten write (dv[0] = 2 here); msfunc's
# gradient is the derivative of the function (dv[0] = 0), as finite differences confirm.
KNOWN_DIFFERENCES = [loss_repeated_index]

GRAD_LOSSES = [
    loss_overwrite,
    loss_slice_value,
    loss_mask,
    loss_mask_values,
    loss_int_tensor_index,
    loss_augmented,
]


def gradients(ms, loss, transform=None):
    """``{"d0": ..., "d1": ...}``: ms.grad of the loss at its inputs, optionally transformed."""
    f, inputs = loss(ms)
    position = tuple(range(len(inputs))) if len(inputs) > 1 else 0
    grad_fn = ms.grad(f, grad_position=position)
    if transform is not None:
        grad_fn = transform(grad_fn)
    out = grad_fn(*(ms.Tensor(a) for a in inputs))
    return {f"d{i}": g for i, g in enumerate(out if isinstance(out, tuple) else (out,))}


def grad_parameter_write(ms):
    """A setitem on a Parameter inside grad: committed once, gradient through the new value."""
    p = ms.Parameter(ms.Tensor(f32([1, 2, 3])), name="p")

    def f(x):
        p[1] += 1.0
        return (p * x).sum()

    dp = ms.grad(f, grad_position=None, weights=[p])(ms.Tensor(f32([4, 5, 6])))
    return {"dp": dp[0], "p_after": p}


CASES = [
    cast_to_int,
    cast_wraps,
    int_values_into_float,
    list_indices,
    boolean_masks,
    mixed_tuples,
    augmented,
    parameter_writes,
    out_of_range,
    grad_parameter_write,
]
