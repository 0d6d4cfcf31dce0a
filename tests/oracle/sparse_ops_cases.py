"""Programs over the primitives of ``mindspore.ops.operations.sparse_ops`` (COO/CSR parts),
shared by the golden generator and msfunc's test.

`gen_sparse_ops_golden.py` runs every case with MindSpore 2.10 and writes
`tests/golden/sparse_ops.json`; `tests/compat/test_sparse_ops_golden.py` runs the same
functions with msfunc and compares. Each case is ``case(ms, P) -> dict`` (``P`` the
sparse_ops module); a call MindSpore refuses is recorded as its exception's class names.
Inputs MindSpore 2.10's CPU kernels answer wrongly (int64 row pointers and batches in
SparseMatrixSoftmax, a -1 inferred for a rank-3 SparseReshape) are left out.
"""

import numpy as np

I32, I64, F32 = np.int32, np.int64, np.float32


def _t(ms, data, dtype):
    return ms.Tensor(np.array(data, dtype))


def attempt(call, *args, **kwargs):
    """``call(*args, **kwargs)`` encoded (reading the values makes MindSpore's PyNative
    kernels finish, so a kernel's refusal is raised here, not by a later call), or the class
    names of the exception it raises (most derived first)."""
    try:
        return encode(call(*args, **kwargs))
    except Exception as e:  # noqa: BLE001  (the refusal is the result)
        return {"error": [c.__name__ for c in type(e).__mro__]}


def case_sparse_addmm(ms, P):
    t = lambda d, k=F32: _t(ms, d, k)  # noqa: E731
    x2, x3 = t([[1, 1], [2, 2], [3, 3], [4, 4]]), t([[2, 2], [6, 6], [0, 0]])
    return {
        "repeated": attempt(
            P.SparseAddmm(),
            t([[0, 1], [1, 2], [0, 1]], I32),
            t([1, 2, 5]),
            t([3, 4], I32),
            x2,
            x3,
            t([2]),
            t([3]),
        ),
        "int": attempt(
            P.SparseAddmm(),
            t([[0, 1], [1, 2]], I64),
            t([1, 2], I32),
            t([3, 4], I64),
            t(x2.asnumpy(), I32),
            t(x3.asnumpy(), I32),
            t([2], I32),
            t([3], I32),
        ),
        "out_of_range": attempt(
            P.SparseAddmm(),
            t([[0, 1], [5, 2]], I32),
            t([1, 2]),
            t([3, 4], I32),
            x2,
            x3,
            t([1]),
            t([1]),
        ),
        "scalar_alpha": attempt(
            P.SparseAddmm(),
            t([[0, 1], [1, 2]], I32),
            t([1, 2]),
            t([3, 4], I32),
            x2,
            x3,
            t(1.0),
            t(1.0),
        ),
    }


def case_sparse_count_sparse_output(ms, P):
    t = lambda d, k=I64: _t(ms, d, k)  # noqa: E731
    ind = t([[1, 2], [3, 4], [2, 1], [2, 2], [1, 0], [3, 3], [2, 0], [2, 2]])
    val, shape = t([0, 2, 8, 8, 1, 2, 3, 7], I32), t([5, 5])
    w = t([2, 5, 1, 0, 4, 2, 2, 2], I32)
    op = P.SparseCountSparseOutput
    return {
        "counts": attempt(op(), ind, val, shape, w),
        "float_weights": attempt(op(), ind, val, shape, t([2.2, 5.7, 1, 0, 4.6, 2, 2, 2], F32)),
        "binary": attempt(op(binary_output=True), ind, val, shape, w),
        "minlength": attempt(op(minlength=12), ind, val, shape, w),
        "maxlength": attempt(op(maxlength=4), ind, val, shape, w),
        "max_over_min": attempt(op(minlength=30, maxlength=20), ind, val, shape, w),
        "maxlength_0": attempt(op(maxlength=0), ind, val, shape, w),
        "no_weights": attempt(op(), ind, val, shape, t(np.zeros(0))),
        "rank_1": attempt(op(), t([[1], [3], [2]]), t([0, 2, 2]), t([5]), t([1, 2, 3])),
        "rank_3": attempt(
            op(), t([[1, 0, 0], [0, 1, 1], [1, 2, 0]]), t([0, 2, 2]), t([2, 3, 3]), t([1, 2, 3])
        ),
        "weights_length": attempt(op(), ind, val, shape, t([1, 2], I32)),
        "negative_value": attempt(op(), t([[1, 0], [0, 1]]), t([-1, 2]), t([2, 3]), t([1, 2])),
        "index_out_of_range": attempt(op(), t([[1, 2], [8, 6]]), t([0, 2]), t([4, 3]), t([1, 2])),
        "int32_indices": attempt(op(), t([[1, 2]], I32), t([0], I32), t([5, 5], I32), t([1], I32)),
        "binary_output_int": attempt(op, binary_output=1),
        "minlength_float": attempt(op, minlength=1.5),
    }


