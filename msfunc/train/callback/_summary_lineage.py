"""What a SummaryCollector finds in a run for its lineage: the loss, the optimizer and its
learning rate, the loss function, the dataset's path and size; and the lineage messages.

Example:
    >>> message = train_lineage_message({"network": "Net", "loss": 0.5, "epoch": 2,
    ...     "device_num": 1, "batch_size": 4, "model_path": "{}", "model_size": 0})
    >>> message.algorithm.network, message.hyper_parameters.batch_size
    ('Net', 4)
"""

from __future__ import annotations

import logging

import numpy as np

__all__ = [
    "find_optimizer",
    "learning_rate",
    "find_loss_fn",
    "dataset_lineage",
    "train_lineage_message",
    "eval_lineage_message",
    "custom_lineage_message",
]

_log = logging.getLogger("msfunc.train.summary")


def find_optimizer(network):
    """The first Optimizer among `network`'s cells, or one a cell holds as ``optimizer``."""
    from ...nn.optim.optimizer import Optimizer

    for _, cell in network.cells_and_names():
        if isinstance(cell, Optimizer):
            return cell
        found = getattr(cell, "optimizer", None)
        if isinstance(found, Optimizer):
            return found
    return None


def learning_rate(optimizer):
    """The optimizer's learning rate (a numpy array) when it is one Parameter, else None."""
    from ...common.parameter import Parameter

    rate = getattr(optimizer, "learning_rate", None)
    if not isinstance(rate, Parameter):
        _log.warning(
            "the optimizer's learning rate is a %s, not a Parameter: not recorded",
            type(rate).__name__,
        )
        return None
    return np.atleast_1d(rate.asnumpy())


def find_loss_fn(cb_params, network):
    """The run's loss function: ``cb_params.loss_fn``, else the first loss cell of `network`."""
    from ...nn.loss import LossBase

    loss_fn = cb_params.get("loss_fn") if isinstance(cb_params, dict) else None
    if loss_fn is not None or network is None:
        return loss_fn
    for _, cell in network.cells_and_names():
        if isinstance(cell, LossBase):
            return cell
    return None


def _dataset_path(dataset):
    """The file or folder a dataset pipeline reads (following its first input), or None."""
    while dataset is not None:
        for attr in ("dataset_file", "dataset_files", "dataset_dir"):
            path = getattr(dataset, attr, None)
            if isinstance(path, (list, tuple)):
                path = path[0] if path else None
            if isinstance(path, str) and path:
                return path
        children = getattr(dataset, "children", None)
        dataset = children[0] if children else None
    return None


def dataset_lineage(dataset):
    """``(path or None, batch size, rows per epoch)`` of a dataset pipeline."""
    import os

    path = _dataset_path(dataset)
    if path and os.path.isfile(path):
        path = os.path.dirname(path)
    batches = dataset.get_dataset_size()
    batch_size = dataset.get_batch_size()
    return path, batch_size, int(batches * batch_size)


def train_lineage_message(lineage):
    """A TrainLineage message from a dict of what was found (None: not set)."""
    from ..summary._proto import TrainLineage

    message = TrainLineage()
    fields = (
        ("algorithm", "network", "network"),
        ("algorithm", "loss", "loss"),
        ("train_dataset", "train_dataset_path", "train_dataset_path"),
        ("train_dataset", "train_dataset_size", "train_dataset_size"),
        ("hyper_parameters", "learning_rate", "learning_rate"),
        ("hyper_parameters", "optimizer", "optimizer"),
        ("hyper_parameters", "loss_function", "loss_function"),
        ("hyper_parameters", "parallel_mode", "parallel_mode"),
    )
    for group, field, key in fields:
        if lineage.get(key) is not None:
            setattr(getattr(message, group), field, lineage[key])
    message.model.path = lineage["model_path"]
    message.model.size = lineage["model_size"]
    for field in ("epoch", "device_num", "batch_size"):
        setattr(message.hyper_parameters, field, lineage[field])
    return message


def eval_lineage_message(lineage):
    """An EvaluationLineage message from a dict of what was found (None: not set)."""
    from ..summary._proto import EvaluationLineage

    message = EvaluationLineage()
    if lineage.get("metrics") is not None:
        message.metric = lineage["metrics"]
    if lineage.get("valid_dataset_path") is not None:
        message.valid_dataset.valid_dataset_path = lineage["valid_dataset_path"]
    if lineage.get("valid_dataset_size") is not None:
        message.valid_dataset.valid_dataset_size = lineage["valid_dataset_size"]
    return message


def custom_lineage_message(data):
    """A UserDefinedInfo message: one entry per key, by its value's type."""
    from ..summary._proto import UserDefinedInfo

    message = UserDefinedInfo()
    for key, value in data.items():
        kind = (
            "map_int32"
            if isinstance(value, int)
            else "map_double"
            if isinstance(value, float)
            else "map_str"
        )
        getattr(message.user_info.add(), kind)[key] = value
    return message
