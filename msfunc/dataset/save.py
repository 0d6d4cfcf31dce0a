"""`Dataset.save`: one epoch of a dataset written to MindRecord files."""

from __future__ import annotations

import string

from ..mindrecord.exceptions import MindRecordException
from ..mindrecord.writer import FileWriter
from . import config

__all__ = ["save_dataset"]

_SAVED_AS = {
    "b": "int32",
    "i1": "int32",
    "i2": "int32",
    "i4": "int32",
    "u1": "int32",
    "u2": "int32",
    "u4": "int64",
    "i8": "int64",
    "u8": "int64",
    "f2": "float32",
    "f4": "float32",
    "f8": "float64",
    "U": "string",
    "S": "bytes",
}


def _field(name, column):
    kind = column.dtype.kind + ("" if column.dtype.kind in "US" else str(column.dtype.itemsize))
    kind = "b" if column.dtype.kind == "b" else kind
    if kind == "S" and column.shape == (1,):  # (how MindDataset yields a bytes field)
        return {"type": "bytes"}
    if kind not in _SAVED_AS or (column.ndim and kind in ("U", "S")):
        raise TypeError(
            f"Dataset.save: column {name!r} of dtype {column.dtype} and rank "
            f"{column.ndim} has no MindRecord type"
        )
    field = {"type": _SAVED_AS[kind]}
    if column.ndim:
        field["shape"] = [-1, *column.shape[1:]]
    return field


def _value(column, field):
    """A column's value as the writer takes it for `field`."""
    kind = field["type"]
    if "shape" in field:
        return column.astype(kind)
    if kind == "bytes":
        return bytes(column.reshape(-1)[0])
    if kind == "string":
        return column.item()
    return column.astype(kind).item()  # (a bool is saved as int32, a float16 as float32)


# (a MindRecord field name holds letters, digits and _: MindSpore saves a column whose name
# holds punctuation under the name with each mark made _; other characters stay, and fail)
_UNSAFE = set(string.punctuation) - {"_"}


def _field_name(name):
    return "".join("_" if ch in _UNSAFE else ch for ch in name)


def save_dataset(dataset, file_name, num_files=1, file_type="mindrecord"):
    """Write every row of one epoch of `dataset` to MindRecord files (see `Dataset.save`)."""
    if file_type != "mindrecord":
        raise ValueError(f"Dataset.save: `file_type` must be 'mindrecord', got {file_type!r}")
    names = [_field_name(n) for n in dataset.get_col_names()]
    rows = dataset.epoch_rows(config.pipeline_seed(), 0)
    writer, schema, batch = FileWriter(file_name, shard_num=num_files), None, []
    for row in rows:
        if schema is None:
            schema = {n: _field(n, c) for n, c in zip(names, row)}
            try:
                writer.add_schema(schema, "mindrecord")
            except MindRecordException as exc:  # (MindSpore's pipeline raises RuntimeError)
                raise RuntimeError(
                    f"Dataset.save: the columns make no MindRecord schema: {exc}"
                ) from None
            scalars = [
                n for n in names if "shape" not in schema[n] and schema[n]["type"] != "bytes"
            ]
            if scalars:  # MindSpore indexes the scalar columns, in column order
                writer.add_index(scalars)
        for n, c in zip(names, row):
            if "shape" in schema[n] and list(c.shape[1:]) != schema[n]["shape"][1:]:
                raise RuntimeError(
                    f"Dataset.save: column {n!r} changes shape beyond its first dimension "
                    f"({schema[n]['shape'][1:]} then {list(c.shape[1:])}); reshape it to a "
                    "fixed shape to save it"
                )
        batch.append({n: _value(c, schema[n]) for n, c in zip(names, row)})
        if len(batch) == 1000:
            writer.write_raw_data(batch)
            batch = []
    if schema is None:
        raise ValueError("Dataset.save: the dataset is empty")
    if batch:
        writer.write_raw_data(batch)
    writer.commit()