def case_sparse_dense_cwise(ms, P):
    t = lambda d, k=F32: _t(ms, d, k)  # noqa: E731
    ind, shape = t([[0, 0], [2, 2], [1, 2]], I64), t([3, 3], I64)
    out = {}
    for name in ("Add", "Mul"):
        op = getattr(P, "SparseDenseCwise" + name)()
        vals = t([7, -7, 9])
        out[name] = {
            "vector": attempt(op, ind, t([7, -7, 9], I32), shape, t([2, 2, 3], I32)),
            "full": attempt(op, ind, vals, shape, t(np.arange(9).reshape(3, 3))),
            "column": attempt(op, ind, vals, shape, t([[2], [3], [4]])),
            "scalar": attempt(op, ind, vals, shape, t(2)),
            "rank_3": attempt(
                op,
                t([[0, 0, 1], [1, 2, 0]], I64),
                t([7, -7]),
                t([2, 3, 2], I64),
                t([[1, 2], [3, 4], [5, 6]]),
            ),
            "out_of_range": attempt(op, t([[0, 5], [2, 2]], I64), t([7, -7]), shape, t([1, 2, 2])),
            "int32_indices": attempt(op, t([[0, 0]], I32), t([7]), shape, t([1, 2, 2])),
            "dtypes_differ": attempt(op, ind, vals, shape, t([2, 2, 3], I32)),
            "no_broadcast": attempt(op, ind, vals, shape, t([2, 2])),
            "x2_rank_too_high": attempt(op, ind, vals, shape, t(np.ones((2, 3, 3)))),
        }
    return out


def case_sparse_matrix_mat_mul(ms, P):
    t = lambda d, k=I32: _t(ms, d, k)  # noqa: E731
    x1 = (t([4, 5]), t([0, 4]), t([0, 1, 1, 3, 4]), t([0, 3, 4, 0]), t([1.0, 5.0, -1.0, -2.0], F32))
    x2 = np.array(
        [[2.0, 0.8, 1.0], [2.9, 3.2, 0.0], [7.0, 4.6, 0.2], [3.5, 4.9, 1.4], [4.0, 3.7, 6.9]], F32
    )
    batched = (
        t([2, 2, 3]),
        t([0, 2, 3]),
        t([0, 1, 2, 0, 1, 1]),
        t([0, 2, 1]),
        t([1.0, 2.0, 3.0], F32),
    )
    b2 = t(np.arange(12).reshape(2, 3, 2), F32)
    c1 = (t([2, 3]), t([0, 2]), t([0, 1, 2]), t([0, 2]), t([1 + 2j, 3 - 1j], np.complex64))
    op = P.SparseMatrixMatMul
    return {
        "plain": attempt(op(), *x1, t(x2, F32)),
        "transpose_x2": attempt(op(transpose_x2=True), *x1, t(x2.T, F32)),
        "transpose_output": attempt(op(transpose_output=True), *x1, t(x2, F32)),
        "transpose_x1": attempt(op(transpose_x1=True), *x1, t(np.arange(12).reshape(4, 3), F32)),
        "float64": attempt(op(), *x1[:4], t(x1[4].asnumpy(), np.float64), t(x2, np.float64)),
        "int64": attempt(op(), *(t(a.asnumpy(), I64) for a in x1[:4]), x1[4], t(x2, F32)),
        "batched": attempt(op(), *batched, b2),
        "batched_transpose_output": attempt(op(transpose_output=True), *batched, b2),
        "adjoint_x2_conjugate_output": attempt(
            op(adjoint_x2=True, conjugate_output=True),
            *c1,
            t([[1 + 1j, 2, 3j], [1, 1j, 2]], np.complex64),
        ),
        "adjoint_x1": attempt(op(adjoint_x1=True), *c1, t([[1 + 1j, 2], [3j, 1]], np.complex64)),
        "transpose_and_adjoint": attempt(
            op(transpose_x1=True, adjoint_x1=True), *x1, t(np.ones((4, 3)), F32)
        ),
        "index_dtypes_differ": attempt(op(), t([4, 5], I64), *x1[1:], t(x2, F32)),
    }


