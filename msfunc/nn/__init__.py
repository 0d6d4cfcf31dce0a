"""msfunc.nn: Cells, containers, layers, losses, optimizers and wrapper cells."""

from .activation import (
    ELU,
    GELU,
    Identity,
    LeakyReLU,
    LogSoftmax,
    ReLU,
    ReLU6,
    Sigmoid,
    SiLU,
    Softmax,
    Tanh,
    get_activation,
)
from .cell import Cell
from .containers import CellDict, CellList, SequentialCell
from .layers import Dense, Flatten
from .loss import BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, LossBase, MSELoss
from .optim import SGD, Adam, AdamWeightDecay, Momentum, Optimizer
from .wrap import TrainOneStepCell, WithLossCell

__all__ = [
    "Cell", "CellDict", "CellList", "SequentialCell", "Dense", "Flatten",
    "ReLU", "ReLU6", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "LeakyReLU",
    "ELU", "Identity", "get_activation",
    "LossBase", "MSELoss", "L1Loss", "BCEWithLogitsLoss", "CrossEntropyLoss",
    "Optimizer", "SGD", "Momentum", "Adam", "AdamWeightDecay",
    "WithLossCell", "TrainOneStepCell", "GraphCell",
]

# Last, so that msfunc.train (imported here) finds every nn name already defined.
from ..train.exporting import GraphCell  # noqa: E402
