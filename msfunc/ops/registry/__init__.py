"""msfunc.ops's registry: one row (`Op`) per functional op, one rows module per ``func_*`` module.

A row names the op, its array function and how it is published: msfunc.ops publishes every row
as a Tensor function (`publish`), installs its Tensor-method twins (`install_twins`), and
``tools/gen_stubs.py`` writes the ``.pyi`` stubs from the rows. Adding an op is its
function in a ``func_*`` module (and that module's ``__all__``) plus one row here;
tests/ops/test_op_registry.py fails when the two disagree.
"""

import inspect
import re
import types
from typing import Any

import jax
from jax.typing import ArrayLike

from ..._lazy import DeferredSignature
from ...common.tensor_functions import in_place_function, tensor_function, tensor_op
from ...common.tensor_methods_common import twin
from .. import _forward
from ..compiled_rows import COMPILED_OPS, compiled_op
from . import (
    func_activation,
    func_adaptive_pool,
    func_arithmetic,
    func_array,
    func_candidate_sampling,
    func_conv,
    func_create,
    func_decompositions,
    func_diagonal,
    func_distance,
    func_factorizations,
    func_fft,
    func_indexing,
    func_join,
    func_limits,
    func_linalg,
    func_loss,
    func_margin_loss,
    func_math,
    func_nn,
    func_normalization,
    func_norms,
    func_patches,
    func_pool,
    func_queries_graph,
    func_random,
    func_reduce,
    func_resample,
    func_sampling,
    func_scatter,
    func_slicing,
    func_softmax,
    func_sorting,
    func_sparse,
    func_sparse_math,
    func_special,
    func_spectral,
    func_state,
    func_statistics,
    func_sums,
    func_vision,
)
from ._row import KEEP, MINDSPORE, Op

__all__ = ["AREAS", "ROWS", "Op", "MINDSPORE", "KEEP", "publish", "install_twins"]

#: The rows modules, each with ``HOME`` (the func_* module its array functions live in)
#: and ``ROWS``.
AREAS = (
    func_activation,
    func_arithmetic,
    func_array,
    func_candidate_sampling,
    func_conv,
    func_patches,
    func_create,
    func_decompositions,
    func_diagonal,
    func_distance,
    func_factorizations,
    func_fft,
    func_indexing,
    func_join,
    func_limits,
    func_linalg,
    func_loss,
    func_margin_loss,
    func_math,
    func_nn,
    func_normalization,
    func_norms,
    func_pool,
    func_adaptive_pool,
    func_queries_graph,
    func_random,
    func_reduce,
    func_resample,
    func_sampling,
    func_scatter,
    func_sorting,
    func_slicing,
    func_softmax,
    func_sparse,
    func_sparse_math,
    func_special,
    func_spectral,
    func_state,
    func_statistics,
    func_sums,
    func_vision,
)
ROWS = tuple(row for area in AREAS for row in area.ROWS)


def publish(row, home):
    """The public ``msfunc.ops`` function of `row`, whose array function lives in module `home`:
    Tensors in and out, results under the row's promotion rule.

    Example:
        >>> import msfunc
        >>> from msfunc.ops import func_math
        >>> sin = publish(Op("sin", func_math.sin), func_math)
        >>> type(sin(msfunc.Tensor(0.0))).__name__
        'Tensor'
    """
    fn = row.impl
    if type(fn) is not types.FunctionType or getattr(fn, "_msfunc_tensor_function", False):
        return fn
    if "<locals>" in fn.__qualname__ or fn.__module__ == _forward.__name__:
        # made by a factory (forward, a closure): named where it is public, so help(),
        # repr and documentation tools find it under its own name and module
        fn.__name__ = fn.__qualname__ = row.name
        fn.__module__ = home.__name__
    promotes = row.promotion == MINDSPORE
    # (an op of many JAX calls: one compiled program per signature, `compiled_rows`)
    array_fn = compiled_op(fn) if row.name in COMPILED_OPS else fn
    published: Any  # a function wrapper that takes the user's signature below
    inner = getattr(fn, "__wrapped_fn__", None)  # a jax function exposed by `forward`
    if inner is not None:
        floats = getattr(fn, "_msfunc_float_operands", False)
        published = tensor_op(fn, inner, len(fn.__signature__.parameters), promotes, floats)
    else:
        published = tensor_function(array_fn, promotes, row.keeps_parameters)
        published = in_place_function(published) if row.in_place else published
    signature = DeferredSignature(lambda: user_signature(fn))  # (help() and IDEs read it)
    published.__signature__ = signature  # pyright: ignore[reportAttributeAccessIssue]
    return published


_ARRAY_TYPE = re.compile(r"\b(?:jax\.)?(?:Array|ArrayLike)\b")


def _as_tensor(annotation):
    # func_* modules annotate under ``from __future__ import annotations``: strings
    if isinstance(annotation, str):
        return _ARRAY_TYPE.sub("Tensor", annotation)
    return "Tensor" if annotation in (jax.Array, ArrayLike) else annotation


def user_signature(fn):
    """`fn`'s signature as its published op shows it: the array types of a ``func_*`` module's
    annotations (``ArrayLike``, ``Array``) read ``Tensor``, what a user passes and gets back.

    Example:
        >>> def scale(x: "ArrayLike", factor: "float" = 2.0) -> "Array":
        ...     return x * factor
        >>> str(user_signature(scale))
        "(x: 'Tensor', factor: 'float' = 2.0) -> 'Tensor'"
    """
    sig = inspect.signature(fn)
    params = [p.replace(annotation=_as_tensor(p.annotation)) for p in sig.parameters.values()]
    return sig.replace(parameters=params, return_annotation=_as_tensor(sig.return_annotation))


def install_twins(cls, namespace):
    """Put on `cls` each row's Tensor methods, calling the op of `namespace` (msfunc.ops's
    globals) with the Tensor first; a method `cls` already has is left as it is.

    Example:
        >>> import msfunc
        >>> msfunc.Tensor([1.0, -2.0]).abs().tolist()
        [1.0, 2.0]
    """
    for row in ROWS:
        for method in row.methods:
            if method not in cls.__dict__:
                setattr(cls, method, twin(method, namespace[row.name], row.name))
