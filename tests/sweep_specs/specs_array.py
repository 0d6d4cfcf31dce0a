"""Sweep table for msfunc.ops' array manipulation, creation and shape/graph utility ops."""

import jax.numpy as jnp
import numpy as np
from _sweep import Case
from jax import lax

import msfunc as ms
import msfunc.ops as ops
from sweep_specs._gen import args, booleans, integers, normal, positive

INT = "integer output"
BOOL = "boolean output"
QUERY = "shape/dtype query: integer or boolean output"
NO_ARRAY = "no array argument"
NO_ARRAY_GRAD = "no array argument: the output depends only on Python scalars"
DATA_SHAPE = "data-dependent output shape (eager only by design)"
PARAM_VMAP = (
    "the Parameter is the only input and msfunc.vmap maps arrays, not Parameter "
    "writes; the array case checks vmap"
)
PARAM_GRAD = "a Parameter is not a differentiated array argument; the array case checks grad"
STOP = (
    "blocks the gradient by design: the derivative is zero where a finite difference sees "
    "the identity"
)


# -- private generators ---------------------------------------------------------------
def scalar(low=0.5, high=2.0):
    """rng -> 0-d float32 array (a traced scalar argument)."""
    return lambda rng: np.asarray(rng.uniform(low, high), np.float32)


def sorted_rows(*shape):
    """rng -> normal array sorted along its last axis (searchsorted's sequence)."""
    return lambda rng: np.sort(rng.standard_normal(shape), axis=-1).astype(np.float32)


def distinct(k, high):
    """rng -> k distinct int32 indices in [0, high) (scatters that overwrite)."""
    return lambda rng: rng.permutation(high)[:k].astype(np.int32)


def rows(k, high, repeat=False):
    """rng -> (k, 1) int32 row indices for tensor_scatter_*; distinct, or with the first
    index repeated last (MindSpore applies every update, so repeats must work too)."""

    def make(rng):
        if repeat:
            idx = rng.integers(0, high, k)
            idx[-1] = idx[0]
        else:
            idx = rng.permutation(high)[:k]
        return idx.reshape(k, 1).astype(np.int32)

    return make


def line_perm(shape, high, axis):
    """rng -> int32 index of `shape` whose entries along `axis` are distinct values in
    [0, high) (scatter along `axis` never writes one cell twice)."""

    def make(rng):
        moved = list(shape)
        n = moved.pop(axis)
        lines = [rng.permutation(high)[:n] for _ in range(int(np.prod(moved)))]
        out = np.stack(lines, -1).reshape([n] + moved)
        return np.moveaxis(out, 0, axis).astype(np.int32)

    return make


def nd_indices(k, dims):
    """rng -> (k, len(dims)) int32 index tuples into the leading `dims`."""
    return lambda rng: np.stack([rng.integers(0, d, k) for d in dims], 1).astype(np.int32)


def coo_indices(rng):
    """rng -> (2, 5) COO indices into a (3, 4) matrix with a repeated entry."""
    idx = np.stack([rng.integers(0, 3, 5), rng.integers(0, 4, 5)])
    idx[:, 4] = idx[:, 1]
    return idx.astype(np.int32)


