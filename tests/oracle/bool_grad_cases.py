"""Gradients with respect to bool Tensor inputs: MindSpore casts each op's gradient back to
bool (nonzero is True) where JAX has none. ``case(ms)`` (ms: the ``mindspore`` module, or
msfunc) returns per function and sensitivity the gradients' dtype names and values.
gen_bool_grad_golden.py records MindSpore 2.10's answers in tests/golden/bool_grad.json;
tests/transforms/test_bool_grad.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

_OPS = {}


def _add(a, b):
    return a + b


def _mul(a, b):
    return a * b


def _where(a, b):
    return _OPS["ops"].where(b, a, 2 * a)


def _cast(a, b):
    return _OPS["ops"].cast(b, _OPS["ms"].float32) * a


def _logical(a, b):
    ops = _OPS["ops"]
    return ops.logical_and(b, b).astype(_OPS["ms"].float32) * a


def _plain(grads, ms):
    return [["bool" if g.dtype == ms.bool_ else "float", g.asnumpy().tolist()] for g in grads]


def float_and_bool_inputs(ms):
    """ms.grad of a float and a bool Tensor input, with and without a sensitivity."""
    import numpy as np

    _OPS.update(ops=ms.ops, ms=ms)
    x = ms.Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, 0.6]], np.float32))
    m = ms.Tensor(np.array([[True, True, False], [False, True, False]]))
    sens = ms.Tensor(np.array([[1.0, 2.0, 0.0], [0.0, 3.0, 0.5]], np.float32))
    out = {}
    for fn in (_add, _mul, _where, _cast, _logical):
        with_sens = ms.grad(fn, grad_position=(0, 1), sens_param=True)(x, m, sens)
        out[f"{fn.__name__}/sens"] = _plain(with_sens, ms)
        out[f"{fn.__name__}/ones"] = _plain(ms.grad(fn, grad_position=(0, 1))(x, m), ms)
    return out


CASES = {"float_and_bool_inputs": float_and_bool_inputs}
