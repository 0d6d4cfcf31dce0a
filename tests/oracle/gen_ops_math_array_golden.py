"""Golden values of the elementwise, reduction, array, linalg and creation ops from real
MindSpore 2.10 -> tests/golden/ops_math_array.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_math_array
"""

import json
import os

import numpy as np

OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "ops_math_array.json"
)
rng = np.random.default_rng(0)


def t(data, dtype="float32"):
    return {"__t": np.asarray(data).tolist(), "dtype": dtype}


def r(*shape, dtype="float32", lo=-2.0, hi=2.0):
    return t(np.round(rng.uniform(lo, hi, shape), 3), dtype)


def ints(*shape, lo=-5, hi=6):
    return t(rng.integers(lo, hi, shape), "int32")


X = r(3, 4)
SPD = t(np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]))
A7 = t([7, -7, 5, -5, 0], "int32")
B7 = t([2, 2, -3, -3, 4], "int32")
TIES = t([[1.0, 3.0, 3.0, 2.0, 5.0, 0.0], [4.0, 4.0, 1.0, 6.0, 6.0, 2.0]])
BOX_A = t([[0, 0, 4, 4], [1, 1, 3, 5]])

# (case id, op name, args, kwargs)
CASES = [
    ("div_none", "div", [A7, B7], {}),
    ("div_floor", "div", [A7, B7], {"rounding_mode": "floor"}),
    ("div_trunc", "div", [A7, B7], {"rounding_mode": "trunc"}),
    ("div_trunc_f", "div", [r(5), t([1.5, -2.0, 0.7, -0.3, 3.0])], {"rounding_mode": "trunc"}),
    ("floor_div", "floor_div", [A7, B7], {}),
    ("floor_mod", "floor_mod", [A7, B7], {}),
    ("truncate_div", "truncate_div", [A7, B7], {}),
    ("truncate_mod", "truncate_mod", [A7, B7], {}),
    ("remainder", "remainder", [A7, B7], {}),
    ("fmod", "fmod", [A7, B7], {}),
    ("floor_mod_f", "floor_mod", [r(5), t([1.5, -2.0, 0.7, -0.3, 3.0])], {}),
    ("round", "round", [t([0.5, 1.5, 2.5, -0.5, -1.7])], {}),
    ("xdivy", "xdivy", [t([0.0, 2.0, 3.0]), t([0.0, 4.0, -1.5])], {}),
    ("xlogy", "xlogy", [t([0.0, 2.0, 3.0]), t([0.0, 4.0, 1.5])], {}),
    ("eps", "eps", [r(2)], {}),
    ("logit_eps", "logit", [t([0.0, 0.3, 1.0])], {"eps": 1e-6}),
    ("heaviside", "heaviside", [t([-1.0, 0.0, 2.0]), t([0.5, 0.7, 0.5])], {}),
    ("nan_to_num", "nan_to_num", [t([float("nan"), float("inf"), -float("inf"), 1.0])], {}),
    ("sgn", "sgn", [t([-2.0, 0.0, 3.0])], {}),
    ("mvlgamma", "mvlgamma", [t([[2.5, 3.0]]), 2], {}),
    ("approximate_equal", "approximate_equal", [t([1.0, 2.0]), t([1.0, 2.1])], {}),
    ("addcdiv", "addcdiv", [r(3), r(3), t([1.0, 2.0, -4.0])], {"value": 0.5}),
    ("lerp", "lerp", [r(3), r(3), 0.3], {}),
    ("clamp", "clamp", [X, -0.5, 1.0], {}),
    ("bessel_j0", "bessel_j0", [t([0.5, 1.0, 3.0])], {}),
    ("bessel_y1", "bessel_y1", [t([0.5, 1.0, 3.0])], {}),
    ("bessel_k0", "bessel_k0", [t([0.5, 1.0, 3.0])], {}),
    ("bessel_k1e", "bessel_k1e", [t([0.5, 1.0, 3.0])], {}),
    ("bessel_i1e", "bessel_i1e", [t([0.5, 1.0, 3.0])], {}),
    ("zeta", "zeta", [t([2.0, 3.0]), t([1.0, 2.0])], {}),
    ("igamma", "igamma", [t([1.0, 2.5]), t([0.5, 2.0])], {}),
    ("polygamma", "polygamma", [t(1, "int64"), t([1.0, 2.5])], {}),
    ("polygamma_0", "polygamma", [t(0, "int64"), t([0.5, 3.7, 11.25])], {}),
    ("polygamma_2", "polygamma", [t(2, "int64"), t([0.5, 3.7, 11.25])], {}),
    ("mvlgamma_3", "mvlgamma", [t([1.5, 3.25, 7.0]), 3], {}),
    ("population_count", "population_count", [t([7, 255, 0], "int16")], {}),
    ("float_power", "float_power", [t([1.0, 2.0]), 2.0], {}),
    # reductions
    ("sum_dim", "sum", [X, 1], {"keepdim": True}),
    ("mean_int", "mean", [t([1, 2, 4], "int32")], {}),
    ("mean_axis", "mean", [X, {"__tuple": [0, 1]}], {"keep_dims": True}),
    ("prod_axis", "prod", [X, 0], {}),
    ("max_axis", "max", [TIES, 1], {}),
    ("max_all", "max", [TIES], {}),
    ("min_axis_keep", "min", [TIES, 0], {"keepdims": True}),
    ("argmax_none", "argmax", [TIES], {}),
    ("argmax_dim", "argmax", [TIES, 1], {}),
    ("argmin_axis", "argmin", [TIES, 1], {"keepdims": True}),
    ("aminmax", "aminmax", [X], {"axis": 1}),
    ("amax", "amax", [X, 0], {}),
    ("count_nonzero", "count_nonzero", [t([[0, 1, 2], [3, 0, 0]], "int32")], {}),
    ("count_nonzero_ax", "count_nonzero", [t([[0, 1, 2], [3, 0, 0]], "int32"), 1], {}),
    ("cummax", "cummax", [TIES, 1], {}),
    ("cummin", "cummin", [TIES, 1], {}),
    ("cumsum", "cumsum", [X, 1], {}),
    ("cumprod", "cumprod", [X, 0], {}),
    ("logcumsumexp", "logcumsumexp", [X, 1], {}),
    ("logsumexp", "logsumexp", [X, 1], {}),
    ("median", "median", [TIES, 1], {}),
    ("median_odd", "median", [t([[3.0, 1.0, 2.0]]), -1], {"keepdims": True}),
    ("std", "std", [X, 1], {}),
    ("var_ddof", "var", [X, 0], {"ddof": 1}),
    ("std_mean", "std_mean", [X, 1], {"ddof": 1}),
    ("nansum", "nansum", [t([1.0, float("nan"), 3.0])], {}),
    ("quantile", "quantile", [X, 0.3], {"axis": 1}),
    ("histc", "histc", [t([1.0, 2.0, 1.0, 0.5, 3.0])], {"bins": 4, "min": 0.0, "max": 3.0}),
    ("histc_auto", "histc", [t([1.0, 2.0, 1.0, 0.5, 3.0])], {"bins": 3}),
    ("bincount", "bincount", [t([0, 1, 1, 3], "int32")], {"minlength": 6}),
    ("cov", "cov", [X], {}),
    ("diff", "diff", [X], {"n": 2, "axis": 1}),
    ("trapz", "trapz", [X], {"dx": 0.5}),
    ("unsorted_segment_sum", "unsorted_segment_sum", [X, t([0, 2, 0], "int32"), 4], {}),
    ("unsorted_segment_max", "unsorted_segment_max", [X, t([0, 2, 0], "int32"), 4], {}),
    ("unsorted_segment_min", "unsorted_segment_min", [X, t([0, 2, 0], "int32"), 4], {}),
    ("unsorted_segment_prod", "unsorted_segment_prod", [X, t([0, 2, 0], "int32"), 4], {}),
    # array
    ("gather", "gather", [X, t([2, 0, 1, 2], "int32"), 1], {}),
    ("gather_batch", "gather", [X, t([[2, 0], [1, 1], [3, 0]], "int32"), 1], {"batch_dims": 1}),
    ("gather_elements", "gather_elements", [X, 1, t([[0, 3], [2, 2], [1, 0]], "int32")], {}),
    ("gather_d", "gather_d", [X, 0, t([[0, 2, 1, 0]], "int32")], {}),
    ("gather_nd", "gather_nd", [X, t([[0, 1], [2, 3]], "int32")], {}),
    ("index_select", "index_select", [X, 1, t([3, 0], "int32")], {}),
    ("index_fill", "index_fill", [X, 1, t([0, 2], "int32"), 9.0], {}),
    ("masked_fill", "masked_fill", [X, t([True, False, True, False], "bool"), 0.5], {}),
    ("masked_select", "masked_select", [X, t([True, False, True, False], "bool")], {}),
    ("nonzero", "nonzero", [t([[0, 1], [2, 0]], "int32")], {}),
    ("sort", "sort", [TIES], {"descending": True}),
    ("argsort", "argsort", [TIES, 0], {}),
    ("topk", "topk", [TIES, 3], {}),
    ("topk_small", "topk", [TIES, 2, 0], {"largest": False}),
    ("top_k", "top_k", [TIES, 2], {}),
    ("searchsorted", "searchsorted", [t([1.0, 3.0, 5.0, 7.0]), t([3.0, 6.0, 9.0, 0.0])], {}),
    ("searchsorted_r", "searchsorted", [t([1.0, 3.0, 5.0, 7.0]), t([3.0, 6.0])], {"right": True}),
    ("bucketize", "bucketize", [t([1.0, 4.0, 5.0, 8.0]), [1.0, 3.0, 5.0]], {"right": True}),
    ("unique", "unique", [t([3, 1, 3, 2, 1], "int32")], {}),
    (
        "unique_consecutive",
        "unique_consecutive",
        [t([1, 1, 2, 2, 3, 1, 1], "int32")],
        {"return_inverse": True, "return_counts": True},
    ),
    ("unique_with_pad", "unique_with_pad", [t([3, 1, 3, 2, 1], "int32"), 0], {}),
    ("split_int", "split", [X, 3], {"axis": 1}),
    ("split_list", "split", [X, [1, 3]], {"axis": 1}),
    ("chunk", "chunk", [t(np.arange(5.0)), 3], {}),
    ("tensor_split", "tensor_split", [t(np.arange(7.0)), 3], {}),
    ("tensor_split_idx", "tensor_split", [t(np.arange(7.0)), [2, 5]], {}),
    ("hsplit", "hsplit", [X, 2], {}),
    ("squeeze_axis", "squeeze", [t(np.ones((1, 2, 1))), 0], {}),
    ("flatten", "flatten", [t(np.arange(24.0).reshape(2, 3, 4))], {}),
    ("tile", "tile", [t([[1, 2]], "int32"), {"__tuple": [2, 2]}], {}),
    ("repeat_elements", "repeat_elements", [X, 2], {"axis": 1}),
    ("repeat_interleave", "repeat_interleave", [t([[1, 2], [3, 4]], "int32"), 2], {"axis": 0}),
    ("narrow", "narrow", [X, 1, 1, 2], {}),
    ("slice", "slice", [X, {"__tuple": [1, 0]}, {"__tuple": [-1, 2]}], {}),
    (
        "strided_slice",
        "strided_slice",
        [
            t(np.arange(24.0).reshape(2, 3, 4)),
            {"__tuple": [1, 0, 0]},
            {"__tuple": [2, 3, 4]},
            {"__tuple": [1, 1, 2]},
        ],
        {},
    ),
    (
        "strided_slice_masks",
        "strided_slice",
        [
            t(np.arange(24.0).reshape(2, 3, 4)),
            {"__tuple": [1, 1, 1]},
            {"__tuple": [2, 3, 3]},
            {"__tuple": [1, 1, 1]},
        ],
        {"begin_mask": 2, "end_mask": 4, "shrink_axis_mask": 1},
    ),
    ("broadcast_to", "broadcast_to", [t([[1.0, 2.0]]), {"__tuple": [3, -1]}], {}),
    ("roll", "roll", [X, 1, 1], {}),
    ("rot90", "rot90", [X, 1, {"__tuple": [0, 1]}], {}),
    ("tril", "tril", [X, -1], {}),
    ("triu", "triu", [X, 1], {}),
    ("tril_indices", "tril_indices", [3, 4, 1], {}),
    ("triu_indices", "triu_indices", [3, 3, -1], {}),
    ("diag", "diag", [t([1.0, 2.0, 3.0])], {}),
    ("diag_2d", "diag", [t([[1.0, 2.0], [3.0, 4.0]])], {}),
    ("diag_embed", "diag_embed", [t([[1.0, 2.0], [3.0, 4.0]])], {"offset": 1}),
    (
        "diag_embed_dims",
        "diag_embed",
        [t([[1.0, 2.0], [3.0, 4.0]])],
        {"offset": -1, "dim1": 0, "dim2": 2},
    ),
    ("diagflat", "diagflat", [t([1.0, 2.0])], {"offset": -1}),
    ("diagonal", "diagonal", [X], {"offset": 1}),
    ("diagonal_scatter", "diagonal_scatter", [X, t([9.0, 8.0, 7.0])], {"offset": 1}),
    ("matrix_band_part", "matrix_band_part", [X, 1, 0], {}),
    ("matrix_diag", "matrix_diag", [t([1.0, 2.0])], {"k": 1}),
    ("matrix_diag_part", "matrix_diag_part", [X, t(1, "int32"), t(0.0)], {}),
    ("matrix_set_diag", "matrix_set_diag", [X, t([9.0, 8.0, 7.0])], {}),
    ("cartesian_prod", "cartesian_prod", [t([1, 2], "int32"), t([3, 4, 5], "int32")], {}),
    ("combinations", "combinations", [t([1.0, 2.0, 3.0])], {"r": 2}),
    ("combinations_rep", "combinations", [t([1.0, 2.0, 3.0])], {"with_replacement": True}),
    ("vander", "vander", [t([1.0, 2.0, 3.0])], {"N": 4}),
    (
        "scatter",
        "scatter",
        [t(np.zeros((3, 3))), 0, t([[1, 2, 0]], "int32"), t([[1.0, 2.0, 3.0]])],
        {},
    ),
    (
        "tensor_scatter_elements_add",
        "tensor_scatter_elements",
        [t(np.zeros((2, 3))), t([[0, 0], [2, 1]], "int32"), t([[1.0, 2.0], [3.0, 4.0]])],
        {"axis": 1, "reduction": "add"},
    ),
    (
        "scatter_nd",
        "scatter_nd",
        [t([[1], [3], [1]], "int32"), t([1.0, 2.0, 3.0]), {"__tuple": [5]}],
        {},
    ),
    (
        "tensor_scatter_add",
        "tensor_scatter_add",
        [X, t([[0, 1], [0, 1]], "int32"), t([1.0, 2.0])],
        {},
    ),
    (
        "tensor_scatter_max",
        "tensor_scatter_max",
        [X, t([[0], [2]], "int32"), t(np.zeros((2, 4)))],
        {},
    ),
    ("select_scatter", "select_scatter", [X, t(np.ones(3)), 1, 2], {}),
    ("slice_scatter", "slice_scatter", [X, t(np.ones((3, 2))), 1, 0, 4, 2], {}),
    (
        "reverse_sequence",
        "reverse_sequence",
        [t(np.arange(12.0).reshape(3, 4)), t([2, 4, 1], "int32"), 1],
        {},
    ),
    (
        "space_to_batch_nd",
        "space_to_batch_nd",
        [t(np.arange(32.0).reshape(2, 1, 4, 4)), [2, 2], [[0, 0], [0, 0]]],
        {},
    ),
    (
        "batch_to_space_nd",
        "batch_to_space_nd",
        [t(np.arange(32.0).reshape(8, 1, 2, 2)), [2, 2], [[0, 1], [1, 0]]],
        {},
    ),
    ("intopk", "intopk", [t([[0.1, 0.9, 0.5], [0.8, 0.2, 0.7]]), t([2, 2], "int32"), 2], {}),
    ("meshgrid", "meshgrid", [t([1.0, 2.0]), t([3.0, 4.0, 5.0])], {}),
    ("meshgrid_ij", "meshgrid", [t([1.0, 2.0]), t([3.0, 4.0, 5.0])], {"indexing": "ij"}),
    (
        "coalesce",
        "coalesce",
        [t([[1, 0, 1], [0, 2, 0]], "int64"), t([1.0, 2.0, 3.0]), t([2, 3], "int64")],
        {},
    ),
    # linalg
    ("matmul", "matmul", [X, t(np.arange(8.0).reshape(4, 2))], {}),
    ("dot", "dot", [X, t(np.arange(8.0).reshape(4, 2))], {}),
    (
        "addmm",
        "addmm",
        [t(np.ones((3, 2))), X, t(np.arange(8.0).reshape(4, 2))],
        {"beta": 0.5, "alpha": 2.0},
    ),
    ("addbmm", "addbmm", [t(np.ones((2, 2))), r(3, 2, 4), r(3, 4, 2)], {"alpha": 0.5}),
    ("batch_dot", "batch_dot", [r(2, 3, 4), r(2, 4, 5)], {}),
    ("batch_dot_2d", "batch_dot", [r(2, 3), r(2, 3)], {}),
    ("batch_dot_axes", "batch_dot", [r(2, 3, 4), r(2, 3, 5)], {"axes": {"__tuple": [1, 1]}}),
    ("tensor_dot", "tensor_dot", [r(2, 3, 4), r(4, 3, 5)], {"axes": {"__tuple": [[1, 2], [1, 0]]}}),
    ("cdist", "cdist", [r(2, 3, 4), r(2, 5, 4)], {}),
    ("cdist_p1", "cdist", [r(3, 4), r(5, 4)], {"p": 1.0}),
    ("dist", "dist", [X, r(3, 4)], {"p": 3}),
    ("cross", "cross", [r(2, 3), r(2, 3)], {}),
    ("kron", "kron", [r(2, 2), r(2, 3)], {}),
    ("trace", "trace", [X], {}),
    ("det", "det", [SPD], {}),
    ("slogdet", "slogdet", [t([[1.0, 2.0], [3.0, 4.0]])], {}),
    ("inverse", "inverse", [SPD], {}),
    ("cholesky", "cholesky", [SPD], {"upper": True}),
    (
        "cholesky_inverse",
        "cholesky_inverse",
        [t(np.linalg.cholesky([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]))],
        {},
    ),
    (
        "cholesky_solve",
        "cholesky_solve",
        [r(3, 2), t(np.linalg.cholesky([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]))],
        {},
    ),
    ("matrix_power", "matrix_power", [SPD, 3], {}),
    ("matrix_exp", "matrix_exp", [t([[0.0, 1.0], [-1.0, 0.0]])], {}),
    ("matrix_solve", "matrix_solve", [SPD, r(3, 2)], {"adjoint": True}),
    ("pinv", "pinv", [X], {}),
    ("lstsq", "lstsq", [t([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]]), t([[1.0], [2.0], [2.0]])], {}),
    (
        "lu_unpack",
        "lu_unpack",
        [t([[3.0, 4.0, 1.0], [0.333, 0.667, 2.0], [0.667, 0.5, 1.5]]), t([3, 3, 3], "int32")],
        {},
    ),
    ("svd_s", "svd", [X], {"compute_uv": False}),
    ("norm", "norm", [X], {}),
    ("norm_ord1_dim", "norm", [X, 1], {"dim": 1}),
    ("norm_nuc", "norm", [X, "nuc"], {}),
    ("norm_inf", "norm", [X, float("inf")], {"dim": {"__tuple": [0, 1]}}),
    ("vector_norm", "vector_norm", [X, 3.0], {"axis": 1, "keepdims": True}),
    ("matrix_norm", "matrix_norm", [r(2, 3, 3), -2], {}),
    ("renorm", "renorm", [X, 2, 0, 1.5], {}),
    ("clip_by_norm", "clip_by_norm", [X, 1.0], {}),
    ("clip_by_global_norm", "clip_by_global_norm", [[X, r(2)], 2.0], {}),
    ("vecdot", "vecdot", [X, r(3, 4)], {"axis": 0}),
    ("baddbmm", "baddbmm", [r(2, 3, 2), r(2, 3, 4), r(2, 4, 2)], {"beta": 0.5, "alpha": 2.0}),
    ("addr", "addr", [r(3, 2), r(3), r(2)], {"beta": 2.0}),
    # creation
    ("arange_int", "arange", [5], {}),
    ("arange_float", "arange", [0.5, 3.0, 0.5], {}),
    ("range", "range", [t(1, "int32"), t(10, "int32"), t(3, "int32")], {}),
    ("linspace", "linspace", [-1.0, 1.0, 5], {}),
    ("logspace", "logspace", [t(0.0), t(2.0), 3], {"base": 2}),
    ("eye", "eye", [2, 3], {}),
    ("full_int", "full", [{"__tuple": [2]}, 3], {}),
    ("full_float", "full", [{"__tuple": [2, 1]}, 1.5], {}),
    ("ones", "ones", [{"__tuple": [2, 2]}], {}),
    ("zeros_like", "zeros_like", [t([1, 2], "int32")], {}),
    ("tuple_to_array", "tuple_to_array", [{"__tuple": [1, 2]}], {}),
    ("tuple_to_array_f", "tuple_to_array", [{"__tuple": [1.0, 2.5]}], {}),
    ("scalar_to_tensor", "scalar_to_tensor", [3], {}),
]


