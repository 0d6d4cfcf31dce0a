"""MindSpore golden values of the math/array/linalg ops: decoding and op lookup."""

import json
import os

import jax.numpy as jnp
import numpy as np

from msfunc.ops import (
    func_arithmetic,
    func_array,
    func_create,
    func_decompositions,
    func_diagonal,
    func_factorizations,
    func_indexing,
    func_join,
    func_limits,
    func_linalg,
    func_math,
    func_norms,
    func_queries_graph,
    func_reduce,
    func_scatter,
    func_slicing,
    func_sorting,
    func_special,
    func_state,
    func_statistics,
    func_sums,
)

MODULES = [
    func_math,
    func_arithmetic,
    func_limits,
    func_special,
    func_reduce,
    func_statistics,
    func_sums,
    func_array,
    func_join,
    func_slicing,
    func_indexing,
    func_diagonal,
    func_scatter,
    func_sorting,
    func_linalg,
    func_decompositions,
    func_factorizations,
    func_norms,
    func_create,
    func_queries_graph,
    func_state,
]
GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "ops_math_array.json")


def op(name):
    for m in MODULES:
        if name in m.__all__:
            return getattr(m, name)
    raise KeyError(name)


def load_golden():
    with open(GOLDEN) as f:
        return json.load(f)


def decode(v):
    if isinstance(v, dict) and "__t" in v:
        return jnp.asarray(np.asarray(v["__t"], dtype=v["dtype"]))
    if isinstance(v, dict) and "__tuple" in v:
        return tuple(decode(i) for i in v["__tuple"])
    if isinstance(v, list):
        return [decode(i) for i in v]
    return v


def flatten(v):
    if isinstance(v, dict) and "__t" in v:
        return [(np.asarray(v["__t"], dtype=v["dtype"]))]
    if isinstance(v, (list, tuple)):
        if v and all(isinstance(i, (int, float, bool)) for i in v):
            return [np.asarray(v)]
        return [a for i in v for a in flatten(i)]
    return [np.asarray(v)]
