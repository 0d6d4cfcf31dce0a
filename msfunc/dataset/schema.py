"""`Schema`: a dataset's column layout (names, dtypes, shapes), built in code or read from
MindSpore's schema json."""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

__all__ = ["Schema"]

_FIELDS = ("columns", "datasetType", "numRows")


def _dtype(de_type, who, error: type[Exception] = TypeError):
    if str(de_type) in ("String", "string"):  # text columns (a file source's schema)
        return np.dtype(str)
    try:
        return np.dtype(de_type)
    except TypeError:
        raise error(f"{who}: `de_type` must be a numeric dtype, got {de_type!r}") from None


def _type_name(dtype):
    return "string" if dtype.kind == "U" else dtype.name


def _parsed_column(name, spec, who):
    """One column of a json layout; a column without a shape is a scalar (any rank given
    beside it is ignored, as MindSpore's parser ignores it)."""
    if "type" not in spec:
        raise RuntimeError(f"{who}: column {name!r} has no 'type'")
    dtype = _dtype(spec["type"], who, RuntimeError)
    shape = spec.get("shape", [])
    if not isinstance(shape, list) or not all(isinstance(d, int) for d in shape):
        raise RuntimeError(f"{who}: the shape of column {name!r} must be a list of ints")
    return {"name": name, "type": dtype, "shape": list(shape)}


class Schema:
    """Column layout of a dataset: names, dtypes and (optionally) shapes, built with
    `add_column` or read from MindSpore's schema json (``{"columns": {name: {"type",
    "shape"}}, "numRows": n}``; a dict of columns is taken in name order).

    Args:
        schema_file (str, optional): A schema json file to read. Default: ``None``.

    Raises:
        TypeError: `schema_file` is not a str.
        ValueError: `schema_file` is not a file.
        RuntimeError: the file's layout is not a schema (see `from_json`).

    Example:
        >>> import msfunc as ms, msfunc.dataset as ds
        >>> schema = ds.Schema()
        >>> schema.add_column("label", de_type=ms.int32, shape=[1])
        >>> [(c["name"], str(c["type"]), c["shape"]) for c in schema.columns]
        [('label', 'int32', [1])]
        >>> schema.parse_columns({"b": {"type": "uint8"}, "a": {"type": "float32", "shape": [2]}})
        >>> [(c["name"], c["shape"]) for c in schema.columns]
        [('a', [2]), ('b', [])]
    """

    def __init__(self, schema_file: str | None = None) -> None:
        self.columns: list[dict[str, Any]] = []
        self.num_rows = 0
        self.dataset_type = None
        if schema_file is not None:
            if not isinstance(schema_file, str):
                raise TypeError(f"Schema: `schema_file` must be a str, got {schema_file!r}")
            if not os.path.isfile(schema_file):
                raise ValueError(f"Schema: {schema_file!r} is not a file that can be read")
            with open(schema_file) as f:
                try:
                    spec = json.load(f)
                except json.JSONDecodeError as exc:
                    raise RuntimeError(f"Schema: {schema_file!r} is not json: {exc}") from None
            self.from_json(spec)

    def add_column(self, name: str, de_type: Any, shape: list[int] | None = None) -> None:
        """Append a column `name` of dtype `de_type` and `shape` (None: any shape)."""
        if not isinstance(name, str):
            raise TypeError(f"Schema.add_column: `name` must be a str, got {name!r}")
        if shape is not None and not (
            isinstance(shape, list)
            and all(isinstance(d, int) and (d > 0 or d == -1) for d in shape)
        ):
            raise TypeError(
                "Schema.add_column: `shape` must be a list of positive ints (-1: any length), "
                f"got {shape!r}"
            )
        dtype = _dtype(de_type, "Schema.add_column")
        self.columns.append({"name": name, "type": dtype, "shape": shape})

    def parse_columns(self, columns: dict | list | tuple) -> None:
        """Replace the columns with `columns`: a dict of name -> ``{"type", "shape"}`` (in
        name order) or a list of ``{"name", "type", "shape"}`` (in its order); a column
        without a shape is a scalar.

        Raises:
            RuntimeError: `columns` is neither, or a column lacks its name or type.
        """
        who = "Schema.parse_columns"
        if isinstance(columns, dict):
            items = [(name, columns[name]) for name in sorted(columns)]
        elif isinstance(columns, (list, tuple)):
            items = []
            for spec in columns:
                if not isinstance(spec, dict) or "name" not in spec:
                    raise RuntimeError(f"{who}: each column must be a dict with a 'name'")
                items.append((spec["name"], spec))
        else:
            raise RuntimeError(f"{who}: `columns` must be a dict or a list, got {columns!r}")
        for name, spec in items:
            if not isinstance(spec, dict):
                raise RuntimeError(f"{who}: column {name!r} must be a dict, got {spec!r}")
        self.columns = [_parsed_column(name, spec, who) for name, spec in items]

    def from_json(self, json_obj: dict) -> None:
        """Replace the layout with a parsed schema json: ``columns`` (required, not empty),
        ``numRows`` and ``datasetType`` (optional).

        Raises:
            RuntimeError: a field is unknown, or the columns are missing or malformed.
        """
        if not isinstance(json_obj, dict):
            raise RuntimeError(f"Schema.from_json: expected a dict, got {json_obj!r}")
        unknown = [k for k in json_obj if k not in _FIELDS]
        if unknown:
            raise RuntimeError(f"Schema.from_json: unknown fields {unknown}")
        if not json_obj.get("columns"):
            raise RuntimeError("Schema.from_json: the layout has no columns")
        self.parse_columns(json_obj["columns"])
        self.num_rows = int(json_obj.get("numRows", 0) or 0)
        self.dataset_type = json_obj.get("datasetType")

    def to_json(self) -> str:
        """The layout as MindSpore writes it: json, 2-space indents, keys in order."""
        columns = []
        for c in self.columns:
            column = {"name": c["name"], "type": _type_name(c["type"])}
            shape = c["shape"]
            column["rank"] = 1 if shape is None else len(shape)
            if shape is not None:
                column["shape"] = list(shape)
            columns.append(column)
        out: dict[str, Any] = {"columns": columns or None}
        if self.dataset_type is not None:
            out["datasetType"] = self.dataset_type
        if self.num_rows:
            out["numRows"] = self.num_rows
        return json.dumps(out, indent=2, sort_keys=True)

    def __str__(self) -> str:
        return self.to_json()

    @staticmethod
    def get_num_rows(schema: Schema | str) -> int:
        """The ``numRows`` of a Schema or schema json file (0 when it has none)."""
        if not isinstance(schema, Schema):
            schema = Schema(schema)
        return schema.num_rows
