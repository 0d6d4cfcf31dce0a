"""Dict columns (MindSpore's Python-object columns): kept as dicts through map and batch.

A column whose samples are dicts stays a dict: its values become numpy arrays (nested dicts
and lists keep their shape), `batch` stacks it key by key, and the iterators give it back as
a dict of arrays (``output_numpy=True``) or of Tensors, as MindSpore's datasets do.
"""

import jax.numpy as jnp
import numpy as np

from ..common.tensor import wrap

__all__ = [
    "column_value",
    "stack_column",
    "output_value",
    "WholeBatch",
    "per_batch_columns",
]


def column_value(value):
    """A column's value in a row: a numpy array, or a dict of converted values.

    Example:
        >>> column_value({"n": 3, "xs": [1, 2]})
        {'n': array(3), 'xs': [array(1), array(2)]}
        >>> column_value([1, 2]).tolist()
        [1, 2]
    """
    if isinstance(value, dict):
        return {key: _inside(v) for key, v in value.items()}
    return np.asarray(value)


def _inside(value):
    # Inside a dict, lists and tuples keep their kind (MindSpore hands them back as they were).
    if isinstance(value, dict):
        return {key: _inside(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_inside(v) for v in value)
    return np.asarray(value)


def stack_column(values):
    """One batch of a column: `np.stack` of arrays; for dicts, key by key, each key's values
    (tuples and lists too) made one array, as MindSpore batches them.

    Raises:
        RuntimeError: a dict's values are dicts, or differ in shape across the batch.

    Example:
        >>> stack_column([{"p": (1, 2)}, {"p": (3, 4)}])["p"].tolist()
        [[1, 2], [3, 4]]
    """
    first = values[0]
    if isinstance(first, dict):
        return {key: _stack_values(key, [v[key] for v in values]) for key in first}
    if isinstance(first, (list, tuple)):
        return type(first)(stack_column(list(parts)) for parts in zip(*values))
    return np.stack(values)


def _stack_values(key, values):
    if any(isinstance(v, dict) for v in values):
        raise RuntimeError(
            f"batch: the dicts' key {key!r} holds dicts, which batch cannot stack; "
            "build the batch in a per_batch_map"
        )
    try:
        return np.array([np.asarray(v) for v in values])
    except ValueError as exc:
        raise RuntimeError(
            f"batch: the dicts' key {key!r} cannot be stacked: {type(exc).__name__}: {exc}"
        ) from exc


class WholeBatch:
    """A column `per_batch_map` returned as the whole batch's value, kept as it is."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def per_batch_columns(result):
    """The columns `per_batch_map` returned, checked as MindSpore checks them: beside a dict
    (the whole batch's value) only dicts and arrays, taken whole too; otherwise each column
    as `per_batch_column` makes it, all with the same number of rows.

    Raises:
        RuntimeError: a dict beside a list or another object, or columns of different
            numbers of rows.
    """
    if any(isinstance(v, dict) for v in result):
        if not all(isinstance(v, (dict, np.ndarray)) for v in result):
            raise RuntimeError(
                "batch: `per_batch_map` returned a dict beside a column that is neither a "
                "dict nor a numpy array"
            )
        return [WholeBatch(column_value(v)) for v in result]
    lengths = [None if np.ndim(v) == 0 else len(v) for v in result]
    if len({n for n in lengths if n is not None}) > 1:
        raise RuntimeError(
            f"batch: `per_batch_map` returned columns with different numbers of rows: {lengths}"
        )
    return [per_batch_column(v) for v in result]


def per_batch_column(value):
    """A column as `per_batch_map` returned it: a dict or a scalar is the batch's value, a
    list of dicts becomes a dict of lists (MindSpore stacks neither), else the rows' values.

    Example:
        >>> per_batch_column([{"v": 1}, {"v": 2}]).value
        {'v': [array(1), array(2)]}
    """
    if isinstance(value, dict) or np.ndim(value) == 0:
        return WholeBatch(column_value(value))
    rows = list(value)
    if rows and all(isinstance(row, dict) for row in rows):
        return WholeBatch({key: [_inside(row[key]) for row in rows] for key in rows[0]})
    return rows


def output_value(value):
    """A column as an iterator gives it without ``output_numpy``: Tensors, dicts of Tensors;
    text and object arrays stay numpy (a Tensor holds no strings).

    Example:
        >>> output_value({"a": np.array(1.5)})
        {'a': Tensor(shape=[], dtype=Float64, value= 1.5)}
    """
    if isinstance(value, dict):
        return {key: output_value(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(output_value(v) for v in value)
    if value.dtype.kind in "SUO":
        return value
    return wrap(jnp.asarray(value))
