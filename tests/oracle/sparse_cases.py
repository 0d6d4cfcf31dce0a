"""MindSpore programs over COOTensor, CSRTensor and RowTensor, shared by the golden generator.

`gen_sparse_golden.py` runs every case with MindSpore 2.10 and writes
`tests/golden/sparse_tensor.json`; `tests/ops/test_sparse_tensor.py` runs the same functions with
``ms = msfunc`` and compares. Each case is ``case(ms) -> dict`` of results; `encode` turns a
result into JSON (sparse tensors by their printed form, Tensors by value and dtype).
"""

import numpy as np


def _t(ms, data, dtype):
    return ms.Tensor(np.array(data, dtype))


def _coo(ms, indices, values, shape, index_dtype=np.int64, value_dtype=np.float32):
    return ms.COOTensor(_t(ms, indices, index_dtype), _t(ms, values, value_dtype), shape)


def _csr(ms, indptr, indices, values, shape, index_dtype=np.int32, value_dtype=np.float32):
    return ms.CSRTensor(
        _t(ms, indptr, index_dtype),
        _t(ms, indices, index_dtype),
        _t(ms, values, value_dtype),
        shape,
    )


# Duplicated index (0, 1), as MindSpore's own examples allow.
def _dup(ms, index_dtype=np.int32):
    return _coo(ms, [[0, 1], [1, 2], [0, 1]], [1.0, -2.0, 3.0], (3, 4), index_dtype)


def _sorted(ms, values=(1.0, -2.0, 3.0)):
    return _coo(ms, [[0, 1], [1, 2], [2, 0]], list(values), (3, 4))


def _dense(ms):
    return _t(ms, np.arange(12).reshape(3, 4) + 1, np.float32)


def _matrix(ms):
    return _csr(ms, [0, 2, 2, 3], [0, 3, 1], [1.0, -2.0, 3.0], (3, 4))


# -- printed forms ----------------------------------------------------------------------
def coo_print(ms):
    return {
        "float32": _dup(ms),
        "int32": _coo(ms, [[0, 1], [1, 0]], [1, -2], (2, 2), np.int32, np.int32),
        "bool": _coo(ms, [[0, 1], [1, 0]], [True, False], (2, 2), np.int32, np.bool_),
        "float64": _coo(ms, [[0, 1], [1, 0]], [1.5, -2.25], (2, 2), np.int32, np.float64),
        "float16": _coo(ms, [[0, 1], [1, 0]], [1.5, -2.25], (2, 2), np.int32, np.float16),
        "empty": _coo(ms, np.zeros((0, 2)), [], (2, 2), np.int32),
        "long_row": _coo(ms, [[0, j] for j in range(12)], np.arange(12) - 5.5, (1, 12)),
    }


def print_threshold(ms):
    def rows(n):
        return _coo(ms, [[i, 0] for i in range(n)], np.ones(n), (n, 1), np.int32)

    return {"indices_1000": rows(500), "indices_1002": rows(501)}


def print_layouts(ms):
    def rows(values):
        values = np.asarray(values)
        return ms.RowTensor(
            _t(ms, np.arange(values.shape[0]), np.int32), ms.Tensor(values), values.shape
        )

    return {
        "floats_12": rows(np.arange(12, dtype=np.float32) - 2.5),
        "floats_13": rows(np.arange(13, dtype=np.float16) - 2.5),
        "ints_29": rows(np.arange(29, dtype=np.int32) * 7),
        "ints_30": rows(np.arange(30, dtype=np.int32)),
        "ints_24": rows(np.arange(24, dtype=np.int64) - 3),
        "bools_25": rows(np.arange(25) % 3 == 0),
        "wide_2x7": rows(np.arange(14, dtype=np.int32).reshape(2, 7)),
        "tall_7x2": rows(np.arange(14, dtype=np.float32).reshape(7, 2)),
        "cube_8x2x1": rows(np.arange(16, dtype=np.int32).reshape(8, 2, 1)),
        "specials": rows(np.array([np.nan, np.inf, -np.inf, 1e-5, 123456.0], np.float32)),
        "float64": rows(np.array([1e-300, 2.5], np.float64)),
    }


