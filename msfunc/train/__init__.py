"""msfunc.train: Model, callbacks, metrics, loss-scale managers, checkpoints and export."""

from .._lazy import on_first_read as _on_first_read
from .._lazy import reexport as _reexport

# Each name's module, imported when the name is first read (msfunc._lazy): `import msfunc`
# leaves Model, the callbacks, metrics and checkpoint code unloaded until a program uses them.
_HOMES = {
    **dict.fromkeys(
        ("LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"), "..amp"
    ),
    "build_train_network": "..amp",
    "data_sink": "..transforms",
    **dict.fromkeys(
        (
            "Callback",
            "CheckpointConfig",
            "EarlyStopping",
            "FlopsUtilizationCollector",
            "History",
            "LambdaCallback",
            "LearningRateScheduler",
            "LossMonitor",
            "ModelCheckpoint",
            "OnRequestExit",
            "ProgressBar",
            "ReduceLROnPlateau",
            "RunContext",
            "SummaryCollector",
            "TimeMonitor",
        ),
        ".callback",
    ),
    **dict.fromkeys(("ckpt_to_safetensors", "safetensors_to_ckpt"), ".convert"),
    **dict.fromkeys(("export", "load"), ".exporting"),
    **dict.fromkeys(
        (
            "F1",
            "MAE",
            "MSE",
            "Accuracy",
            "ConfusionMatrix",
            "Fbeta",
            "Loss",
            "Metric",
            "Precision",
            "Recall",
            "Top1CategoricalAccuracy",
            "Top5CategoricalAccuracy",
            "TopKCategoricalAccuracy",
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
            "get_metric_fn",
            "names",
            "rearrange_inputs",
        ),
        ".metrics",
    ),
    "Model": ".model",
    "SummaryRecord": ".summary",
    "DatasetHelper": ".dataset_helper",
    **dict.fromkeys(
        ("async_ckpt_thread_status", "load_checkpoint", "load_param_into_net", "save_checkpoint"),
        ".serialization",
    ),
}
# the submodules a program reads as attributes (``msfunc.train.serialization``)
_SUBMODULES = (
    "callback",
    "convert",
    "dataset_helper",
    "exporting",
    "metrics",
    "model",
    "serialization",
    "summary",
)

__all__ = list(_HOMES)

_UNSUPPORTED = {
    "SummaryLandscape": "loss landscapes are not computed from SummaryCollector's checkpoints",
    "BackupAndRestore": "use ModelCheckpoint and load_checkpoint",
    "TrainFaultTolerance": "cluster fault tolerance is not provided",
    "connect_network_with_dataset": "use msfunc.data_sink",
}


def _missing(name):
    if name in _UNSUPPORTED:
        from ..errors import UnsupportedError

        raise UnsupportedError(f"msfunc.train.{name} is not supported: {_UNSUPPORTED[name]}")
    raise AttributeError(f"module 'msfunc.train' has no attribute {name!r}")


__getattr__, __dir__ = _on_first_read(
    globals(), {*_HOMES, *_SUBMODULES}, _reexport(__name__, _HOMES), _missing
)
