"""A dataset pipeline as the DatasetGraph lineage message: each operation's parameters by
type (str, bool, int, float, lists as JSON strings, dicts as JSON), its inputs as children,
its sampler and map operations as Operation messages.

Example:
    >>> import numpy as np
    >>> from msfunc.dataset import NumpySlicesDataset
    >>> data = NumpySlicesDataset({"x": np.ones((4, 1), np.float32)}, shuffle=False).batch(2)
    >>> graph = dataset_graph(data)
    >>> graph.parameter.mapStr["op_type"], graph.children[0].parameter.mapStr["op_type"]
    ('Batch', 'GeneratorDataset')
"""

from __future__ import annotations

import json
import logging

__all__ = ["dataset_graph"]

_log = logging.getLogger("msfunc.train.summary")


def dataset_graph(dataset):
    """The DatasetGraph message of `dataset`'s pipeline, or None when it cannot be described."""
    from ...dataset import serialize
    from ..summary._proto import DatasetGraph

    try:
        described = serialize(dataset)
    except (TypeError, OSError, ValueError) as exc:
        _log.warning("SummaryCollector: the dataset pipeline cannot be described: %s", exc)
        return None
    message = DatasetGraph()
    if isinstance(described, dict) and "children" in described:
        _fill_node(described, message)
    return message


def _fill_node(node, message):
    for child in node.get("children") or []:
        if child:
            _fill_node(child, message.children.add())
    for key, value in node.items():
        if key == "children":
            continue
        if key == "operations" and value:
            for operation in value:
                _fill_operation(operation, message.operations.add())
        elif key == "sampler" and value:
            _fill_operation(value, message.sampler)
        else:
            _fill_parameter(key, value, message.parameter)


def _fill_operation(operation, message):
    if operation is None:
        _log.warning("SummaryCollector: a dataset operation cannot be described")
        return
    for key, value in operation.items():
        if isinstance(value, (list, tuple)):
            # whole numbers are sizes, anything else weights
            target = message.size if all(isinstance(v, int) for v in value) else message.weights
            target.extend(value)
        else:
            _fill_parameter(key, value, message.operationParam)


def _fill_parameter(key, value, message):
    if isinstance(value, str):
        message.mapStr[key] = value
    elif isinstance(value, bool):
        message.mapBool[key] = value
    elif isinstance(value, int):
        message.mapInt[key] = value
    elif isinstance(value, float):
        message.mapDouble[key] = value
    elif isinstance(value, (list, tuple)):
        if value and key != "operations":
            strings = ["" if v is None else json.dumps(v) for v in value]
            message.mapStrList[key].strValue.extend(strings)
    elif isinstance(value, dict):
        try:
            message.mapStr[key] = json.dumps(value)
        except TypeError as exc:
            _log.warning("SummaryCollector: dataset parameter %r is not JSON: %s", key, exc)
    elif value is None:
        message.mapStr[key] = "None"
    else:
        _log.warning(
            "SummaryCollector: dataset parameter %r of type %s is left out",
            key,
            type(value).__name__,
        )
