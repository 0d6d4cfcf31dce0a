"""`mindspore.dataset.deserialize` and `show`: a pipeline rebuilt from, or printed as, the JSON
description `serialize` writes (MindSpore's schema: each node's ``op_type``, settings and
``children``)."""

from __future__ import annotations

import json

from .engine import Dataset
from .serdes import serialize
from .serdes_build import build, op_from_record

__all__ = ["deserialize", "show"]


def _source_class(kind):
    """The public source class named `kind`, among the Dataset classes defined so far."""
    stack = list(Dataset.__subclasses__())
    while stack:
        cls = stack.pop()
        if cls.__name__ == kind and cls.__module__.startswith("msfunc.dataset"):
            return cls
        stack.extend(cls.__subclasses__())
    return None


def _source(record, kind):
    cls = _source_class(kind)
    if kind == "GeneratorDataset" or cls is None or kind.startswith("_"):
        raise RuntimeError(f"deserialize: unsupported operation type: {kind}")
    if record.get("num_samples") == 0:  # MindSpore's "all of them"
        record = {**record, "num_samples": None}
    return build(cls, record, kind)


def _columns(names):
    return list(names) if names else None


def _map(child, record):
    ops = [op_from_record(op) for op in record.get("operations") or []]
    return child.map(
        operations=ops,
        input_columns=_columns(record.get("input_columns")),
        output_columns=_columns(record.get("output_columns")),
        num_parallel_workers=record.get("num_parallel_workers"),
    )


def _batch(child, record):
    size, drop = record.get("batch_size", 1), bool(record.get("drop_remainder", False))
    workers = record.get("num_parallel_workers")
    pad_info = record.get("pad_info")
    if pad_info:
        pads = {k: (v[0], v[1]) for k, v in pad_info.items()}
        return child.padded_batch(size, drop, workers, pad_info=pads)
    return child.batch(size, drop, workers)


# each operation from its child (or children) and its record
_OPERATIONS = {
    "Map": _map,
    "Batch": _batch,
    "Shuffle": lambda child, r: child.shuffle(r.get("buffer_size") or 10000),
    "Repeat": lambda child, r: child.repeat(r.get("count")),
    "Take": lambda child, r: child.take(r.get("count", -1)),
    "Skip": lambda child, r: child.skip(r.get("count")),
    "Project": lambda child, r: child.project(r["columns"]),
    "Rename": lambda child, r: child.rename(r["input_columns"], r["output_columns"]),
    "Transfer": lambda child, r: child.device_que(
        r.get("send_epoch_end", True),
        r.get("create_data_info_queue", False),
        r.get("queue_name", ""),
    ),
}


def _node(record):
    if not isinstance(record, dict) or not isinstance(record.get("op_type"), str):
        raise RuntimeError(f"deserialize: a node without an 'op_type': {record!r}")
    kind = record["op_type"]
    children = [_node(child) for child in record.get("children") or []]
    if not children:
        return _source(record, kind)
    if kind == "Zip":
        from .combine_nodes import zip_datasets

        return zip_datasets(tuple(children))
    if kind == "Concat":
        return children[0].concat(children[1:])
    if kind not in _OPERATIONS or len(children) != 1:
        raise RuntimeError(f"deserialize: unsupported operation type: {kind}")
    return _OPERATIONS[kind](children[0], record)


def deserialize(input_dict: dict | str | None = None, json_filepath: str | None = None) -> Dataset:
    """The pipeline a `serialize` description holds, built again.

    Args:
        input_dict (Union[dict, str], optional): The description (or a JSON file's path).
            Default: ``None``.
        json_filepath (str, optional): A JSON file holding it. Default: ``None``.

    Returns:
        Dataset, the last node of the rebuilt pipeline.

    Raises:
        ValueError: neither (or both) of `input_dict` and `json_filepath` is given.
        TypeError: `input_dict` is not a dict or `json_filepath` not a str.
        RuntimeError: the description names an operation msfunc cannot rebuild (as
            MindSpore, a pipeline fed by Python objects, ``GeneratorDataset``, or a
            ``filter``).

    Example:
        >>> import msfunc.dataset as ds
        >>> from msfunc.dataset import transforms
        >>> d = ds.RandomDataset(total_rows=4, schema=None, columns_list=None, num_samples=None)
        >>> desc = {"op_type": "Take", "count": 2, "children": [ds.serialize(d)]}
        >>> ds.deserialize(input_dict=desc).get_dataset_size()
        2
    """
    if (input_dict is None) == (json_filepath is None):
        raise ValueError("deserialize: give one of `input_dict` and `json_filepath`")
    if isinstance(input_dict, str):  # (MindSpore takes a file's path here too)
        input_dict, json_filepath = None, input_dict
    if json_filepath is not None:
        if not isinstance(json_filepath, str):
            raise TypeError(f"deserialize: `json_filepath` must be a str, got {json_filepath!r}")
        with open(json_filepath) as f:
            input_dict = json.load(f)
    if not isinstance(input_dict, dict):
        raise TypeError(f"deserialize: `input_dict` must be a dict, got {input_dict!r}")
    if "op_type" not in input_dict and isinstance(input_dict.get("tree"), dict):
        input_dict = input_dict["tree"]  # an autotuning configuration file holds it here
    return _node(input_dict)


def show(dataset: Dataset, indentation: int | None = 2) -> None:
    """Print the pipeline ending at `dataset` as `serialize` describes it (JSON).

    Args:
        dataset (Dataset): The last node of the pipeline.
        indentation (int, optional): Spaces per level; None prints one line. Default: ``2``.

    Returns:
        None; the description is printed.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> ds.show(ds.NumpySlicesDataset([1, 2], ["c"]).repeat(2), indentation=None)
        {"children": [{"children": [], "connector_queue_size": 16, "num_parallel_workers": 1, "op_type": "GeneratorDataset"}], "count": 2, "op_type": "Repeat"}
    """  # noqa: E501 - the printed line is as long as it is
    if indentation is not None and (not isinstance(indentation, int) or indentation < 0):
        raise TypeError(
            f"show: `indentation` must be a non-negative int or None, got {indentation!r}"
        )
    print(json.dumps(serialize(dataset), indent=indentation))