def csr_print(ms):
    return {
        "float32": _matrix(ms),
        "int64_float16": _csr(ms, [0, 1, 2, 3], [0, 1, 1], [1, 1, 1], (3, 4), np.int64, np.float16),
        "feature_dims": _csr(ms, [0, 1, 2], [0, 1], np.ones((2, 3)), (2, 2, 3)),
    }


def row_print(ms):
    r = ms.RowTensor(_t(ms, [0, 2], np.int32), _t(ms, [[1, 2], [3, 4]], np.float32), (3, 2))
    return {
        "row": r,
        "copy": ms.RowTensor(row_tensor=r),
        "indices": r.indices,
        "values": r.values,
        "dense_shape": r.dense_shape,
    }


# -- COOTensor ------------------------------------------------------------------------------
def coo_properties(ms):
    x = _dup(ms)
    return {
        "indices": x.indices,
        "values": x.values,
        "shape": x.shape,
        "dtype": x.dtype,
        "size": x.size,
        "itemsize": x.itemsize,
        "ndim": x.ndim,
        "to_tuple": x.to_tuple(),
        "copy": ms.COOTensor(coo_tensor=x),
    }


def coo_conversions(ms):
    x = _dup(ms)
    return {
        "to_dense": x.to_dense(),
        "astype_float16": x.astype(ms.float16),
        "astype_str": x.astype("int32"),
        "abs": x.abs(),
        "neg": -x,
        "coalesce": _coo(ms, [[2, 0], [0, 1], [2, 0]], [1.0, 2.0, 3.0], (3, 4)).coalesce(),
    }


def coo_with_dense(ms):
    x, d = _dup(ms), _dense(ms)
    return {"add": x + d, "sub": x - d, "mul": x * d, "div": x / d}


def coo_with_coo(ms):
    a = _sorted(ms)
    b = _coo(ms, [[0, 1], [1, 2], [2, 3]], [-0.5, 2.5, 0.25], (3, 4))
    c = _coo(ms, [[0, 1], [2, 3]], [-3.5, 1.0], (3, 4))
    return {
        "add_thresh": a.add(b, ms.Tensor(1.0, ms.float32)),
        "add_thresh_kept": a.add(c, ms.Tensor(1.0, ms.float32)),
        "plus": a + b,
        "minus": a - a,
        "ops_coo_add": ms.ops.coo_add(a, c, ms.Tensor(0.0)),
    }


def coo_ops(ms):
    x = _sorted(ms, (0.5, -2.0, 3.0))
    return {
        "relu": ms.ops.coo_relu(x),
        "abs": ms.ops.coo_abs(x),
        "square": ms.ops.coo_square(x),
        "indices": ms.ops.coo_tensor_get_indices(x),
        "shape": ms.ops.coo_tensor_get_dense_shape(x),
    }


# -- CSRTensor ------------------------------------------------------------------------------
def csr_properties(ms):
    x = _matrix(ms)
    return {
        "indptr": x.indptr,
        "indices": x.indices,
        "values": x.values,
        "shape": x.shape,
        "dtype": x.dtype,
        "size": x.size,
        "itemsize": x.itemsize,
        "ndim": x.ndim,
        "to_tuple": x.to_tuple(),
        "copy": ms.CSRTensor(csr_tensor=x),
    }


def csr_conversions(ms):
    x = _matrix(ms)
    return {
        "to_dense": x.to_dense(),
        "astype": x.astype(ms.int32),
        "abs": x.abs(),
        "neg": -x,
        "ops_csr_to_dense": ms.ops.csr_to_dense(x),
        "ops_csr_abs": ms.ops.csr_abs(x),
    }


def csr_add(ms):
    a = _matrix(ms)
    b = _csr(ms, [0, 1, 2, 3], [3, 0, 1], [5.0, 1.0, -3.0], (3, 4))
    return {
        "plus_self": a + a,
        "minus_self": a - a,
        "plus": a + b,
        "minus": a - b,
        "add_alpha_beta": a.add(b, ms.Tensor(2.0, ms.float32), ms.Tensor(0.5, ms.float32)),
    }


