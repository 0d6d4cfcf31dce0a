"""`mindspore.dataset.serialize`: a pipeline as MindSpore's JSON description (each node's
operation type, settings and children), returned as a dict and optionally written to a file;
`autotune_config` writes it where autotuning's configuration goes."""

from __future__ import annotations

import os

from . import config
from .pipeline_methods import PipelineMethods

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
_NAMES = {"python_module", "tensor_op_name"}


def _columns(names):
    return [] if names is None else list(names)


def _operation(op):
    """One map operation: a Python callable by its name and module; one of msfunc's transform
    objects by its class name and public settings."""
    name = getattr(op, "__name__", None)
    if name is None and getattr(op, "__func__", None) is not None:
        name = op.__func__.__name__
    if name is not None:  # a function, lambda or method
        return {"python_module": getattr(op, "__module__", None), "tensor_op_name": name}
    params = {
        key: (value if isinstance(value, (bool, int, float, str)) or value is None else str(value))
        for key, value in vars(op).items()
        if not key.startswith("_")
    }
    cls = type(op)
    if cls.__module__.startswith("msfunc.dataset"):
        return {"tensor_op_name": cls.__name__, "tensor_op_params": params}
    return {"python_module": cls.__module__, "tensor_op_name": cls.__name__}


def _operations(ops):
    """The map's operations, consecutive Python callables joined into one Compose as
    MindSpore's map joins them (its own transforms stay apart)."""
    out, run = [], []

    def flush():
        if len(run) == 1:
            out.append(_operation(run[0]))
        elif run:
            names = [_operation(op)["tensor_op_name"] for op in run]
            out.append({"tensor_op_name": "Compose", "tensor_op_params": {"transforms": names}})
        run.clear()

    for op in ops:
        if type(op).__module__.startswith("msfunc.dataset"):
            flush()
            out.append(_operation(op))
        else:
            run.append(op)
    flush()
    return out


def _node(dataset):
    name = type(dataset).__name__
    record: dict[str, object] = {"op_type": _OP_TYPES.get(name, name.lstrip("_"))}
    kind = record["op_type"]
    if kind in ("Map", "Batch"):
        workers = getattr(dataset, "_num_workers", None)
        record["num_parallel_workers"] = workers if workers is not None else 1
        record["connector_queue_size"] = config.get_prefetch_size()
    if kind == "Map":
        record["callback"] = []
        given_in, given_out = dataset.given_columns
        record["input_columns"] = _columns([given_in] if isinstance(given_in, str) else given_in)
        record["output_columns"] = _columns(
            [given_out] if isinstance(given_out, str) else given_out
        )
        record["operations"] = _operations(dataset._ops)
    elif kind == "Batch":
        record["batch_size"] = (
            dataset._size_per_batch if dataset._size_fn is None else dataset._size_fn.__name__
        )
        record["drop_remainder"] = dataset._drop
        record["input_columns"], record["output_columns"] = [], []
    elif kind == "Shuffle":
        record["buffer_size"] = getattr(dataset, "_buffer", None)
        record["reset_each_epoch"] = True
    elif kind == "Repeat":
        record["count"] = getattr(dataset, "_times", None)
    elif kind in ("Take", "Skip"):
        record["count"] = getattr(dataset, "_n", None)
    elif not dataset.children:  # a source
        record["num_parallel_workers"] = getattr(dataset, "num_parallel_workers", None) or 1
        record["connector_queue_size"] = config.get_prefetch_size()
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
