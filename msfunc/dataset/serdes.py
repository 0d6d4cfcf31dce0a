"""`mindspore.dataset.serialize`: a pipeline as MindSpore's JSON description (each node's
operation type, settings and children), returned as a dict and optionally written to a file;
`autotune_config` writes it where autotuning's configuration goes."""

from __future__ import annotations

import os

from . import config
from .given_args import given_args
from .pipeline_methods import PipelineMethods
from .serdes_values import operations_record, to_json

__all__ = ["serialize"]

# MindSpore's operation type of the msfunc nodes whose class name is not it
_OP_TYPES = {
    "NumpySlicesDataset": "GeneratorDataset",
    "_RandomAccessGenerator": "GeneratorDataset",
    "_BatchSampled": "GeneratorDataset",
    "PaddedDataset": "GeneratorDataset",
    "BucketBatch": "BucketBatchByLength",
    "SyncWait": "SyncWait",
    "TransferDataset": "Transfer",
}
# the sources whose rows come from Python objects: described by kind alone (as MindSpore)
_PYTHON_SOURCES = {"GeneratorDataset"}
# where the settings of these nodes come from: their constructor's argument names
_SETTINGS = {
    "Project": ("columns",),
    "Rename": ("input_columns", "output_columns"),
    "Transfer": ("send_epoch_end", "create_data_info_queue", "queue_name"),
}


def _columns(names):
    return [] if names is None else [names] if isinstance(names, str) else list(names)


def _source(dataset, record):
    """A source's constructor arguments (its sampler described), then its worker count."""
    if record["op_type"] not in _PYTHON_SOURCES:
        args = given_args(dataset) or {}
        record.update({k: to_json(v, record["op_type"]) for k, v in args.items()})
    record["num_parallel_workers"] = getattr(dataset, "num_parallel_workers", None) or 1
    record["connector_queue_size"] = config.get_prefetch_size()


def _node(dataset):
    name = type(dataset).__name__
    kind = _OP_TYPES.get(name, name.lstrip("_"))
    record: dict[str, object] = {"op_type": kind}
    args = given_args(dataset) or {}
    if kind in ("Map", "Batch"):
        workers = getattr(dataset, "_num_workers", None)
        record["num_parallel_workers"] = workers if workers is not None else 1
        record["connector_queue_size"] = config.get_prefetch_size()
    if kind == "Map":
        record["callback"] = []
        given_in, given_out = dataset.given_columns
        record["input_columns"] = _columns(given_in)
        # (MindSpore writes the input columns where no output columns were given)
        record["output_columns"] = _columns(given_out if given_out is not None else given_in)
        record["operations"] = operations_record(dataset._ops)
    elif kind == "Batch":
        record["batch_size"] = (
            dataset._size_per_batch if dataset._size_fn is None else dataset._size_fn.__name__
        )
        record["drop_remainder"] = dataset._drop
        record["input_columns"], record["output_columns"] = [], []
        if args.get("pad_info"):
            record["pad_info"] = to_json(args["pad_info"], "Batch")
    elif kind == "Shuffle":
        record["buffer_size"] = getattr(dataset, "_buffer", None)
        record["reset_each_epoch"] = True
    elif kind == "Repeat":
        record["count"] = getattr(dataset, "_times", None)
    elif kind in ("Take", "Skip"):
        record["count"] = getattr(dataset, "_n", None)
    elif kind in _SETTINGS:
        record.update({k: to_json(args.get(k), kind) for k in _SETTINGS[kind]})
        if kind == "Rename":
            record["input_columns"] = _columns(record["input_columns"])
            record["output_columns"] = _columns(record["output_columns"])
    elif not dataset.children:
        _source(dataset, record)
    record["children"] = [_node(child) for child in dataset.children]
    return dict(sorted(record.items()))


def serialize(dataset: PipelineMethods, json_filepath: str = "") -> dict:
    """The pipeline ending at `dataset` as MindSpore's JSON description, also written to
    `json_filepath` when one is given.

    Args:
        dataset (Dataset): The last node of the pipeline.
        json_filepath (str, optional): A file to write the description to (JSON). Default:
            ``""``, none.

    Returns:
        dict, the description: each node's ``op_type``, its settings and ``children``.

    Raises:
        TypeError: `dataset` is not a dataset or `json_filepath` not a str.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset([1, 2, 3], ["c"], shuffle=False).map(np.negative).batch(2)
        >>> desc = ds.serialize(d)
        >>> desc["op_type"], desc["children"][0]["operations"][0]["tensor_op_name"]
        ('Batch', 'negative')
    """
    if not isinstance(dataset, PipelineMethods):
        raise TypeError(f"serialize: `dataset` must be a dataset, got {type(dataset).__name__}")
    if not isinstance(json_filepath, str):
        raise TypeError(f"serialize: `json_filepath` must be a str, got {json_filepath!r}")
    description = _node(dataset)
    if json_filepath:
        import json

        with open(json_filepath, "w") as f:
            json.dump(description, f, indent=2)
    return description


def autotune_config(dataset):
    """With autotuning on and a `filepath_prefix` given, write the pipeline's configuration to
    ``<prefix>_<RANK_ID>.json`` as MindSpore's autotuning does (a summary, the pipeline's
    description under "tree" and a remark); msfunc tunes nothing, so the tree is the pipeline
    as built."""
    prefix = config.autotune_filepath()
    if not config.get_enable_autotune() or not prefix:
        return
    import json

    rank = os.environ.get("RANK_ID", "0")
    out = {
        "summary": [],
        "tree": serialize(dataset),
        "remark": "msfunc does not tune pipelines: this is the configuration as built",
    }
    with open(f"{prefix}_{rank}.json", "w") as f:
        json.dump(out, f, indent=2)
