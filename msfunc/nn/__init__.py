"""msfunc.nn: Cells, containers, layers, losses, optimizers and wrapper cells.

Cell and the containers load with msfunc; every other name is read from its module when first
used (msfunc._lazy), so a program loads the layers, losses and optimizers it uses.
"""

from .._lazy import on_first_read as _on_first_read
from .._lazy import reexport as _reexport
from . import layer as _layer
from . import loss as _loss
from .cell import Cell
from .containers import CellDict, CellList, SequentialCell

# The module of each name read on first use.
_HOMES = {
    **dict.fromkeys(
        (
            "cosine_decay_lr",
            "exponential_decay_lr",
            "inverse_decay_lr",
            "natural_exp_decay_lr",
            "piecewise_constant_lr",
            "polynomial_decay_lr",
            "warmup_lr",
        ),
        ".dynamic_lr",
    ),
    **dict.fromkeys(("CellModule", "FlaxCell"), ".flax_interop"),
    "GraphCell": ".graph_cell",
    **dict.fromkeys(
        (
            "CosineDecayLR",
            "ExponentialDecayLR",
            "InverseDecayLR",
            "LearningRateSchedule",
            "NaturalExpDecayLR",
            "PolynomialDecayLR",
            "WarmUpLR",
        ),
        ".learning_rate_schedule",
    ),
    **dict.fromkeys(
        (
            "ASGD",
            "FTRL",
            "LARS",
            "SGD",
            "Adadelta",
            "AdaFactor",
            "Adagrad",
            "Adam",
            "AdaMax",
            "AdamOffload",
            "AdamWeightDecay",
            "Lamb",
            "LazyAdam",
            "Momentum",
            "Optimizer",
            "ProximalAdagrad",
            "RMSProp",
            "Rprop",
        ),
        ".optim",
    ),
    **dict.fromkeys(
        (
            "DynamicLossScaleUpdateCell",
            "FixedLossScaleUpdateCell",
            "ForwardValueAndGrad",
            "ParameterUpdate",
            "TrainOneStepCell",
            "TrainOneStepWithGradAccumulationCell",
            "TrainOneStepWithLossScaleCell",
            "WithEvalCell",
            "WithGradCell",
            "WithLossCell",
        ),
        ".wrap",
    ),
    **dict.fromkeys(_layer.__all__, ".layer"),
    **dict.fromkeys(_loss.__all__, ".loss"),
}
# the submodules read on first use, as attributes too (``nn.optim``)
_SUBMODULES = (
    "dynamic_lr",
    "flax_interop",
    "graph_cell",
    "learning_rate_schedule",
    "optim",
    "probability",
    "wrap",
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

__getattr__, __dir__ = _on_first_read(
    globals(), {*_HOMES, *_SUBMODULES}, _reexport(__name__, _HOMES)
)
