"""Ops made of many JAX calls run as one compiled program per argument signature.

Called eagerly, an op written as a chain of ``jnp`` calls dispatches each one (tens of
microseconds apiece), and one holding a ``lax`` loop over a fresh closure traces and compiles
that loop on every call (``tensor_scatter_mul``'s one-update-at-a-time loop: 60-80 ms a call).
A registry row named in `COMPILED_OPS` runs its array function through `compiled_op`:
one ``jax.jit`` program per structure of its arguments and per value of its non-array ones.
The same program runs inside traces (a ``pjit`` equation), so an exact PyNative program run
op by op (`transforms.op_by_op`) runs the op as eager code does. Only rows whose function
reads no array value in Python are marked (no data-dependent shapes, no value checks).
"""

from __future__ import annotations

import functools

import jax

from .._state import graph_semantics

__all__ = ["COMPILED_OPS", "MAX_VARIANTS", "compiled_op"]

# Programs kept per op: a loop passing a new Python number each call stops compiling after
# this many (each would be a new program) and calls the function directly.
MAX_VARIANTS = 32

#: The rows run by `compiled_op`: each measured 5x to 7,000x faster eagerly compiled, with the
#: same values, and no function it reaches asks whether a value is concrete (index and value
#: checks that run only eagerly, data-dependent shapes), whether graph mode is tracing, or
#: reads Python state a cached program would not see change (msfunc's context flags, the
#: auto-mixed-precision setting, the random key): tests/ops/test_compiled_rows.py checks.
COMPILED_OPS = frozenset(
    {
        "adaptive_avg_pool1d",
        "adaptive_avg_pool2d",
        "adaptive_avg_pool2d_ext",
        "adaptive_avg_pool3d",
        "adaptive_max_pool1d",
        "adaptive_max_pool2d",
        "adaptive_max_pool3d",
        "add_layer_norm",
        "add_rms_norm",
        "affine_grid",
        "avg_pool1d",
        "avg_pool2d",
        "avg_pool3d",
        "bartlett_window",
        "batch_to_space_nd",
        "bidense",
        "binary_cross_entropy",
        "binary_cross_entropy_with_logits",
        "blackman_window",
        "bounding_box_decode",
        "bounding_box_encode",
        "cartesian_prod",
        "cdist",
        "check_valid",
        "clamp",
        "clip",
        "clip_by_global_norm",
        "clip_by_value",
        "column_stack",
        "combinations",
        "conv3d_transpose",
        "conv_transpose2d",
        "coo2csr",
        "coo_concat",
        "coo_relu",
        "coo_relu6",
        "cosine_embedding_loss",
        "cosine_similarity",
        "crop_and_resize",
        "csr_gather",
        "csr_reduce_sum",
        "csr_relu",
        "csr_relu6",
        "csr_to_dense",
        "ctc_loss",
        "diagflat",
        "dist",
        "eye",
        "fftfreq",
        "float_power",
        "fold",
        "gather_nd",
        "gaussian_nll_loss",
        "gelu",
        "grid_sample",
        "hamming_window",
        "hann_window",
        "hardshrink",
        "hardsigmoid",
        "hardswish",
        "hinge_embedding_loss",
        "histc",
        "huber_loss",
        "hypot",
        "interpolate",
        "intopk",
        "iou",
        "kaiser_window",
        "kl_div",
        "layer_norm",
        "lp_pool1d",
        "lp_pool2d",
        "lu_unpack",
        "margin_ranking_loss",
        "matrix_band_part",
        "matrix_diag",
        "matrix_diag_part",
        "matrix_solve",
        "max_pool2d",
        "max_pool3d",
        "max_unpool1d",
        "max_unpool2d",
        "max_unpool3d",
        "meshgrid",
        "multi_margin_loss",
        "multilabel_margin_loss",
        "multilabel_soft_margin_loss",
        "mvlgamma",
        "nextafter",
        "ones_like",
        "orgqr",
        "ormqr",
        "pdist",
        "pinv",
        "prelu",
        "relu6",
        "rfftfreq",
        "rms_norm",
        "roll",
        "rotary_position_embedding",
        "scatter_nd",
        "searchsorted",
        "sequence_mask",
        "sign",
        "slice",
        "smooth_l1_loss",
        "soft_shrink",
        "softplus",
        "softshrink",
        "space_to_batch_nd",
        "tensor_scatter_add",
        "tensor_scatter_div",
        "tensor_scatter_max",
        "tensor_scatter_min",
        "tensor_scatter_mul",
        "tensor_scatter_sub",
        "tensor_slice",
        "tensor_split",
        "threshold",
        "triplet_margin_loss",
        "triu_indices",
        "unfold",
        "upsample",
        "vsplit",
        "xdivy",
        "zeta",
    }
)


def compiled_op(fn):
    """`fn` (arrays in, arrays out) run as a ``jax.jit`` program per signature: array leaves
    of its arguments (inside lists, tuples and dicts too) are the program's inputs, every
    other leaf a compile-time constant (with its type: ``1``, ``1.0`` and ``True`` differ).

    Graph mode's traces call `fn` itself (graph semantics are read while tracing). So do
    arguments that cannot key a program (a numpy array, an unhashable object), the variants
    past `MAX_VARIANTS`, and a signature whose program failed where `fn` itself runs (it
    read an array value): such a failure runs `fn`, so an error the user caused is `fn`'s.

    Example:
        >>> import jax.numpy as jnp
        >>> scaled = compiled_op(lambda x, k=2.0: jnp.exp(x) * k)
        >>> float(scaled(jnp.float32(0.0), k=3.0))
        3.0
    """
    programs = {}

    @functools.wraps(fn)
    def run(*args, **kwargs):
        if graph_semantics():
            return fn(*args, **kwargs)
        leaves, tree = jax.tree.flatten((args, kwargs))
        arrays, constants = [], []
        for leaf in leaves:
            if isinstance(leaf, jax.Array):
                arrays.append(leaf)
                constants.append(_ARRAY)
            else:
                constants.append((type(leaf), leaf))
        key = (tree, tuple(constants))
        try:
            program = programs.get(key)
        except TypeError:  # (an unhashable argument)
            return fn(*args, **kwargs)
        if program is _DIRECT:
            return fn(*args, **kwargs)
        if program is None:
            if len(programs) >= MAX_VARIANTS:
                return fn(*args, **kwargs)
            program = programs[key] = jax.jit(functools.partial(_call, fn, tree, key[1]))
        try:
            return program(*arrays)
        except Exception:  # noqa: BLE001 - decided by running `fn` itself, below
            out = fn(*args, **kwargs)  # (the user's own error raises from here)
            programs[key] = _DIRECT  # it runs where its trace does not: a value was read
            return out

    run._msfunc_compiled_op = True  # pyright: ignore[reportAttributeAccessIssue]
    return run


_ARRAY = object()  # (the place of an array input in a signature's constants)
_DIRECT = object()  # (a signature whose function runs as itself)


def _call(fn, tree, constants, *arrays):
    supply = iter(arrays)
    leaves = [next(supply) if c is _ARRAY else c[1] for c in constants]
    args, kwargs = jax.tree.unflatten(tree, leaves)
    return fn(*args, **kwargs)