def decode(v, ms):
    if isinstance(v, dict) and "__t" in v:
        return ms.Tensor(np.asarray(v["__t"], dtype=v["dtype"]))
    if isinstance(v, dict) and "__tuple" in v:
        return tuple(decode(i, ms) for i in v["__tuple"])
    if isinstance(v, list):
        return [decode(i, ms) for i in v]
    return v


def encode(v, ms):
    if isinstance(v, ms.Tensor):
        a = v.asnumpy()
        return {"__t": a.tolist(), "dtype": str(a.dtype)}
    if isinstance(v, (tuple, list)):
        return [encode(i, ms) for i in v]
    if isinstance(v, (np.generic,)):
        return v.item()
    return v


def _module_all(module):
    """The `__all__` of one of msfunc's op modules, read from its source (no msfunc import)."""
    import ast

    path = os.path.join(os.path.dirname(OUT), "..", "..", "msfunc", "ops", module + ".py")
    tree = ast.parse(open(path).read())
    names = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.isidentifier()
            and node.value.islower()
        ):
            names.add(node.value)
    return names


def main():
    import mindspore as ms
    import mindspore.ops as ops

    out = {}
    for cid, name, args, kwargs in CASES:
        fn = getattr(ops, name)
        try:
            res = fn(*decode(args, ms), **{k: decode(v, ms) for k, v in kwargs.items()})
            out[cid] = {"op": name, "args": args, "kwargs": kwargs, "out": encode(res, ms)}
        except Exception as exc:  # noqa: BLE001  (record what MindSpore cannot do on CPU)
            print(f"skip {cid}: {type(exc).__name__}: {str(exc).splitlines()[0][:120]}")
    import inspect

    names = sorted(
        {
            n
            for m in (
                "func_math",
                "func_arithmetic",
                "func_limits",
                "func_special",
                "func_array",
                "func_join",
                "func_slicing",
                "func_indexing",
                "func_sorting",
                "func_diagonal",
                "func_scatter",
                "func_reduce",
                "func_statistics",
                "func_sums",
                "func_linalg",
                "func_decompositions",
                "func_factorizations",
                "func_norms",
                "func_create",
                "func_state",
                "func_queries_graph",
            )
            for n in _module_all(m)
        }
    )
    sigs = {}
    for n in names:
        fn = getattr(ops, n, None)
        try:
            params = inspect.signature(fn).parameters.values()
        except (TypeError, ValueError):
            continue
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            continue
        sigs[n] = [p.name for p in params]
    out["__signatures__"] = sigs
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {len(out)} of {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
