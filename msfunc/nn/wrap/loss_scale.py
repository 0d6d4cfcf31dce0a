"""Loss scaling for mixed precision: DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell and
TrainOneStepWithLossScaleCell (the update is skipped, atomically, when a gradient overflows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..._state import read, write
from ...common.parameter import Parameter
from ...common.tensor import Tensor, unwrap
from ...ops.multitype import HyperMap
from ...transforms.gradient import value_and_grad
from ..cell import Cell
from .cell_wrapper import TrainOneStepCell

if TYPE_CHECKING:
    from ...common.tensor import Tensor
    from ..optim import Optimizer

__all__ = [
    "DynamicLossScaleUpdateCell",
    "FixedLossScaleUpdateCell",
    "TrainOneStepWithLossScaleCell",
]


class DynamicLossScaleUpdateCell(Cell):
    """Dynamic loss scale: divided by `scale_factor` (not below 1) on overflow, multiplied by
    it after `scale_window` steps without one. ``cell(scale_param, overflow)`` updates the
    scale Parameter in place and returns `overflow`.

    Args:
        loss_scale_value (float): The initial loss scale.
        scale_factor (int): The factor the scale changes by.
        scale_window (int): The overflow-free steps before the scale grows.

    Inputs:
        loss_scale (Parameter): The scale, updated in place.
        overflow (Tensor): A bool scalar, True when this step's gradients overflowed.

    Outputs:
        Tensor, `overflow`.

    Example:
        >>> import msfunc as ms
        >>> cell = ms.nn.DynamicLossScaleUpdateCell(1024.0, 2, 1000)
        >>> scale = ms.Parameter(ms.Tensor(1024.0), name="scale_sense")
        >>> _ = cell(scale, ms.Tensor(True))
        >>> float(scale.asnumpy())
        512.0
    """

    def __init__(self, loss_scale_value: float, scale_factor: int, scale_window: int):
        super().__init__()
        for name, value in (("scale_factor", scale_factor), ("scale_window", scale_window)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(
                    f"DynamicLossScaleUpdateCell: `{name}` must be a positive int, got {value!r}"
                )
        self.loss_scale_value = float(loss_scale_value)
        self.scale_factor, self.scale_window = scale_factor, scale_window
        self.cur_iter = Parameter(
            jnp.asarray(1, jnp.int32), name="current_iterator_step", requires_grad=False
        )
        self.last_overflow_iter = Parameter(
            jnp.asarray(0, jnp.int32), name="last_overflow_iterator_step", requires_grad=False
        )

    def get_loss_scale(self):
        """The initial loss scale."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        cond = jnp.asarray(unwrap(overflow), bool)
        scale = read(loss_scale)
        cur, last = read(self.cur_iter), read(self.last_overflow_iter)
        on_overflow = jnp.where(cond, jnp.maximum(scale / self.scale_factor, 1.0), scale)
        should_inc = self.scale_window <= cur - last
        write(self.last_overflow_iter, jnp.where(cond | should_inc, cur, last))
        grow = should_inc & ~cond
        write(
            loss_scale,
            jnp.where(grow, on_overflow * self.scale_factor, on_overflow).astype(scale.dtype),
        )
        write(self.cur_iter, cur + 1)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """A constant loss scale: ``cell(scale_param, overflow)`` returns `overflow`.

    Args:
        loss_scale_value (float): The loss scale.

    Inputs:
        loss_scale (Parameter): The scale, left alone.
        overflow (Tensor): A bool scalar.

    Outputs:
        Tensor, `overflow`.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.FixedLossScaleUpdateCell(128.0).get_loss_scale()
        128.0
    """

    def __init__(self, loss_scale_value: float):
        super().__init__()
        self.loss_scale_value = float(loss_scale_value)

    def get_loss_scale(self):
        """The loss scale."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        return overflow


_HYPER_MAP = HyperMap()


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """A training step with loss scaling: gradients of ``scale * loss`` are unscaled and
    checked for inf/nan (the network returns a scalar loss); on overflow no Parameter or
    optimizer state changes. Returns
    ``(loss, overflow, scale used)``; the scale Parameter is ``scale_sense``.

    Args:
        network (Cell): The network with its loss, returning a scalar.
        optimizer (Optimizer): Updates the Parameters it holds.
        scale_sense (Union[Cell, Tensor]): A loss-scale update Cell (DynamicLossScaleUpdateCell,
            FixedLossScaleUpdateCell) or a fixed scale Tensor.

    Inputs:
        inputs (Tensor): The network's inputs.

    Outputs:
        Tuple (loss, overflow, scale) of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> step = nn.TrainOneStepWithLossScaleCell(
        ...     net, nn.SGD(net.trainable_params(), 0.1), nn.FixedLossScaleUpdateCell(64.0))
        >>> loss, overflow, scale = step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]]))
        >>> float(loss), bool(overflow), float(scale)
        (4.0, False, 64.0)
    """

    def __init__(self, network: Cell, optimizer: Optimizer, scale_sense: Cell | Tensor):
        super().__init__(network, optimizer, sens=None)
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            if not hasattr(scale_sense, "get_loss_scale"):
                raise TypeError(
                    "TrainOneStepWithLossScaleCell: a Cell `scale_sense` must be a "
                    "loss-scale update Cell (with get_loss_scale)"
                )
            self.loss_scaling_manager = scale_sense
            value = jnp.asarray(scale_sense.get_loss_scale(), jnp.float32)
        else:
            value = jnp.asarray(unwrap(scale_sense), jnp.float32)
            if value.shape not in ((), (1,)):
                raise ValueError(
                    f"TrainOneStepWithLossScaleCell: `scale_sense` must have shape "
                    f"() or (1,), got {value.shape}"
                )
        self.scale_sense = Parameter(value, name="scale_sense", requires_grad=False)
        # what a subclass written for MindSpore reads (MindCV's TrainStep)
        self.hyper_map = _HYPER_MAP  # (shared: steps built alike stay alike for vmap)
        self.base = Tensor(np.float32(1.0))
        self.base0 = Tensor(np.int32(0))
        self.is_distributed = False
        self.gpu_target = False
        self.enable_allfinite = True
        self.enable_tuple_broaden = True

    def start_overflow_check(self, pre_cond, compute_input):
        """Begin the overflow check of a step: ``(status, compute_input)``, the status
        MindSpore's CPU and GPU builds give (eight int32 zeros) and the input unchanged.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss())
            >>> step = nn.TrainOneStepWithLossScaleCell(
            ...     net, nn.SGD(net.trainable_params(), 0.1), ms.Tensor(4.0))
            >>> status, scale = step.start_overflow_check(ms.Tensor(1.0), ms.Tensor(4.0))
            >>> status.shape, float(scale)
            ((8,), 4.0)
        """
        return Tensor(np.zeros(8, np.int32)), compute_input

    def get_overflow_status(self, status, compute_output):
        """Whether any of `compute_output` (a gradient or a tuple of them) holds an inf or
        nan: a bool Tensor.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss())
            >>> step = nn.TrainOneStepWithLossScaleCell(
            ...     net, nn.SGD(net.trainable_params(), 0.1), ms.Tensor(4.0))
            >>> bool(step.get_overflow_status(None, (ms.Tensor([1.0, float("inf")]),)))
            True
        """
        leaves = compute_output if isinstance(compute_output, (tuple, list)) else (compute_output,)
        return Tensor(_overflowed(jnp.asarray(unwrap(g)) for g in leaves))

    def process_loss_scale(self, overflow):
        """Let the loss-scale update Cell (if any) see this step's `overflow` and return what
        it decides (a fixed scale Tensor: `overflow` as it is).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss())
            >>> update = nn.DynamicLossScaleUpdateCell(8.0, 2, 100)
            >>> step = nn.TrainOneStepWithLossScaleCell(
            ...     net, nn.SGD(net.trainable_params(), 0.1), update)
            >>> bool(step.process_loss_scale(ms.Tensor(True))), float(step.scale_sense.value())
            (True, 4.0)
        """
        if self.loss_scaling_manager is None:
            return overflow
        return self.loss_scaling_manager(self.scale_sense, overflow)

    def set_sense_scale(self, sens):
        """Set the loss scale (a Tensor of the same shape)."""
        self.scale_sense.set_data(jnp.asarray(unwrap(sens), jnp.float32))

    def _grad_fn(self):
        fn = self.__dict__.get("_msfunc_scaled_grad_fn")
        if fn is None:
            fn = value_and_grad(self.network, None, self.weights, sens_param=True)
            object.__setattr__(self, "_msfunc_scaled_grad_fn", fn)
        return fn

    def construct(self, *inputs):
        scaling = read(self.scale_sense)
        # The sensitivity of a scalar loss (MindSpore's networks return one here).
        loss, grads = self._grad_fn()(*inputs, jnp.reshape(scaling, ()))
        grads = tuple(g / scaling.astype(g.dtype) for g in grads)
        grads = self.grad_reducer(grads)
        cond = _overflowed(grads)
        overflow = self.process_loss_scale(cond)
        _update_unless(self.optimizer, grads, jnp.asarray(unwrap(overflow), bool))
        return loss, cond, scaling


def _overflowed(grads):
    """True where any of `grads` (arrays) holds an inf or nan."""
    finite = [jnp.all(jnp.isfinite(g)) for g in grads]
    return ~jnp.all(jnp.stack(finite)) if finite else jnp.asarray(False)


def _update_unless(optimizer, grads, skip):
    """Run the optimizer, then keep the old value of everything it wrote where `skip` holds
    (a select, so it compiles under jit without a branch on a traced value)."""
    touched = list(optimizer.get_parameters())
    before = [read(p) for p in touched]
    optimizer(grads)
    for p, old in zip(touched, before):
        new = read(p)
        if new is not old:
            write(p, jnp.where(skip, old, new))
