"""msfunc.nn: Cells, containers, layers, losses, optimizers and wrapper cells."""

from . import layer as _layer
from . import loss as _loss
from .cell import Cell
from .containers import CellDict, CellList, SequentialCell
from .dynamic_lr import (
    cosine_decay_lr,
    exponential_decay_lr,
    inverse_decay_lr,
    natural_exp_decay_lr,
    piecewise_constant_lr,
    polynomial_decay_lr,
    warmup_lr,
)
from .flax_interop import CellModule, FlaxCell
from .graph_cell import GraphCell
from .layer import *  # noqa: F403
from .learning_rate_schedule import (
    CosineDecayLR,
    ExponentialDecayLR,
    InverseDecayLR,
    LearningRateSchedule,
    NaturalExpDecayLR,
    PolynomialDecayLR,
    WarmUpLR,
)
from .loss import *  # noqa: F403
from .optim import (
    ASGD,
    FTRL,
    LARS,
    SGD,
    Adadelta,
    AdaFactor,
    Adagrad,
    Adam,
    AdaMax,
    AdamOffload,
    AdamWeightDecay,
    Lamb,
    Momentum,
    Optimizer,
    ProximalAdagrad,
    RMSProp,
    Rprop,
)
from .wrap import (
    DynamicLossScaleUpdateCell,
    FixedLossScaleUpdateCell,
    ForwardValueAndGrad,
    ParameterUpdate,
    TrainOneStepCell,
    TrainOneStepWithGradAccumulationCell,
    TrainOneStepWithLossScaleCell,
    WithEvalCell,
    WithGradCell,
    WithLossCell,
)

__all__ = (
    [
        "Cell",
        "CellDict",
        "CellList",
        "SequentialCell",
        "Optimizer",
        "SGD",
        "Momentum",
        "Adam",
        "AdamOffload",
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
        "LearningRateSchedule",
        "ExponentialDecayLR",
        "NaturalExpDecayLR",
        "InverseDecayLR",
        "CosineDecayLR",
        "PolynomialDecayLR",
        "WarmUpLR",
        "piecewise_constant_lr",
        "exponential_decay_lr",
        "natural_exp_decay_lr",
        "inverse_decay_lr",
        "cosine_decay_lr",
        "polynomial_decay_lr",
        "warmup_lr",
        "WithLossCell",
        "WithEvalCell",
        "WithGradCell",
        "TrainOneStepCell",
        "TrainOneStepWithLossScaleCell",
        "DynamicLossScaleUpdateCell",
        "FixedLossScaleUpdateCell",
        "TrainOneStepWithGradAccumulationCell",
        "ForwardValueAndGrad",
        "FlaxCell",
        "CellModule",
        "GraphCell",
        "ParameterUpdate",
    ]
    + list(_layer.__all__)
    + list(_loss.__all__)
)

# Last, so that msfunc.train (imported here) finds every nn name already defined.
