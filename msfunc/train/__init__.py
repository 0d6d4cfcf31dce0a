"""msfunc.train: Model, callbacks, metrics, loss-scale managers, checkpoints and export."""

from ..amp import (
    DynamicLossScaleManager,
    FixedLossScaleManager,
    LossScaleManager,
    build_train_network,
)
from ..transforms import data_sink
from .callback import (
    Callback,
    CheckpointConfig,
    EarlyStopping,
    History,
    LambdaCallback,
    LearningRateScheduler,
    LossMonitor,
    ModelCheckpoint,
    ProgressBar,
    ReduceLROnPlateau,
    RunContext,
    TimeMonitor,
)
from .convert import ckpt_to_safetensors, safetensors_to_ckpt
from .dataset_helper import DatasetHelper
from .exporting import export, load
from .metrics import (
    F1,
    MAE,
    MSE,
    ROC,
    Accuracy,
    BleuScore,
    ConfusionMatrix,
    ConfusionMatrixMetric,
    CosineSimilarity,
    Dice,
    Fbeta,
    HausdorffDistance,
    Loss,
    MeanSurfaceDistance,
    Metric,
    OcclusionSensitivity,
    Perplexity,
    Precision,
    Recall,
    RootMeanSquareDistance,
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
    auc,
    get_metric_fn,
    names,
    rearrange_inputs,
)
from .model import Model
from .serialization import (
    async_ckpt_thread_status,
    load_checkpoint,
    load_param_into_net,
    save_checkpoint,
)

__all__ = [
    "Model",
    "LossScaleManager",
    "FixedLossScaleManager",
    "DynamicLossScaleManager",
    "data_sink",
    "DatasetHelper",
    "Callback",
    "LossMonitor",
    "TimeMonitor",
    "ModelCheckpoint",
    "CheckpointConfig",
    "RunContext",
    "History",
    "LambdaCallback",
    "ReduceLROnPlateau",
    "EarlyStopping",
    "ProgressBar",
    "LearningRateScheduler",
    "build_train_network",
    "names",
    "get_metric_fn",
    "Accuracy",
    "MAE",
    "MSE",
    "Metric",
    "rearrange_inputs",
    "Precision",
    "Recall",
    "Fbeta",
    "F1",
    "TopKCategoricalAccuracy",
    "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy",
    "Loss",
    "ConfusionMatrix",
    "ConfusionMatrixMetric",
    "ROC",
    "auc",
    "BleuScore",
    "Perplexity",
    "Dice",
    "HausdorffDistance",
    "MeanSurfaceDistance",
    "RootMeanSquareDistance",
    "OcclusionSensitivity",
    "CosineSimilarity",
    "save_checkpoint",
    "load_checkpoint",
    "load_param_into_net",
    "async_ckpt_thread_status",
    "ckpt_to_safetensors",
    "safetensors_to_ckpt",
    "export",
    "load",
]

_UNSUPPORTED = {
    "SummaryCollector": "MindInsight summaries are not written; use a LambdaCallback or History",
    "SummaryRecord": "MindInsight summaries are not written",
    "SummaryLandscape": "MindInsight summaries are not written",
    "FlopsUtilizationCollector": "Ascend profiling is not available",
    "OnRequestExit": "signal-driven exit is not provided",
    "BackupAndRestore": "use ModelCheckpoint and load_checkpoint",
    "TrainFaultTolerance": "cluster fault tolerance is not provided",
    "connect_network_with_dataset": "use msfunc.data_sink",
}


def __getattr__(name):
    if name in _UNSUPPORTED:
        from ..errors import UnsupportedError

        raise UnsupportedError(f"msfunc.train.{name} is not supported: {_UNSUPPORTED[name]}")
    raise AttributeError(f"module 'msfunc.train' has no attribute {name!r}")
