"""Gradient accumulation: a training Cell that applies the optimizer once every k steps, to the
mean of the k gradients (a larger effective batch without its memory)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..._state import read, write
from ...common.parameter import Parameter, ParameterTuple
from .cell_wrapper import TrainOneStepCell
from .loss_scale import _update_unless

if TYPE_CHECKING:
    from ..cell import Cell
    from ..optim import Optimizer

__all__ = ["TrainOneStepWithGradAccumulationCell"]


class TrainOneStepWithGradAccumulationCell(TrainOneStepCell):
    """Like TrainOneStepCell, but gradients are summed in ``accu_grads.<name>`` Parameters and
    the optimizer runs on their mean every `accumulate_steps` calls (a select, so one compiled
    program serves every call). Returns the loss of the micro-batch.

    Args:
        network (Cell): The network with its loss, returning a scalar.
        optimizer (Optimizer): Updates the Parameters it holds.
        accumulate_steps (int): The micro-batches per update, at least 1.
        sens (Union[float, None]): The output sensitivity; ``None`` is 1. Default: ``None``.

    Inputs:
        inputs (Tensor): The network's inputs for one micro-batch.

    Outputs:
        Tensor, the micro-batch's loss.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(1, 1, "ones", "zeros"), nn.MSELoss())
        >>> step = nn.TrainOneStepWithGradAccumulationCell(
        ...     net, nn.SGD(net.trainable_params(), 0.1), accumulate_steps=2)
        >>> x, y = ms.Tensor([[1.0]]), ms.Tensor([[0.0]])
        >>> _ = step(x, y); w1 = float(net.backbone_network.weight.asnumpy()[0, 0])
        >>> _ = step(x, y); w2 = float(net.backbone_network.weight.asnumpy()[0, 0])
        >>> w1, round(w2, 4)
        (1.0, 0.8)
    """

    def __init__(
        self, network: Cell, optimizer: Optimizer, accumulate_steps: int, sens: float | None = None
    ):
        super().__init__(network, optimizer, sens=sens)
        if (
            isinstance(accumulate_steps, bool)
            or not isinstance(accumulate_steps, int)
            or accumulate_steps < 1
        ):
            raise ValueError(
                f"TrainOneStepWithGradAccumulationCell: `accumulate_steps` must be "
                f"a positive int, got {accumulate_steps!r}"
            )
        self.accumulate_steps = accumulate_steps
        self.accu_step = Parameter(jnp.zeros((), jnp.int32), name="accu_step", requires_grad=False)
        self.accu_grads = ParameterTuple(
            Parameter(jnp.zeros_like(read(p)), name=f"accu_grads.{p.name}", requires_grad=False)
            for p in self.weights
        )

    def construct(self, *inputs):
        loss, grads = self._grad_fn()(*inputs)
        if self.sens != 1.0:
            grads = tuple(g * jnp.asarray(self.sens, g.dtype) for g in grads)
        grads = self.grad_reducer(grads)
        sums = tuple(read(a) + g for a, g in zip(self.accu_grads, grads))
        step = read(self.accu_step) + 1
        apply = step % self.accumulate_steps == 0
        mean = tuple(s / self.accumulate_steps for s in sums)
        _update_unless(self.optimizer, mean, ~apply)
        for a, s in zip(self.accu_grads, sums):
            write(a, jnp.where(apply, jnp.zeros_like(s), s))
        write(self.accu_step, step)
        return loss
