"""Wrapper Cells of the object-oriented training paradigm: WithLossCell, WithEvalCell,
WithGradCell, ForwardValueAndGrad, TrainOneStepCell, ParameterUpdate."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import unwrap
from ...transforms.gradient import GradOperation, grad_operation, value_and_grad
from ..cell import Cell
from ..layer.basic import Identity
from ..optim import Optimizer

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from ...common.tensor import Tensor

__all__ = [
    "WithLossCell",
    "WithEvalCell",
    "WithGradCell",
    "ForwardValueAndGrad",
    "TrainOneStepCell",
    "ParameterUpdate",
]


def _check_cell(who, name, value, allow_callable=False):
    if not isinstance(value, Cell) and not (allow_callable and callable(value)):
        raise TypeError(f"{who}: `{name}` must be a Cell, got {type(value).__name__}")


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``.

    Args:
        backbone (Union[Cell, Callable]): The network.
        loss_fn (Union[Cell, Callable]): The loss of the network's output and the label.

    Inputs:
        data (Tensor): The network's input.
        label (Tensor): The target.

    Outputs:
        Tensor, the loss.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> float(net(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])))
        4.0
    """

    def __init__(self, backbone: Cell | Callable[..., Any], loss_fn: Cell | Callable[..., Any]):
        super().__init__(auto_prefix=False)
        _check_cell("WithLossCell", "backbone", backbone, allow_callable=True)
        _check_cell("WithLossCell", "loss_fn", loss_fn, allow_callable=True)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        return self._backbone


class WithEvalCell(Cell):
    """Evaluation wrapper: returns ``(loss, outputs, label)``.

    Args:
        network (Union[Cell, Callable]): The network.
        loss_fn (Union[Cell, Callable]): The loss of the network's output and the label.
        add_cast_fp32 (bool): Cast the outputs and label to float32 before the loss. Default:
            ``False``.

    Inputs:
        data (Tensor): The network's input.
        label (Tensor): The target.

    Outputs:
        Tuple (loss, outputs, label) of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> cell = nn.WithEvalCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> loss, out, label = cell(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]]))
        >>> float(loss), out.tolist()
        (4.0, [[2.0]])
    """

    def __init__(
        self,
        network: Cell | Callable[..., Any],
        loss_fn: Cell | Callable[..., Any],
        add_cast_fp32: bool = False,
    ):
        super().__init__(auto_prefix=False)
        _check_cell("WithEvalCell", "network", network, allow_callable=True)
        self._network, self._loss_fn = network, loss_fn
        self.add_cast_fp32 = bool(add_cast_fp32)

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = jnp.asarray(unwrap(label), jnp.float32)
            outputs = jnp.asarray(unwrap(outputs), jnp.float32)
        return self._loss_fn(outputs, label), outputs, label


class WithGradCell(Cell):
    """Gradients of ``loss_fn(network(data), label)`` (or of `network` itself when `loss_fn`
    is None) with respect to the network's trainable Parameters.

    Args:
        network (Cell): The network whose trainable Parameters are differentiated.
        loss_fn (Union[Cell, Callable, None]): The loss of the network's output and the label;
            ``None`` differentiates the network's own output. Default: ``None``.
        sens (Union[float, Tensor, None]): The output sensitivity; ``None`` is ones. Default:
            ``None``.

    Inputs:
        inputs (Tensor): The network's inputs (and the label, with a `loss_fn`).

    Outputs:
        tuple[Tensor], a gradient per trainable Parameter.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> cell = nn.WithGradCell(nn.Dense(1, 1, "ones", "zeros"), nn.MSELoss())
        >>> [g.tolist() for g in cell(ms.Tensor([[1.0]]), ms.Tensor([[0.0]]))]
        [[[2.0]], [2.0]]
    """

    def __init__(
        self,
        network: Cell,
        loss_fn: Cell | Callable[..., Any] | None = None,
        sens: float | Tensor | None = None,
    ):
        super().__init__(auto_prefix=False)
        _check_cell("WithGradCell", "network", network)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)

    def construct(self, *inputs):
        loss, grads = value_and_grad(self.network_with_loss, None, self.weights)(*inputs)
        if self.sens is not None:
            grads = tuple(g * jnp.asarray(self.sens, g.dtype) for g in grads)
        return grads


