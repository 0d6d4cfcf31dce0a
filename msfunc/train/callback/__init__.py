"""Training callbacks: the protocol, monitors, checkpoints and plateau watchers."""

from ._callback import Callback, CallbackList, CallbackParam, RunContext
from .checkpoint import CheckpointConfig, ModelCheckpoint
from .flops import FlopsUtilizationCollector
from .monitors import History, LambdaCallback, LossMonitor, ProgressBar, TimeMonitor
from .plateau import EarlyStopping, LearningRateScheduler, ReduceLROnPlateau
from .request_exit import OnRequestExit
from .summary_collector import SummaryCollector

__all__ = [
    "Callback",
    "CallbackList",
    "CallbackParam",
    "RunContext",
    "CheckpointConfig",
    "ModelCheckpoint",
    "History",
    "LambdaCallback",
    "LossMonitor",
    "ProgressBar",
    "TimeMonitor",
    "EarlyStopping",
    "ReduceLROnPlateau",
    "LearningRateScheduler",
    "OnRequestExit",
    "FlopsUtilizationCollector",
    "SummaryCollector",
]
