"""Gradient accumulation: sum the gradients of several steps, then let the optimizer apply them."""

from __future__ import annotations

import numpy as np

from .. import ops
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..ops.multitype import HyperMap, MultitypeFuncGraph

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]

gradient_accumulation_op = MultitypeFuncGraph("gradient_accumulation_op")


@gradient_accumulation_op.register("Int64", "Tensor", "Tensor")
def cumulative_grad_process(accumulation_step, cumulative_grad, grad):
    """Add ``grad / accumulation_step`` to the accumulator `cumulative_grad` (a Parameter).

    Example:
        >>> acc = Parameter(Tensor(np.zeros(2, np.float32)), name="acc")
        >>> _ = cumulative_grad_process(4, acc, Tensor(np.array([4.0, 8.0], np.float32)))
        >>> acc.asnumpy()
        array([1., 2.], dtype=float32)
    """
    ops.assign_add(cumulative_grad, grad / accumulation_step)
    return cumulative_grad


gradient_clear_op = MultitypeFuncGraph("gradient_clear_op")


@gradient_clear_op.register("Tensor")
def clear_grad(cumulative_grad):
    """Set the accumulator `cumulative_grad` (a Parameter) back to zeros.

    Example:
        >>> acc = Parameter(Tensor(np.ones(2, np.float32)), name="acc")
        >>> clear_grad(acc).asnumpy()
        array([0., 0.], dtype=float32)
    """
    return ops.assign(cumulative_grad, ops.zeros_like(cumulative_grad))


class GradientAccumulation(Cell):
    """Accumulates the mean gradient of `max_accumulation_step` calls, then applies it.

    Each call ``acc(loss, grads)`` adds ``grads / max_accumulation_step`` to accumulators
    (Parameters ``grad_accumulation.<name>``, zeros at first) and counts the call in the
    int32 Parameter ``accumulation_step``. At the `max_accumulation_step`-th call the
    optimizer is applied to the accumulated gradients, the count goes back to 0 and the
    accumulators to zeros. It returns `loss`.

    Args:
        max_accumulation_step (int): how many calls make one optimizer step.
        optimizer (Cell): the optimizer to apply.

    Example:
        >>> import msfunc
        >>> net = msfunc.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> acc = GradientAccumulation(2, msfunc.nn.SGD(net.trainable_params(), 0.5))
        >>> g = (Tensor(np.ones((1, 2), np.float32)), Tensor(np.ones(1, np.float32)))
        >>> _ = acc(Tensor(0.0), g)
        >>> net.weight.asnumpy()  # one call of two: nothing applied yet
        array([[1., 1.]], dtype=float32)
        >>> _ = acc(Tensor(0.0), g)
        >>> net.weight.asnumpy()
        array([[0.5, 0.5]], dtype=float32)
    """

    def __init__(self, max_accumulation_step, optimizer):
        super().__init__()
        if isinstance(max_accumulation_step, bool) or not isinstance(max_accumulation_step, int):
            raise TypeError(
                "GradientAccumulation: `max_accumulation_step` must be an int, got "
                f"{type(max_accumulation_step).__name__}"
            )
        if max_accumulation_step < 1:
            raise ValueError(
                "GradientAccumulation: `max_accumulation_step` must be at least 1, got "
                f"{max_accumulation_step}"
            )
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.hyper_map = HyperMap()
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(
            Tensor(np.array(0, np.int32)), name="accumulation_step", requires_grad=False
        )

    def construct(self, loss, grads):
        steps = self._max_accumulation_step
        for accumulator, grad in zip(self._grad_accumulation, grads):
            gradient_accumulation_op(steps, accumulator, grad)
        count = ops.assign_add(self._accumulation_step, Tensor(np.array(1, np.int32)))
        if count >= steps:  # pyright: ignore[reportOperatorIssue]
            self.optimizer(self._grad_accumulation)
            ops.assign(self._accumulation_step, Tensor(np.array(0, np.int32)))
        if self._accumulation_step == 0:
            for accumulator in self._grad_accumulation:
                gradient_clear_op(accumulator)
        return loss
