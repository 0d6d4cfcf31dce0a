"""`opt_init_args_register`: an optimizer `__init__` decorator that records how it was built."""

from __future__ import annotations

import functools
import inspect

from ...common.tensor import Tensor
from ..cell import Cell

__all__ = ["opt_init_args_register"]


def opt_init_args_register(init):
    """Decorate an optimizer's ``__init__`` so the instance records its construction arguments.

    Before ``init`` runs, the optimizer gets ``init_params`` (``{"params": ...}``, the
    Parameters it was given, or those of the ``optimizer`` argument it wraps),
    ``init_learning_rate`` (a list for a Tensor learning rate, None for a schedule Cell) and
    ``init_args`` (every other argument, defaults included), as MindSpore's optimizers record
    them for rebuilding an optimizer.

    Example:
        >>> import msfunc
        >>> class Sgd(msfunc.nn.Optimizer):
        ...     @opt_init_args_register
        ...     def __init__(self, params, learning_rate=0.1, momentum=0.0):
        ...         super().__init__(learning_rate, params)
        >>> opt = Sgd(msfunc.nn.Dense(2, 1).trainable_params(), momentum=0.5)
        >>> opt.init_args, opt.init_learning_rate, len(opt.init_params["params"])
        ({'momentum': 0.5}, 0.1, 2)
    """
    signature = inspect.signature(init)

    @functools.wraps(init)
    def registering_init(self, *args, **kwargs):
        arguments = signature.bind(self, *args, **kwargs)
        arguments.apply_defaults()
        recorded = dict(arguments.arguments)
        recorded.pop(next(iter(signature.parameters)))  # self
        record = {}
        if "params" in recorded:
            record["init_params"] = {"params": recorded.pop("params")}
        if "optimizer" in recorded:
            record["init_params"] = {"params": recorded.pop("optimizer").init_params["params"]}
        if "learning_rate" in recorded:
            rate = recorded.pop("learning_rate")
            if isinstance(rate, Tensor):
                rate = rate.asnumpy().tolist()
            record["init_learning_rate"] = None if isinstance(rate, Cell) else rate
        record["init_args"] = recorded
        # before Cell.__init__ has run: plain attributes, as MindSpore sets them
        for name, value in record.items():
            object.__setattr__(self, name, value)
        init(self, *args, **kwargs)

    return registering_init
