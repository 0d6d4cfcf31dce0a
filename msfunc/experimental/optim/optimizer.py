"""The base of ``mindspore.experimental.optim``: parameter groups whose rates are Parameters."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import numpy as np

from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...nn.cell import Cell
from ...ops import functional as F


def _lr_parameter(lr: Any, name: str) -> Parameter:
    """A group's learning rate as the float32 scalar Parameter the schedulers write into."""
    if isinstance(lr, (float, int)) and not isinstance(lr, bool):
        if lr < 0:
            raise ValueError(f"Optimizer: the learning rate must be >= 0, got {lr}")
        return Parameter(Tensor(np.float32(lr)), name=name)
    if isinstance(lr, Tensor):
        if lr.ndim != 0:
            raise ValueError(f"Optimizer: a Tensor learning rate must be a scalar, got {lr.shape}")
        return Parameter(lr.astype(mstype.float32), name=name)
    raise TypeError(f"Optimizer: lr must be an int, float or Tensor, got {type(lr).__name__}")


def _weight_decay(value: Any) -> float:
    if not isinstance(value, (float, int)) or isinstance(value, bool):
        raise TypeError(
            f"Optimizer: weight_decay must be an int or float, got {type(value).__name__}"
        )
    if value < 0:
        raise ValueError(f"Optimizer: weight_decay must be >= 0, got {value}")
    return float(value)


class Optimizer(Cell):
    """The base of the torch-style optimizers: ``param_groups`` (dicts with ``params``, an
    ``lr`` Parameter and the other options), called as ``optimizer(grads)``.

    Each group's rate is a float32 scalar Parameter (``learning_rate_group_<i>``, also in
    ``lrs``), so the `lr_scheduler` classes change it by assignment, also inside compiled
    code. Subclasses give ``defaults`` and a ``construct(gradients)``; ``group_start_id[i]``
    is the index of group ``i``'s first gradient.

    Args:
        params (Iterable[Parameter] | Iterable[dict]): The Parameters, or parameter groups.
        defaults (dict): The options a group takes when it does not set them.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> class PlainSGD(Optimizer):
        ...     def __init__(self, params, lr):
        ...         super().__init__(params, {"lr": lr})
        ...     def construct(self, gradients):
        ...         for i, p in enumerate(self.parameters):
        ...             ops.assign(p, p - self.lrs[0] * gradients[i])
        ...         return True
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = PlainSGD([w], 0.5)((ms.Tensor([2.0]),))
        >>> w.asnumpy().tolist()
        [0.0]
    """

    def __init__(self, params: Any, defaults: dict[str, Any]) -> None:
        super().__init__(auto_prefix=False)
        groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state: defaultdict[Any, dict] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        self.parameters: Any = ()
        self.lrs: list[Parameter] = []
        self.group_start_id = [0]
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self.parameters = ParameterTuple(self.parameters)

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key == "params":
                    continue
                value = group[key]
                shown = value.value() if key == "lr" and isinstance(value, Parameter) else value
                text += f"    {key}: {shown}\n"
        return text + ")"

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        """Adds a group (a dict with ``params`` and optional options) to ``param_groups``.

        Args:
            param_group (dict): The group's Parameters and the options it sets.

        Example:
            >>> import msfunc as ms
            >>> from msfunc.experimental import optim
            >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="a")], lr=0.1)
            >>> opt.add_param_group({"params": ms.Parameter(ms.Tensor([2.0]), name="b"), "lr": 0.5})
            >>> [float(lr.asnumpy()) for lr in opt.lrs]
            [0.10000000149011612, 0.5]
        """
        group_id = len(self.param_groups)
        group = self._preprocess_param_group(param_group)
        self.parameters = tuple(self.parameters) + tuple(group["params"])
        for name, default in self.defaults.items():
            group.setdefault(name, default)
        lr = _lr_parameter(group.get("lr"), f"learning_rate_group_{group_id}")
        self.lrs.append(lr)
        group["lr"] = lr
        group["weight_decay"] = _weight_decay(group.get("weight_decay", 0.0))
        self.param_groups.append(group)
        self.group_start_id.append(self.group_start_id[-1] + len(group["params"]))

    @staticmethod
    def _parameters_base_check(parameters: Any, what: str) -> list:
        if parameters is None:
            raise ValueError(f"Optimizer: {what} must not be None")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"Optimizer: {what} must be iterable, got {type(parameters).__name__}")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"Optimizer: {what} must not be empty")
        return parameters

    def _preprocess_param_group(self, param_group: Any) -> dict[str, Any]:
        if not isinstance(param_group, dict):
            raise TypeError(
                f"Optimizer: a parameter group must be a dict, got {type(param_group).__name__}"
            )
        params = param_group["params"]
        if isinstance(params, Parameter):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer: a group's params must be an ordered collection, not a set")
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, Parameter):
                raise TypeError(
                    f"Optimizer: params must be Parameters, got a {type(param).__name__}"
                )
        taken = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in taken for p in param_group["params"]):
            raise ValueError("Optimizer: a Parameter is in more than one parameter group")
        return param_group

    def _decay_weight(self, weight_decay: float, params: Any, gradients: Any) -> tuple:
        """``gradients`` with the L2 term ``weight_decay * param`` added (when it is not 0)."""
        if weight_decay == 0.0:
            return tuple(gradients)
        return tuple(
            g + p * F.cast(Tensor(weight_decay), F.dtype(p)) for p, g in zip(params, gradients)
        )

    def _group_rate(self, group_id: int) -> Any:
        """Group ``group_id``'s learning rate (its Parameter's value)."""
        return self.lrs[group_id].value()

    def construct(self, *hyper_params: Any) -> Any:
        raise NotImplementedError