def case_sparse_matrix_softmax(ms, P):
    t = lambda d, k=I32: _t(ms, d, k)  # noqa: E731
    parts = (t([2, 6]), t(6), t([0, 4, 6]), t([0, 2, 3, 4, 3, 4]))
    vals = [1, 2, 3, 4, 1, 2]
    op = P.SparseMatrixSoftmax
    return {
        "plain": attempt(op(ms.float32), *parts, t(vals, F32)),
        "float64": attempt(op(ms.float64), *parts, t(vals, np.float64)),
        "empty_row": attempt(
            op(ms.float32), t([3, 6]), t(6), t([0, 4, 4, 6]), t([0, 2, 3, 4, 3, 4]), t(vals, F32)
        ),
        "int64_batch_pointer": attempt(
            op(ms.float32), parts[0], t(6, I64), *parts[2:], t(vals, F32)
        ),
    }


def case_sparse_reorder(ms, P):
    t = lambda d, k=I64: _t(ms, d, k)  # noqa: E731
    op = P.SparseReorder()
    return {
        "repeated": attempt(
            op, t([[2, 1], [0, 1], [0, 0], [2, 1]]), t([1, 2, 3, 4], F32), t([3, 3])
        ),
        "int16": attempt(op, t([[2, 1], [0, 1]]), t([1, 2], np.int16), t([3, 3])),
        "bool": attempt(op, t([[2, 1], [0, 1]]), t([True, False], np.bool_), t([3, 3])),
        "rank_3": attempt(
            op, t([[1, 0, 2], [0, 2, 1], [1, 0, 0]]), t([1, 2, 3], F32), t([2, 3, 3])
        ),
        "empty": attempt(op, t(np.zeros((0, 2))), t(np.zeros(0), F32), t([3, 3])),
        "out_of_range": attempt(op, t([[5, 1], [0, 1]]), t([1, 2], F32), t([3, 3])),
        "negative": attempt(op, t([[-1, 1], [0, 1]]), t([1, 2], F32), t([3, 3])),
        "int32_indices": attempt(op, t([[2, 1], [0, 1]], I32), t([1, 2], F32), t([3, 3])),
        "values_length": attempt(op, t([[1, 1], [0, 1]]), t([1, 2, 3], F32), t([3, 3])),
    }


def case_sparse_reshape(ms, P):
    t = lambda d, k=I64: _t(ms, d, k)  # noqa: E731
    ind, shape = t([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]]), t([2, 3, 6])
    op = P.SparseReshape()
    return {
        "inferred": attempt(op, ind, shape, t([9, -1])),
        "to_rank_3": attempt(op, t([[0, 1], [1, 1]]), t([2, 2]), t([2, 1, 2])),
        "first_axis_unbounded": attempt(op, t([[0, 5], [1, 1]]), t([2, 2]), t([4])),
        "empty": attempt(op, t(np.zeros((0, 2))), t([0, 2]), t([-1, 3])),
        "not_divisible": attempt(op, ind, shape, t([5, -1])),
        "two_inferred": attempt(op, ind, shape, t([-1, -1])),
        "negative": attempt(op, ind, shape, t([-2, -18])),
        "wrong_count": attempt(op, ind, shape, t([6, 7])),
        "int32_new_shape": attempt(op, t([[0, 1]]), t([2, 2]), t([4], I32)),
    }