def dense_conversions(ms):
    d = _t(ms, [[0, 1.5, 0], [-2, 0, 3]], np.float32)
    out = {"ops_coo": ms.ops.dense_to_sparse_coo(d), "ops_csr": ms.ops.dense_to_sparse_csr(d)}
    if hasattr(d, "to_coo"):  # Tensor.to_coo/to_csr are these ops in MindSpore
        out.update(method_coo=d.to_coo(), method_csr=d.to_csr())
    return out


def public_names(ms):
    def names(cls):
        return sorted(
            n
            for n in dir(cls)
            if not n.startswith("_")
            or n in ("__add__", "__sub__", "__mul__", "__truediv__", "__neg__")
        )

    return {
        "COOTensor": names(ms.COOTensor),
        "CSRTensor": names(ms.CSRTensor),
        "RowTensor": names(ms.RowTensor),
    }


# -- errors: the exception class MindSpore raises -----------------------------------------
def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001  (the class is the result)
        return type(e).__name__
    return None


def errors(ms):
    one = _t(ms, [1.0], np.float32)
    return {
        "coo_float_indices": _error(
            lambda: ms.COOTensor(_t(ms, [[0, 1]], np.float32), one, (2, 2))
        ),
        "coo_1d_indices": _error(
            lambda: ms.COOTensor(_t(ms, [0, 1], np.int32), _t(ms, [1.0, 2.0], np.float32), (2, 2))
        ),
        "coo_count_mismatch": _error(
            lambda: ms.COOTensor(_t(ms, [[0, 1]], np.int32), _t(ms, [1.0, 2.0], np.float32), (2, 2))
        ),
        "coo_2d_values": _error(
            lambda: ms.COOTensor(
                _t(ms, [[0, 1]], np.int32), _t(ms, [[1.0, 2.0]], np.float32), (2, 2)
            )
        ),
        "coo_mul_shape": _error(lambda: _dup(ms) * _t(ms, np.ones((2, 3)), np.float32)),
        "coo_copy_wrong_type": _error(lambda: ms.COOTensor(coo_tensor=one)),
        "coo_copy_and_parts": _error(lambda: ms.COOTensor(values=one, coo_tensor=_dup(ms))),
        "csr_indptr_length": _error(lambda: _csr(ms, [0, 2, 3], [0, 1, 1], [1, 1, 1], (3, 4))),
        "csr_count_mismatch": _error(lambda: _csr(ms, [0, 1, 2, 3], [0, 1], [1, 1, 1], (3, 4))),
        "csr_float_indptr": _error(
            lambda: ms.CSRTensor(
                _t(ms, [0, 1, 2, 3], np.float32),
                _t(ms, [0, 1, 1], np.int32),
                _t(ms, [1, 1, 1], np.float32),
                (3, 4),
            )
        ),
        "csr_add_dense": _error(lambda: _matrix(ms) + _dense(ms)),
        "csr_add_shape": _error(lambda: _matrix(ms) + _csr(ms, [0, 1, 1], [0], [1.0], (2, 4))),
    }


CASES = [
    coo_print,
    print_threshold,
    print_layouts,
    csr_print,
    row_print,
    coo_properties,
    coo_conversions,
    coo_with_dense,
    coo_with_coo,
    coo_ops,
    csr_properties,
    csr_conversions,
    csr_add,
    dense_conversions,
    public_names,
    errors,
]


def encode(x):
    """A case result as JSON: sparse tensors by repr, Tensors as {array, dtype}."""
    if hasattr(x, "to_tuple") or hasattr(x, "dense_shape"):
        return {"repr": repr(x)}
    if hasattr(x, "asnumpy"):
        a = x.asnumpy()
        return {
            "array": a.astype(np.float64).tolist() if a.dtype.kind == "f" else a.tolist(),
            "dtype": str(x.dtype),
        }
    if isinstance(x, (tuple, list)):
        return [encode(v) for v in x]
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, np.integer):
        return int(x)
    return str(x)  # a dtype
