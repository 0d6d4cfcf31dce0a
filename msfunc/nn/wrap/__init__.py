"""Wrapper Cells: loss and evaluation wrappers, one-step training cells, loss scaling,
gradient accumulation."""

from .cell_wrapper import (
    ForwardValueAndGrad,
    ParameterUpdate,
    TrainOneStepCell,
    WithEvalCell,
    WithGradCell,
    WithLossCell,
)
from .grad_accumulation import TrainOneStepWithGradAccumulationCell
from .loss_scale import (
    DynamicLossScaleUpdateCell,
    FixedLossScaleUpdateCell,
    TrainOneStepWithLossScaleCell,
)

__all__ = [
    "WithLossCell",
    "WithEvalCell",
    "WithGradCell",
    "TrainOneStepCell",
    "TrainOneStepWithLossScaleCell",
    "DynamicLossScaleUpdateCell",
    "FixedLossScaleUpdateCell",
    "TrainOneStepWithGradAccumulationCell",
    "ForwardValueAndGrad",
    "ParameterUpdate",
]