def case_sparse_segment_mean_with_num_segments(ms, P):
    t = lambda d, k=I32: _t(ms, d, k)  # noqa: E731
    x = t([[0, 2, 0, 0], [0, 1, 1, 0], [2, 0, 2, 0]], F32)
    op = P.SparseSegmentMeanWithNumSegments()
    return {
        "plain": attempt(op, x, t([0, 2, 1]), t([0, 0, 2]), t([4])),
        "scalar_count": attempt(op, x, t([0, 2, 1]), t([0, 0, 2]), t(4)),
        "int64": attempt(op, x, t([0, 2, 1], I64), t([0, 0, 2], I64), t([4], I64)),
        "float16": attempt(op, t([[1, 2], [3, 4]], np.float16), t([0, 1, 1]), t([0, 0, 1]), t([2])),
        "rank_1": attempt(op, t([1, 2, 3], F32), t([0, 1, 2]), t([0, 0, 1]), t([3])),
        "rank_3": attempt(op, t(np.arange(12).reshape(3, 2, 2), F32), t([0, 2]), t([1, 1]), t([2])),
        "empty": attempt(op, t([[1, 2], [3, 4]], F32), t(np.zeros(0)), t(np.zeros(0)), t([2])),
        "unsorted": attempt(op, x, t([0, 2, 1]), t([2, 0, 0]), t([4])),
        "id_too_large": attempt(op, x, t([0, 2, 1]), t([0, 0, 5]), t([4])),
        "index_out_of_range": attempt(op, x, t([0, 7, 1]), t([0, 0, 2]), t([4])),
        "dtypes_differ": attempt(op, x, t([0, 2, 1], I64), t([0, 0, 2]), t([4])),
        "int_x": attempt(op, t([[1, 2], [3, 4]]), t([0, 1]), t([0, 0]), t([2])),
        "count_rank_2": attempt(op, x, t([0, 1]), t([0, 0]), t([[2]])),
    }


def case_sparse_segment_sqrt_n(ms, P):
    t = lambda d, k=I32: _t(ms, d, k)  # noqa: E731
    x = t(np.arange(12).reshape(4, 3), F32)
    op, with_count = P.SparseSegmentSqrtN(), P.SparseSegmentSqrtNWithNumSegments()
    weights = t(np.arange(12).reshape(4, 3) - 4, F32)

    def grad(i, s, n):
        fn = lambda x: with_count(x, i, s, n) * weights  # noqa: E731
        return ms.ops.GradOperation()(fn)(x)

    return {
        "plain": attempt(op, x, t([0, 1, 1, 3]), t([0, 0, 1, 2])),
        "mixed_index_dtypes": attempt(op, x, t([0, 1, 1, 3], I64), t([0, 0, 1, 2])),
        "float64_rank_1": attempt(op, t([1, 2, 3], np.float64), t([0, 1, 2]), t([0, 0, 0])),
        "float16": attempt(op, t([[1, 2], [3, 4]], np.float16), t([0, 1, 1]), t([0, 0, 1])),
        "gap": attempt(op, x, t([0, 1, 1, 3]), t([0, 0, 2, 2])),
        "not_from_0": attempt(op, x, t([0, 1, 1, 3]), t([1, 1, 2, 2])),
        "unsorted": attempt(op, x, t([0, 1, 1, 3]), t([0, 1, 0, 1])),
        "index_out_of_range": attempt(op, x, t([0, 1, 1, 5]), t([0, 0, 1, 2])),
        "lengths_differ": attempt(op, x, t([0, 1, 1, 3]), t([0, 0, 1])),
        "int_x": attempt(op, t([[1, 2], [3, 4]]), t([0, 1]), t([0, 0])),
        "count_gap": attempt(with_count, x, t([0, 1, 1, 3]), t([0, 0, 2, 2]), t(5)),
        "count_not_from_0": attempt(with_count, x, t([0, 1, 1, 3]), t([1, 1, 2, 2]), t([4])),
        "count_unsorted": attempt(with_count, x, t([0, 1, 1, 3]), t([0, 2, 1, 2]), t(4)),
        "count_too_small": attempt(with_count, x, t([0, 1, 1, 3]), t([0, 0, 1, 2]), t(2)),
        "count_dtypes_differ": attempt(with_count, x, t([0, 1]), t([0, 0]), t(4, I64)),
        "grad": attempt(grad, t([0, 1, 1, 3]), t([0, 0, 2, 3]), t(4)),
    }


