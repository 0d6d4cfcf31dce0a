"""Optimizers: MindSpore-shaped shells over optax transformations, and learning-rate schedules.

``opt = nn.Adam(params, learning_rate)`` then ``opt(grads)`` updates the
Parameters in place (through the state frame, so it works inside jit); the
optimizer state lives in Parameters named as in MindSpore checkpoints. Each
optimizer's update is also available as a plain optax transformation
(``ms_adam``, ``ms_momentum`` ...) taking ``learning_rate`` as an extra argument.
"""

from .adafactor import AdaFactor, ms_adafactor
from .adam import (
    Adam,
    AdaMax,
    AdamOffload,
    AdamWeightDecay,
    Lamb,
    ms_adam,
    ms_adam_weight_decay,
    ms_adamax,
    ms_lamb,
    scale_by_ms_adam,
)
from .adaptive import (
    FTRL,
    Adadelta,
    Adagrad,
    ProximalAdagrad,
    RMSProp,
    ms_adadelta,
    ms_adagrad,
    ms_ftrl,
    ms_proximal_adagrad,
    ms_rmsprop,
)
from .lazy_adam import LazyAdam
from .optimizer import Optimizer
from .rprop_asgd_lars import ASGD, LARS, Rprop, ms_asgd, ms_rprop
from .sgd import SGD, Momentum, ms_momentum, ms_sgd, scale_by_ms_sgd

__all__ = [
    "Optimizer",
    "SGD",
    "Momentum",
    "Adam",
    "AdamOffload",
    "LazyAdam",
    "AdaFactor",
    "AdamWeightDecay",
    "AdaMax",
    "Lamb",
    "Adagrad",
    "Adadelta",
    "RMSProp",
    "FTRL",
    "ProximalAdagrad",
    "Rprop",
    "ASGD",
    "LARS",
    "ms_sgd",
    "ms_momentum",
    "ms_adam",
    "ms_adam_weight_decay",
    "ms_adamax",
    "ms_lamb",
    "ms_adagrad",
    "ms_adadelta",
    "ms_rmsprop",
    "ms_ftrl",
    "ms_proximal_adagrad",
    "ms_rprop",
    "ms_asgd",
    "ms_adafactor",
    "scale_by_ms_adam",
    "scale_by_ms_sgd",
]
