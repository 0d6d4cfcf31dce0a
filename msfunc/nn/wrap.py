"""Wrapper Cells of the object-oriented training paradigm: WithLossCell, TrainOneStepCell."""

import jax.numpy as jnp

from ..transforms.gradient import value_and_grad
from .cell import Cell
from .layer.basic import Identity
from .optim import Optimizer

__all__ = ["WithLossCell", "TrainOneStepCell"]


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> float(net(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])))
        4.0
    """

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        for name, value in (("backbone", backbone), ("loss_fn", loss_fn)):
            if not isinstance(value, Cell) and not callable(value):
                raise TypeError(f"WithLossCell: `{name}` must be a Cell, got "
                                f"{type(value).__name__}")
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        return self._backbone


class TrainOneStepCell(Cell):
    """One training step: forward, gradients w.r.t. the optimizer's Parameters, update.

    Returns the loss. `sens` scales the gradients (the output sensitivity).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
        >>> float(step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])))
        4.0
    """

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise TypeError(f"TrainOneStepCell: `network` must be a Cell, got "
                            f"{type(network).__name__}")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"TrainOneStepCell: `optimizer` must be an nn.Optimizer, got "
                            f"{type(optimizer).__name__}")
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad_reducer = Identity()
        self.sens = 1.0 if sens is None else float(sens)
        self.return_grad = return_grad

    def _grad_fn(self):
        fn = self.__dict__.get("_msfunc_grad_fn")
        if fn is None:
            fn = value_and_grad(self.network, None, self.optimizer.parameters)
            object.__setattr__(self, "_msfunc_grad_fn", fn)
        return fn

    def construct(self, *inputs):
        loss, grads = self._grad_fn()(*inputs)
        if self.sens != 1.0:
            grads = tuple(g * jnp.asarray(self.sens, g.dtype) for g in grads)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, grads
        return loss