class ForwardValueAndGrad(Cell):
    """``(network(*inputs), gradients)`` in one pass, gradients chosen as `GradOperation`'s.

    `get_all` gives every input's gradient, `get_by_list` the gradients of `weights` (a
    Parameter list; None: the network's trainable Parameters), `sens_param` takes the
    output sensitivity as the last input.

    Args:
        network (Union[Cell, Callable]): The function differentiated.
        weights (Union[Sequence[Parameter], None]): The Parameters for `get_by_list`; ``None``
            is the network's trainable ones. Default: ``None``.
        get_all (bool): Return the gradients of every input. Default: ``False``.
        get_by_list (bool): Return the gradients of `weights`. Default: ``False``.
        sens_param (bool): The last input is the output sensitivity. Default: ``False``.

    Inputs:
        inputs (Tensor): The network's inputs (and the sensitivity with `sens_param`).

    Outputs:
        Tuple (value, gradients): the network's output and the gradients chosen above.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(1, 1, "ones", "zeros")
        >>> loss, (w_grad, b_grad) = nn.ForwardValueAndGrad(net, get_by_list=True)(
        ...     ms.Tensor([[3.0]]))
        >>> loss.tolist(), w_grad.tolist(), b_grad.tolist()
        ([[3.0]], [[3.0]], [1.0])
    """

    def __init__(
        self,
        network: Cell | Callable[..., Any],
        weights: Sequence[Parameter] | None = None,
        get_all: bool = False,
        get_by_list: bool = False,
        sens_param: bool = False,
    ):
        super().__init__(auto_prefix=False)
        _check_cell("ForwardValueAndGrad", "network", network, allow_callable=True)
        for name, value in (
            ("get_all", get_all),
            ("get_by_list", get_by_list),
            ("sens_param", sens_param),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"ForwardValueAndGrad: `{name}` must be a bool, got {value!r}")
        self.network = network
        self.weights = weights
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        object.__setattr__(
            self,
            "_msfunc_value_and_grad",
            grad_operation(network, weights, get_all, get_by_list, sens_param, with_value=True),
        )

    def construct(self, *inputs):
        return self._msfunc_value_and_grad(*inputs)


_GRADS = (GradOperation(get_by_list=True, sens_param=True), GradOperation(get_by_list=True))


class TrainOneStepCell(Cell):
    """One training step: forward, gradients w.r.t. the optimizer's Parameters, update.

    Returns the loss; `sens` scales the gradients (the output sensitivity). With
    `return_grad` it returns ``(loss, {parameter name: gradient})`` as MindSpore does.

    Args:
        network (Cell): The network with its loss (a WithLossCell), returning a scalar.
        optimizer (Optimizer): Updates the Parameters it holds.
        sens (Union[float, None]): The output sensitivity; ``None`` is 1. Default: ``None``.
        return_grad (bool): Also return the gradients by Parameter name. Default: ``False``.

    Inputs:
        inputs (Tensor): The network's inputs.

    Outputs:
        Tensor, the loss (with `return_grad`, a tuple (loss, dict of gradients)).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.WithLossCell(nn.Dense(2, 1, "ones", "zeros"), nn.MSELoss())
        >>> step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
        >>> float(step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])))
        4.0
    """

    def __init__(
        self,
        network: Cell,
        optimizer: Optimizer,
        sens: float | None = None,
        return_grad: bool = False,
    ):
        super().__init__(auto_prefix=False)
        _check_cell("TrainOneStepCell", "network", network)
        if not isinstance(optimizer, Optimizer):
            raise TypeError(
                f"TrainOneStepCell: `optimizer` must be an nn.Optimizer, got "
                f"{type(optimizer).__name__}"
            )
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad_reducer = Identity()
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else float(sens)
        self.return_grad = bool(return_grad)
        self.parameters_name = tuple(p.name for p in self.weights)
        # What a subclass written for MindSpore calls in its construct:
        # ``self.grad(self.network, self.weights)(*inputs, sens)``
        # (shared, stateless instances: steps built alike stay alike, as vmap's ensembles need)
        self.grad, self.grad_no_sens = _GRADS
        self.reducer_flag = False  # one device: no gradient all-reduce
        self.parallel_mode = "stand_alone"
        self.use_graceful_exit = False

    def _grad_fn(self):
        fn = self.__dict__.get("_msfunc_grad_fn")
        if fn is None:
            fn = value_and_grad(self.network, None, self.weights)
            object.__setattr__(self, "_msfunc_grad_fn", fn)
        return fn

    def construct(self, *inputs):
        loss, grads = self._grad_fn()(*inputs)
        if self.sens != 1.0:
            grads = tuple(g * jnp.asarray(self.sens, g.dtype) for g in grads)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, dict(zip(self.parameters_name, grads))
        return loss


class ParameterUpdate(Cell):
    """Writes its input into `param` (cast to the Parameter's dtype; the shapes must match)
    and returns the input: a Cell to set a Parameter, such as a learning rate, from outside a
    network, also inside msfunc.jit.

    Args:
        param (Parameter): The Parameter written.

    Inputs:
        x (Tensor): The new value, `param`'s shape.

    Outputs:
        Tensor, `x`.

    Example:
        >>> import msfunc as ms
        >>> lr = ms.Parameter(ms.Tensor(0.1, ms.float32), name="lr")
        >>> _ = ms.nn.ParameterUpdate(lr)(ms.Tensor(0.01, ms.float32))
        >>> round(float(lr), 4)
        0.01
    """

    def __init__(self, param: Parameter):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(
                f"ParameterUpdate: `param` must be a Parameter, got {type(param).__name__}"
            )
        self._param = param

    def construct(self, x):
        value = jnp.asarray(unwrap(x))
        if value.shape != self._param.shape:
            raise ValueError(
                f"ParameterUpdate: the value's shape {value.shape} must be the "
                f"Parameter's {tuple(self._param.shape)}"
            )
        ops.assign(self._param, value)
        return x