def complex_normal(*shape):
    return lambda rng: (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(
        np.complex64
    )


def param(maker, name="p"):
    """rng -> a fresh Parameter holding maker's draw (ops that rebind a Parameter)."""
    return lambda rng: ms.Parameter(maker(rng), name=name)


def listed(*makers):
    """rng -> a list of the makers' draws (ops taking a list of tensors)."""
    return lambda rng: [m(rng) for m in makers]


def _view_as_real(re, im):
    # Complex input built from two float arrays so the gradient check sees real arguments.
    return ops.view_as_real(lax.complex(jnp.asarray(re), jnp.asarray(im)))


# -- join / split -----------------------------------------------------------------------------
JOIN = {
    "concat": Case(args(listed(normal(2, 3), normal(1, 3)))),
    "cat": Case(args(listed(normal(3, 2), normal(3, 1)), 1)),
    "stack": Case(args(listed(normal(3, 4), normal(3, 4)), 1)),
    "unstack": Case(args(normal(3, 4), 1)),
    "unbind": Case(args(normal(3, 4)), kwargs={"dim": 0}),
    "split": Case(args(normal(3, 5), [1, 4], 1)),
    "chunk": Case(args(normal(5, 3), 3)),
    "tensor_split": Case(args(normal(3, 5), [1, 3], 1)),
    "hsplit": Case(args(normal(3, 4), 2)),
    "vsplit": Case(args(normal(4, 3), [1, 3])),
    "dsplit": Case(args(normal(2, 3, 4), 2)),
    "hstack": Case(args(listed(normal(3, 2), normal(3, 1)))),
    "vstack": Case(args(listed(normal(3), normal(3)))),
    "row_stack": Case(args(listed(normal(2, 3), normal(1, 3)))),
    "dstack": Case(args(listed(normal(3, 4), normal(3, 4)))),
    "column_stack": Case(args(listed(normal(3), normal(3, 2)))),
    "atleast_1d": Case(args(listed(scalar(), normal(3)))),
    "atleast_2d": Case(args(normal(3))),
    "atleast_3d": Case(args(listed(normal(3), normal(3, 4)))),
}

# -- gather / index / mask --------------------------------------------------------------------
GATHER = {
    # In-range indices (out-of-range ones raise eagerly, as MindSpore's CPU kernel:
    # tests/ops/test_ops_index_checks.py).
    "gather": [
        Case(args(normal(3, 4), integers(2, 3, high=4), 1)),
        Case(
            args(normal(3, 4), integers(3, 2, high=4), 1),
            kwargs={"batch_dims": 1},
            label="batch_dims",
        ),
    ],
    "gather_elements": Case(args(normal(3, 4), 1, integers(3, 2, high=4))),
    "gather_d": Case(args(normal(3, 4), 0, integers(2, 4, high=3))),
    "gather_nd": Case(args(normal(3, 4, 2), nd_indices(5, (3, 4)))),
    "index_select": Case(args(normal(3, 4), 1, integers(3, high=4))),
    "take": Case(args(normal(3, 4), integers(2, 3, high=12))),
    "index_fill": Case(args(normal(3, 4), 1, distinct(2, 4), scalar())),
    "masked_fill": Case(args(normal(3, 4), booleans(3, 4), scalar())),
    # The mask decides the output length: kept static, as a caller under jit must.
    "masked_select": Case(args(normal(3, 4), booleans(3, 4)), static=(1,)),
    "where": Case(args(booleans(3, 4), normal(3, 4), normal(1, 4))),
    "select": Case(args(booleans(3, 4), normal(3, 4), normal(3, 4))),
    "nonzero": [
        Case(args(integers(3, 4, high=2)), jit=DATA_SHAPE, vmap=DATA_SHAPE, grad=INT),
        Case(
            args(integers(3, 4, high=2)),
            kwargs={"as_tuple": True},
            jit=DATA_SHAPE,
            vmap=DATA_SHAPE,
            grad=INT,
            label="as_tuple",
        ),
    ],
    "argwhere": Case(args(normal(3, 4)), jit=DATA_SHAPE, vmap=DATA_SHAPE, grad=INT),
}

# -- sort / search / unique -------------------------------------------------------------------
SORT = {
    "sort": Case(args(normal(3, 4), 0, True)),
    "argsort": Case(args(normal(3, 4)), kwargs={"descending": True}, grad=INT),
    "msort": Case(args(normal(4, 3))),
    "topk": [
        Case(args(normal(3, 5), 2)),
        Case(args(normal(3, 5), 2, 0, False), label="smallest_dim0"),
    ],
    "top_k": Case(args(normal(3, 5), 3)),
    "intopk": Case(args(normal(3, 5), integers(3, high=5), 2), grad=BOOL),
    "searchsorted": Case(args(sorted_rows(3, 5), normal(3, 4)), kwargs={"right": True}, grad=INT),
    "bucketize": Case(args(normal(3, 4), sorted_rows(5)), grad=INT),
    "unique": Case(args(integers(8, high=4)), jit=DATA_SHAPE, vmap=DATA_SHAPE, grad=INT),
    "unique_with_pad": Case(
        args(integers(8, high=4), -1), jit=DATA_SHAPE, vmap=DATA_SHAPE, grad=INT
    ),
    "unique_consecutive": Case(
        args(integers(8, high=3)),
        kwargs={"return_inverse": True, "return_counts": True},
        jit=DATA_SHAPE,
        vmap=DATA_SHAPE,
        grad=INT,
    ),
}

# -- shape moves -----------------------------------------------------------------------------
SHAPE = {
    "reshape": Case(args(normal(3, 4), (2, -1))),
    "permute": Case(args(normal(2, 3, 4), (2, 0, 1))),
    "transpose": Case(args(normal(2, 3, 4), (1, 2, 0))),
    "t": Case(args(normal(3, 4))),
    "squeeze": [
        Case(args(normal(3, 1, 4, 1))),
        Case(args(normal(3, 1, 4, 1)), kwargs={"axis": (0, 1)}, label="axis"),
    ],
    "unsqueeze": Case(args(normal(3, 4), 1)),
    "expand_dims": Case(args(normal(3, 4), -1)),
    "broadcast_to": Case(args(normal(1, 4), (2, 3, -1))),
    "expand": Case(args(normal(3, 1), (3, 4))),
    "expand_as": Case(args(normal(1, 4), normal(3, 4))),
    "view_as": Case(args(normal(3, 4), normal(2, 6))),
    "type_as": Case(args(normal(3, 4), normal(2))),
    "view_as_real": Case(args(normal(3, 4), normal(3, 4)), fn=_view_as_real),
    "flatten": [
        Case(args(normal(2, 3, 4))),
        Case(args(normal(2, 3, 4), "F"), kwargs={"start_dim": 0, "end_dim": 1}, label="order_F"),
    ],
    "ravel": Case(args(normal(3, 4))),
    "moveaxis": Case(args(normal(2, 3, 4), 0, -1)),
    "movedim": Case(args(normal(2, 3, 4), (0, 1), (2, 0))),
    "swapaxes": Case(args(normal(2, 3, 4), 0, 2)),
    "swapdims": Case(args(normal(2, 3, 4), 1, -1)),
    "fliplr": Case(args(normal(3, 4))),
    "flipud": Case(args(normal(3, 4))),
    "block_diag": Case(args(normal(2, 2), normal(1, 3), normal(2, 1))),
    "flip": Case(args(normal(3, 4), (0, 1))),
    "reverse": Case(args(normal(3, 4), [1])),
    "roll": [Case(args(normal(3, 4), 2)), Case(args(normal(3, 4), (1, -1), (0, 1)), label="dims")],
    "rot90": Case(args(normal(3, 4), 1, (0, 1))),
    "tile": Case(args(normal(3, 4), (2, 1, 2))),
    "repeat_elements": Case(args(normal(3, 4), 2, 1)),
    "repeat_interleave": [
        Case(args(normal(3, 4), 2)),
        # Per-entry repeats decide the output length: kept static, as under jit they must be.
        Case(args(normal(3, 4), integers(3, low=1, high=3), 0), static=(1,), label="per_entry"),
    ],
    "narrow": Case(args(normal(3, 5), 1, 1, 3)),
    "slice": Case(args(normal(3, 4), (1, 0), (2, -1))),
    "tensor_slice": Case(args(normal(3, 4), (0, 1), (2, 2))),
    "strided_slice": [
        Case(args(normal(3, 4, 5), (0, 1, 0), (2, 4, 5), (1, 2, 2))),
        Case(
            args(normal(3, 4, 5), (2, 1, 2), (3, 4, 3), (1, 2, 1)),
            kwargs={"begin_mask": 1, "shrink_axis_mask": 4},
            label="masks",
        ),
    ],
}

# -- triangles, diagonals, grids ----------------------------------------------------------------
DIAG = {
    "tril": Case(args(normal(3, 4), -1)),
    "triu": Case(args(normal(3, 4), 1)),
    "tril_indices": Case(args(3, 4, 1), vmap=NO_ARRAY, grad=INT),
    "triu_indices": Case(args(4, 3, -1), vmap=NO_ARRAY, grad=INT),
    "diag": Case(args(normal(3))),
    "diagflat": Case(args(normal(2, 2), -1)),
    "diagonal": Case(args(normal(2, 3, 4), 1, 1, 2)),
    "diag_embed": [
        Case(args(normal(2, 3))),
        Case(args(normal(2, 3), -1, 0, 2), label="offset_dims"),
    ],
    "diagonal_scatter": Case(args(normal(3, 4), normal(3), 1)),
    "matrix_band_part": Case(args(normal(2, 4, 4), 1, -1)),
    "matrix_diag": Case(args(normal(2, 3)), kwargs={"k": 1, "padding_value": 9}),
    "matrix_diag_part": Case(args(normal(2, 3, 4), -1, 0)),
    "matrix_set_diag": Case(args(normal(2, 3, 4), normal(2, 3))),
    "meshgrid": Case(args(normal(3), normal(2), normal(4)), kwargs={"indexing": "ij"}),
    "cartesian_prod": Case(args(normal(3), normal(2))),
    "combinations": Case(args(normal(4), 3, True)),
    "vander": Case(args(normal(3)), kwargs={"N": 4}),
}

# -- scatter and space/batch moves ----------------------------------------------------------------
SCATTER = {
    "scatter": Case(args(normal(3, 4), 0, line_perm((2, 4), 3, 0), normal(2, 4))),
    "tensor_scatter_elements": [
        Case(args(normal(3, 4), line_perm((3, 2), 4, 1), normal(3, 2), 1)),
        Case(args(normal(3, 4), integers(3, 4, high=3), normal(3, 4), 0, "add"), label="add"),
    ],
    "scatter_nd": Case(args(nd_indices(4, (3,)), normal(4, 4), (3, 4))),
    "tensor_scatter_add": Case(args(normal(3, 4), rows(3, 3, repeat=True), normal(3, 4))),
    "tensor_scatter_sub": Case(args(normal(3, 4), rows(3, 3, repeat=True), normal(3, 4))),
    "tensor_scatter_mul": Case(args(normal(3, 4), rows(3, 3, repeat=True), normal(3, 4))),
    "tensor_scatter_div": Case(args(normal(3, 4), rows(3, 3, repeat=True), positive(3, 4))),
    "tensor_scatter_max": Case(args(normal(3, 4), rows(3, 3, repeat=True), normal(3, 4))),
    "tensor_scatter_min": Case(args(normal(3, 4), rows(3, 3, repeat=True), normal(3, 4))),
    "select_scatter": Case(args(normal(3, 4), normal(3), 1, 2)),
    "slice_scatter": Case(args(normal(3, 6), normal(3, 2), 1, 1, 5, 2)),
    "reverse_sequence": Case(args(normal(3, 5, 2), integers(3, low=1, high=6), 1, 0)),
    "space_to_batch_nd": Case(args(normal(1, 2, 4, 6), [2, 2], [[0, 0], [1, 1]])),
    "batch_to_space_nd": Case(args(normal(4, 2, 2, 3), [2, 2], [[0, 0], [1, 1]])),
    # The indices decide the number of unique entries: kept static; values stay traced.
    "coalesce": Case(args(coo_indices, normal(5), np.array([3, 4], np.int32)), static=(0,)),
}

# -- creation (func_create) -------------------------------------------------------------------
CREATE = {
    "arange": [
        Case(args(1, 7, 2), vmap=NO_ARRAY, grad=INT),
        Case(args(0.5, 2.0, 0.25), vmap=NO_ARRAY, grad=NO_ARRAY_GRAD, label="float"),
    ],
    # start/end/step are tensors whose values decide the length: static under jit.
    "range": Case(args(np.int32(1), np.int32(9), np.int32(3)), vmap=NO_ARRAY, grad=INT),
    "linspace": Case(args(scalar(-1.0, 0.0), scalar(1.0, 2.0), 5)),
    # logspace computes in float32 by default (its `dtype`), so a float64 finite difference
    # would only measure float32 rounding.
    "logspace": Case(
        args(scalar(-1.0, 0.0), scalar(0.5, 1.0), 4),
        kwargs={"base": 2},
        x64=False,
        rtol=1e-5,
        grad_rtol=5e-3,
    ),
    "eye": Case(args(2, 3, ms.int32), vmap=NO_ARRAY, grad=INT),
    "ones": Case(args((2, 3)), vmap=NO_ARRAY, grad=NO_ARRAY_GRAD),
    "zeros": Case(args(4, ms.int32), vmap=NO_ARRAY, grad=INT),
    "ones_like": Case(args(normal(3, 4))),
    "zeros_like": Case(args(normal(3, 4)), kwargs={"dtype": ms.int32}, grad=INT),
    "full": Case(args((2, 3), scalar())),
    "full_like": Case(args(normal(3, 4), scalar())),
    "fill": Case(args(ms.float32, (2, 3), scalar())),
    "fills": Case(args(normal(3, 4), scalar())),
    "scalar_to_tensor": Case(args(3, ms.float32), vmap=NO_ARRAY, grad=NO_ARRAY_GRAD),
    "scalar_to_array": Case(args(2.5), vmap=NO_ARRAY, grad=NO_ARRAY_GRAD),
    "tuple_to_array": Case(args((1.0, 2.5, -3.0)), vmap=NO_ARRAY, grad=NO_ARRAY_GRAD),
    "scalar_cast": Case(args(2.7, ms.int32), vmap=NO_ARRAY, grad=INT),
}

# -- shape queries and graph utilities (func_queries_graph) ------------------------------------
MISC = {
    "cast": [Case(args(normal(3, 4), ms.float64)), Case(args(normal(3, 4), ms.int32), grad=INT)],
    "shape": Case(args(normal(3, 4)), grad=QUERY),
    "shape_": Case(args(normal(2, 3, 4)), grad=QUERY),
    "dyn_shape": Case(args(normal(3, 4)), grad=QUERY),
    "rank": Case(args(normal(3, 4)), grad=QUERY),
    "dtype": Case(
        args(normal(3, 4)), fn=lambda x: jnp.asarray(ops.dtype(x) == ms.float32), grad=QUERY
    ),
    "size": Case(args(normal(3, 4)), grad=QUERY),
    "numel": Case(args(normal(2, 3, 4)), grad=QUERY),
    "is_floating_point": Case(args(normal(3, 4)), grad=QUERY),
    "is_complex": Case(args(normal(3, 4)), grad=QUERY),
    "is_nonzero": Case(
        args(normal(1)),
        grad=BOOL,
        jit="returns a Python bool of the value (eager only by design)",
        vmap="returns a Python bool of the value (eager only by design)",
    ),
    "stop_gradient": Case(args(listed(normal(3, 4), normal(2))), grad=STOP),
    "stop_gradient_": [
        Case(args(normal(3, 4)), grad=STOP),
        Case(args(param(normal(3, 4))), state=True, vmap=PARAM_VMAP, grad=STOP, label="parameter"),
    ],
    "depend": Case(args(normal(3, 4), normal(2))),
    "deepcopy": Case(args(normal(3, 4))),
    "print_": Case(args("x:", normal(2)), grad="returns nothing (prints its arguments)"),
    "partial": Case(
        args(normal(3, 4), normal(3, 4)), fn=lambda x, y: ops.partial(jnp.multiply, x)(y)
    ),
    "move_to": Case(args(normal(3, 4)), kwargs={"to": "CPU"}),
    "reshape_": [
        Case(args(normal(3, 4), (4, 3))),
        Case(
            args(param(normal(3, 4)), (2, 6)),
            state=True,
            vmap=PARAM_VMAP,
            grad=PARAM_GRAD,
            label="parameter",
        ),
    ],
    # A numpy array is not a tensor (False); the sweep's arrays are, eagerly and traced.
    "is_tensor": Case(args(normal(3, 4)), fn=lambda x: ops.is_tensor(jnp.asarray(x)), grad=QUERY),
}

SPECS = {**JOIN, **GATHER, **SORT, **SHAPE, **DIAG, **SCATTER, **CREATE, **MISC}
