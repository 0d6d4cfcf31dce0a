"""msfunc.nn: Cells, containers, layers, losses, optimizers and wrapper cells."""

from . import layer as _layer
from . import loss as _loss
from .cell import Cell
from .containers import CellDict, CellList, SequentialCell
from .layer import *  # noqa: F403
from .loss import *  # noqa: F403
from .optim import SGD, Adam, AdamWeightDecay, Momentum, Optimizer
from .wrap import TrainOneStepCell, WithLossCell

__all__ = [
    "Cell", "CellDict", "CellList", "SequentialCell",
    "Optimizer", "SGD", "Momentum", "Adam", "AdamWeightDecay",
    "WithLossCell", "TrainOneStepCell",
] + list(_layer.__all__) + list(_loss.__all__)
