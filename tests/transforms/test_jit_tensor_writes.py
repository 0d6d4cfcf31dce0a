"""In-place writes into Tensors under `msfunc.jit` give what eager code gives, call after call:
an argument Tensor is written by the compiled program's result; a Tensor the function does not
take as a positional argument (a global, one inside a list) makes the function run eagerly."""

import warnings

import numpy as np
import pytest

import msfunc as ms
from msfunc.transforms.control_flow import ControlFlowError


def _eager_and_jit(fn, make_args, calls=3):
    """The arguments after `calls` eager calls and after `calls` jitted calls, and the outputs."""
    eager_args, jit_args = make_args(), make_args()
    jitted = ms.jit(fn)
    for _ in range(calls):
        eager_out = fn(*eager_args)
        jit_out = jitted(*jit_args)
    return eager_args, jit_args, eager_out, jit_out


def _same(a, b):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b))


def test_argument_writes_persist_call_after_call():
    def step(t, v):
        t.add_(v)
        t[0] = t[0] * 2
        return t.sum()

    def make():
        return ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0.5, 0.5, 0.5])

    eager, jitted, eager_out, jit_out = _eager_and_jit(step, make)
    for e, j in zip(eager, jitted):
        _same(j.asnumpy(), e.asnumpy())
    _same(jit_out.asnumpy(), eager_out.asnumpy())


def test_a_view_taken_outside_sees_the_argument_written():
    t = ms.Tensor([1.0, 2.0, 3.0, 4.0])
    head = t[:2]
    ms.jit(lambda x: x.mul_(10.0))(t)
    assert head.tolist() == [10.0, 20.0]


def test_a_written_global_tensor_runs_eagerly_with_a_warning():
    counter = ms.Tensor([0.0])

    def bump(v):
        counter.add_(v)
        return counter * 1

    jitted = ms.jit(bump)
    with pytest.warns(RuntimeWarning, match="does not take as a positional argument"):
        outs = [jitted(ms.Tensor([1.0])).tolist() for _ in range(3)]
    assert outs == [[1.0], [2.0], [3.0]] and counter.tolist() == [3.0]


def test_a_tensor_inside_a_list_argument_is_written_as_eagerly():
    def bump(items):
        items[0].add_(1.0)
        return items[0] + 0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        eager, jitted, eager_out, jit_out = _eager_and_jit(bump, lambda: ([ms.Tensor([1.0])],))
    _same(jitted[0][0].asnumpy(), eager[0][0].asnumpy())
    _same(jit_out.asnumpy(), eager_out.asnumpy())


def test_strict_jit_refuses_a_captured_write():
    counter = ms.Tensor([0.0])
    with pytest.raises(ControlFlowError, match="positional argument"):
        ms.jit(lambda v: counter.add_(v) * 1, strict=True)(ms.Tensor([1.0]))
    assert counter.tolist() == [0.0]  # the trace's write was undone


def test_pynative_grad_of_a_function_writing_a_global_counts_every_call():
    calls = ms.Tensor([0.0])

    def loss(x):
        calls.add_(1.0)
        return (x * x).sum()

    grad = ms.grad(loss)
    for _ in range(3):
        g = grad(ms.Tensor([1.0, 2.0]))
    assert calls.tolist() == [3.0]
    _same(g.asnumpy(), [2.0, 4.0])
