"""`forward`: a jax function exposed as a MindSpore-named op with MindSpore's parameter names."""

import inspect

from ..common.promotion import float32_scalar
from ..common.shape_errors import shape_value_error
from ..common.tensor import unwrap
from ._forward_docs import docstring

__all__ = ["forward"]


def forward(
    name,
    fn,
    params=("input",),
    example="x = jnp.array([1.0, 2.0])",
    defaults=None,
    types=None,
    float_operands=False,
):
    """`fn` as a MindSpore-named op: parameters `params` (MindSpore's names, so keywords
    work), Parameters accepted anywhere an array goes, a docstring with an example.

    `types` annotates the signature: parameter name (or ``"return"``) -> annotation, each
    parameter ``ArrayLike`` and the result ``Array`` unless named there (the published op
    reads ``Tensor`` for both). With `float_operands`, Python float arguments are taken as
    float32 scalars, as MindSpore's elementwise ops take them (`float32_scalar`)."""
    defaults, types = defaults or {}, types or {}
    sig = inspect.Signature(
        [
            inspect.Parameter(
                p,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=defaults.get(p, inspect.Parameter.empty),
                annotation=types.get(p, "ArrayLike"),
            )
            for p in params
        ],
        return_annotation=types.get("return", "Array"),
    )
    target = getattr(fn, "__name__", repr(fn))

    def op(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(f"{name}({', '.join(params)}): {exc}") from None
        bound.apply_defaults()
        values = [unwrap(v) for v in bound.arguments.values()]
        if float_operands:
            values = [float32_scalar(v) for v in values]
        try:
            return fn(*values)
        except TypeError as exc:
            error = shape_value_error(exc, name, values)
            if error is None:
                raise
            raise error from None

    op.__name__ = op.__qualname__ = name
    op.__signature__ = sig
    # the written docstring (_forward_docs); the placeholder only for an op not yet there
    op.__doc__ = docstring(name, params) or (
        f"MindSpore ``ops.{name}``, computed by ``{target}``.\n\n"
        f"Example:\n    >>> {example}\n    >>> F.{name}(...)  # doctest: +SKIP\n"
    )
    op.__wrapped_fn__ = fn
    op._msfunc_float_operands = float_operands
    return op
