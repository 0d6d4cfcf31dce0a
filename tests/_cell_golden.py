"""The nn Cell tests' shared checks: a case of a tests/oracle/ Cell script against its MindSpore
2.10 golden output, and gradients by central finite differences."""

import importlib.util
import json
import sys

import numpy as np
from _paths import ORACLE

import msfunc as ms
from msfunc import nn

if str(ORACLE) not in sys.path:  # (the case scripts import their shared module)
    sys.path.insert(0, str(ORACLE))
from nn_cell_cases import fixed_array  # noqa: E402 - the tests build their own inputs with it

__all__ = ["check_case", "fixed_array", "input_grad", "load", "numeric_grad", "weight_grad"]


def load(script):
    """(the oracle case module ``tests/oracle/<script>.py``, its golden cases by name)."""
    spec = importlib.util.spec_from_file_location(script, ORACLE / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(module.GOLDEN_PATH) as f:
        return module, json.load(f)["cases"]


def check_case(oracle, golden, name):
    """Build case ``name`` with msfunc and compare its output with MindSpore's."""
    net, args = oracle.CASES[name](ms, nn)
    got = np.asarray(net(*args))
    want = golden[name]
    assert list(got.shape) == want["shape"]
    assert str(got.dtype) == want["dtype"]
    tol = 2e-3 if "float16" in name else 2e-5
    np.testing.assert_allclose(got, np.asarray(want["value"]), rtol=tol, atol=tol)


def numeric_grad(f, x, eps=1e-3):
    """Central differences of the scalar function f at the float32 array x."""
    x = np.asarray(x, np.float64)
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        step = np.zeros_like(x)
        step[i] = eps
        grad[i] = (f((x + step).astype(np.float32)) - f((x - step).astype(np.float32))) / (2 * eps)
    return grad


def weight_grad(net, param, loss):
    """d loss(net) / d param by msfunc.grad, and by finite differences through set_data."""

    def total(*_):
        return loss(net)

    analytic = ms.grad(total, grad_position=None, weights=[param])()[0]
    base = param.asnumpy().copy()

    def at(value):
        param.set_data(ms.Tensor(value))
        return float(loss(net))

    numeric = numeric_grad(at, base)
    param.set_data(ms.Tensor(base))
    return np.asarray(analytic), numeric


def input_grad(net, args):
    """d sum(net(*args)) / d args[0] by msfunc.grad, and by finite differences."""
    rest = args[1:]
    analytic = ms.grad(lambda a: ms.ops.sum(net(a, *rest)))(args[0])
    numeric = numeric_grad(lambda a: float(ms.ops.sum(net(ms.Tensor(a), *rest))), args[0].asnumpy())
    return np.asarray(analytic), numeric