def case_sparse_sparse_extremes(ms, P):
    t = lambda d, k=I64: _t(ms, d, k)  # noqa: E731
    a = (t([[0, 1], [1, 2]]), t([1, 2], F32), t([3, 3]))
    b = (t([[0, 1], [1, 1]]), t([3, 4], F32), t([3, 3]))
    a2 = (t([[1, 2], [0, 1]]), t([-1, -2], F32), t([3, 3]))
    b2 = (t([[0, 1], [2, 0], [1, 1]]), t([-3, 4, 0], F32), t([3, 3]))
    out = {}
    for name in ("Maximum", "Minimum"):
        op = getattr(P, "SparseSparse" + name)()
        out[name] = {
            "canonical": attempt(op, *a, *b),
            "unordered": attempt(op, *a2, *b2),
            "int": attempt(op, a[0], t([1, -2], I32), a[2], t([[0, 1]]), t([3], I32), a[2]),
            "repeated": attempt(
                op, t([[0, 1], [0, 1]]), t([1, 5], F32), a[2], t([[0, 1]]), t([3], F32), a[2]
            ),
            "rank_3": attempt(
                op,
                t([[0, 0, 0], [0, 1, 0], [0, 1, 1]]),
                t([1, 2, 3], F32),
                t([2, 2, 2]),
                t([[0, 0, 0], [0, 1, 0], [1, 0, 0]]),
                t([2, 4, 5], F32),
                t([2, 2, 2]),
            ),
            "empty": attempt(op, t(np.zeros((0, 2))), t(np.zeros(0), F32), a[2], *b),
            "shapes_differ": attempt(op, *a, b[0], b[1], t([3, 4])),
            "dtypes_differ": attempt(op, *a, b[0], t([3, 4], np.float64), b[2]),
            "int32_indices": attempt(op, t([[0, 1], [1, 2]], I32), a[1], a[2], *b),
            "bool": attempt(
                op, a[0], t([True, False], np.bool_), a[2], b[0], t([False, False], np.bool_), b[2]
            ),
        }
    return out


def case_sparse_tensor_to_csr_sparse_matrix(ms, P):
    t = lambda d, k=I64: _t(ms, d, k)  # noqa: E731
    op = P.SparseTensorToCSRSparseMatrix()
    return {
        "batched": attempt(
            op,
            t([[0, 0, 1], [0, 1, 2], [0, 1, 3], [1, 0, 1], [1, 1, 2], [1, 1, 3]]),
            t([1, 4, 3, 1, 4, 3], F32),
            t([2, 2, 4]),
        ),
        "unordered_rows": attempt(
            op, t([[1, 0], [0, 2], [0, 1], [2, 2]]), t([1, 2, 3, 4], F32), t([4, 3])
        ),
        "unordered_batches": attempt(
            op, t([[1, 0, 1], [0, 1, 2], [0, 0, 3]]), t([1, 2, 3], F32), t([2, 2, 4])
        ),
        "empty_batch": attempt(op, t([[0, 0, 1], [2, 1, 0]]), t([1, 2], F32), t([3, 2, 2])),
        "int32": attempt(op, t([[1, 0], [0, 2]], I32), t([1, 2], F32), t([4, 3], I32)),
        "mixed_index_dtypes": attempt(op, t([[1, 0], [0, 2]], I32), t([1, 2], F32), t([4, 3])),
        "complex": attempt(op, t([[1, 0], [0, 2]]), t([1j, 2], np.complex64), t([4, 3])),
        "row_out_of_range": attempt(op, t([[5, 0], [0, 2]]), t([1, 2], F32), t([4, 3])),
        "repeated": attempt(op, t([[0, 2], [0, 2]]), t([1, 2], F32), t([4, 3])),
        "int_values": attempt(op, t([[1, 0], [0, 2]]), t([1, 2], I32), t([4, 3])),
    }


CASES = [
    case_sparse_addmm,
    case_sparse_count_sparse_output,
    case_sparse_dense_cwise,
    case_sparse_matrix_mat_mul,
    case_sparse_matrix_softmax,
    case_sparse_reorder,
    case_sparse_reshape,
    case_sparse_segment_mean_with_num_segments,
    case_sparse_segment_sqrt_n,
    case_sparse_sparse_extremes,
    case_sparse_tensor_to_csr_sparse_matrix,
]


def encode(x):
    """A case result as JSON: Tensors as {array, dtype} (complex as [real, imag] pairs)."""
    if isinstance(x, dict):  # a case's results (already encoded by `attempt`)
        return x
    if isinstance(x, (tuple, list)):
        return [encode(v) for v in x]
    if hasattr(x, "asnumpy"):
        a = x.asnumpy()
        if a.dtype.kind == "c":
            data = np.stack([a.real, a.imag], -1).astype(np.float64).tolist()
        else:
            data = a.astype(np.float64).tolist() if a.dtype.kind == "f" else a.tolist()
        return {"array": data, "shape": list(a.shape), "dtype": str(x.dtype)}
    return x
