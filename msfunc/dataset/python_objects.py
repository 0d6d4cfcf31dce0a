"""Dict columns (MindSpore's Python-object columns): kept as dicts through map and batch.

A column whose samples are dicts stays a dict: its values become numpy arrays (nested dicts
and lists keep their shape), `batch` stacks it key by key, and the iterators give it back as
a dict of arrays (``output_numpy=True``) or of Tensors, as MindSpore's datasets do.
"""

import jax.numpy as jnp
import numpy as np

from ..common.tensor import wrap

__all__ = ["column_value", "stack_column", "output_value"]


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
    """One batch of a column: `np.stack` of arrays, key by key for dicts.

    Example:
        >>> stack_column([{"p": np.array([1, 2])}, {"p": np.array([3, 4])}])["p"].tolist()
        [[1, 2], [3, 4]]
    """
    first = values[0]
    if isinstance(first, dict):
        return {key: stack_column([v[key] for v in values]) for key in first}
    if isinstance(first, (list, tuple)):
        return type(first)(stack_column(list(parts)) for parts in zip(*values))
    return np.stack(values)


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
