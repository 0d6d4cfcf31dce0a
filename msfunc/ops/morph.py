"""`Morph`: a Python function used as one graph node, with an optional custom backward."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import jax

from .. import _state
from ..common.tensor import Tensor, unwrap, wrap
from .primitives import Primitive

__all__ = ["Morph"]


def _arrays(tree):
    return jax.tree.map(unwrap, tree, is_leaf=lambda v: isinstance(v, Tensor))


def _tensors(tree):
    return jax.tree.map(wrap, tree)


class Morph(Primitive):
    """MindSpore's ``ops.Morph``: calls `fn` on its inputs as one node of a compiled graph;
    its gradient is `fn`'s own, or `bprop_fn`'s when given. MindSpore runs it only in
    GRAPH_MODE (or ``jit``): called from PyNative code it raises RuntimeError.

    `infer_shape` and `infer_dtype` are MindSpore's compile-time rules for the output; msfunc
    traces `fn`, so the output's shape and dtype are `fn`'s and the rules are kept unused.

    Args:
        fn (Callable): The function, ``fn(*inputs) -> output``.
        infer_shape (Callable): The output shape from the input shapes (unused).
        infer_dtype (Callable): The output dtype from the input dtypes (unused).
        bprop_fn (Union[Callable, None]): ``bprop_fn(*inputs, out, dout)`` returning one
            gradient per input; `fn` may then take only parameters without defaults.
            Default: ``None``.

    Example:
        >>> import msfunc as ms
        >>> triple = Morph(lambda x: x * 3, lambda s: s, lambda t: t)
        >>> ms.jit(lambda x: triple(x) + 1)(ms.Tensor([1.0, 2.0])).tolist()
        [4.0, 7.0]
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        infer_shape: Callable[..., Any],
        infer_dtype: Callable[..., Any],
        bprop_fn: Callable[..., Any] | None = None,
    ) -> None:
        super().__init__("Morph")
        for name, value in (("fn", fn), ("infer_shape", infer_shape), ("infer_dtype", infer_dtype)):
            if not callable(value):
                raise TypeError(f"Morph: `{name}` must be callable, got {type(value).__name__}")
        if bprop_fn is not None:
            if not callable(bprop_fn):
                raise TypeError(
                    f"Morph: `bprop_fn` must be callable, got {type(bprop_fn).__name__}"
                )
            for param in inspect.signature(fn).parameters.values():
                # a custom backward gets one gradient per input: every input must be given
                if (
                    param.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD
                    or param.default is not inspect.Parameter.empty
                ):
                    raise ValueError(
                        "Morph: with `bprop_fn`, `fn` may take only positional-or-keyword "
                        f"parameters without defaults; {param.name!r} is not one"
                    )
        self.fn, self.infer_shape, self.infer_dtype = fn, infer_shape, infer_dtype
        self.bprop_fn = bprop_fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not _state.graph_semantics():
            raise RuntimeError(
                "Morph runs only in GRAPH_MODE or inside jit, as in MindSpore; "
                "call its function directly in PyNative code"
            )
        if self.bprop_fn is None:
            return self.fn(*args, **kwargs)
        inputs = inspect.signature(self.fn).bind(*args, **kwargs).args
        return _tensors(self._with_bprop()(*_arrays(inputs)))

    def _with_bprop(self):
        fn, bprop_fn = self.fn, self.bprop_fn
        assert bprop_fn is not None  # (__call__ comes here only with one)

        @jax.custom_vjp
        def run(*arrays):
            return _arrays(fn(*_tensors(arrays)))

        def forward(*arrays):
            out = run(*arrays)
            return out, (arrays, out)

        def backward(saved, dout):
            arrays, out = saved
            grads = bprop_fn(*_tensors(arrays), _tensors(out), _tensors(dout))
            return tuple(_arrays(tuple(grads)))

        run.defvjp(forward, backward)
        return run
