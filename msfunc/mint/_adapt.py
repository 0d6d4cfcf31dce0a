"""Build ``mindspore.mint`` functions from msfunc ops: torch-style argument names onto msfunc's.

A mint function is declared in one line, ``name = MINT("name", target, lambda <signature>:
None, renames)``: the signature is a real Python one (torch-style: ``input``, ``dim``,
``keepdim``, ``other``), read from the lambda. The function binds a call to it, renames each
argument to the target's parameter (explicit `renames` first, then the usual twins: dim ->
axis, keepdim -> keep_dims/keepdims, input -> x/input_x/...) and calls the target by keyword.
An argument the target has no parameter for must keep its mint default; another value raises
UnsupportedError naming it.
"""

import functools
import inspect
from typing import Any

from ..errors import UnsupportedError
from ._docstrings import render

__all__ = ["TorchStyle", "torch_style", "INPUT", "INPUT_OTHER", "SATISFIED"]

#: A rename target for an argument the msfunc op already honours whatever its value (argsort's
#: ``stable``: msfunc's sorts are always stable): accepted and not passed on.
SATISFIED = "(always satisfied)"

_TWINS = {
    "input": ("input", "x", "input_x", "a", "A", "logits", "inputs", "tensor", "mat"),
    "dim": ("dim", "axis"),
    "dims": ("dims", "axis"),
    "keepdim": ("keepdim", "keep_dims", "keepdims"),
    "other": ("other", "y"),
    "target": ("target", "labels"),
    "tensors": ("tensors",),
}
# MindSpore names the one tensor of a few functions `x` or `tensor` (mint.arcsin, mint.isnan)
_TWINS["x"] = _TWINS["tensor"] = ("x", *_TWINS["input"])


#: The signatures of mint's one-tensor and two-tensor functions.
INPUT = inspect.signature(lambda input: None)
INPUT_OTHER = inspect.signature(lambda input, other: None)


def torch_style(mint_name, target, signature, renames=None):
    """A function with the mint `signature` (an inspect.Signature, or a function having it)
    that calls `target` with msfunc's names.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc import ops
        >>> mean = torch_style("mean", ops.mean, lambda input, dim=None, keepdim=False: None)
        >>> mean(jnp.ones((2, 3)), dim=1, keepdim=True).shape
        (2, 1)
    """
    sig = signature if isinstance(signature, inspect.Signature) else inspect.signature(signature)
    target_params = inspect.signature(target).parameters
    renames = dict(renames or {})
    mapping = {}
    for param in sig.parameters.values():
        name = param.name
        if name in renames:
            mapping[name] = renames[name]
            continue
        for twin in _TWINS.get(name, (name,)):
            if twin in target_params:
                mapping[name] = twin
                break
        else:
            if param.default is inspect.Parameter.empty:
                # a required argument the target cannot take would fail on every call
                raise TypeError(
                    f"mint.{mint_name}: required argument {name!r} has no "
                    f"parameter in {target.__name__}; pass a rename for it"
                )
            mapping[name] = None  # the target has no such parameter
    # mint defaults the target lacks or sets otherwise (batch_norm's weight=None, which ops
    # requires; smooth_l1_loss's reduction="mean", where ops has "none"): passed on when left out
    required_defaults = {
        name: goal
        for name, goal in mapping.items()
        if goal not in (None, SATISFIED)
        and goal in target_params
        and sig.parameters[name].default is not inspect.Parameter.empty
        and target_params[goal].kind
        not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
        and not _same(target_params[goal].default, sig.parameters[name].default)
    }

    @functools.wraps(target)
    def call(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(f"mint.{mint_name}{sig}: {exc}") from None
        forwarded = {}
        for name, value in bound.arguments.items():
            goal = mapping[name]
            if goal is SATISFIED:
                continue
            if goal is None:
                if value is not sig.parameters[name].default:
                    raise UnsupportedError(
                        f"mint.{mint_name}: argument {name}={value!r} is "
                        "not supported by msfunc yet (leave it at its "
                        f"default, {sig.parameters[name].default!r})"
                    )
                continue
            forwarded[goal] = value
        for name, goal in required_defaults.items():
            forwarded.setdefault(goal, sig.parameters[name].default)
        return target(*_leading_positionals(target_params, forwarded), **forwarded)

    call.__signature__ = sig
    call.__name__ = call.__qualname__ = mint_name
    call.__doc__ = (
        f"``mint.{mint_name}{sig}``: msfunc's "
        f"``{getattr(target, '__module__', '')}.{target.__name__}`` "
        "with torch-style argument names."
    )
    # not a wrapper of `target` to introspection: help(), the reference pages and signature()
    # show the mint function (its docstring says what it calls)
    del call.__wrapped__
    call._msfunc_target = target  # (what it calls, for msfunc's own checks)
    return call


def _same(a, b):
    try:
        return isinstance(a, bool) == isinstance(b, bool) and bool(a == b)
    except Exception:  # noqa: BLE001  (arrays and odd objects: treat as different)
        return False


def _leading_positionals(params, forwarded):
    """Pop the arguments that must go positionally (those before and into a ``*args``)."""
    args = []
    for param in params.values():
        if param.kind is inspect.Parameter.VAR_POSITIONAL:
            args.extend(forwarded.pop(param.name, ()))
            break
        if param.kind is inspect.Parameter.POSITIONAL_ONLY and param.name in forwarded:
            args.append(forwarded.pop(param.name))
        elif (
            param.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD or param.name not in forwarded
        ):
            break
        else:
            args.append(forwarded.pop(param.name))
    return args


class TorchStyle:
    """Makes the torch-style functions of one mint module and keeps their names, in order.

    With `docs` ({name: `_docstrings.Doc`}) and `examples` ({name: doctest text}), each
    function gets its written docstring and a signature annotated with the types its ``Args``
    entries give.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc import ops
        >>> from msfunc.mint._docstrings import doc
        >>> made = TorchStyle("msfunc.mint", {"neg": "    >>> 1\\n    1\\n"}, {"neg": doc("-x.")})
        >>> neg = made("neg", ops.neg, INPUT)
        >>> neg(jnp.ones(2)).tolist(), neg.__module__, made.names
        ([-1.0, -1.0], 'msfunc.mint', ['neg'])
        >>> str(inspect.signature(neg))
        "(input: 'Tensor') -> 'Tensor'"
    """

    def __init__(self, module_name, examples=None, docs=None):
        self.module_name = module_name
        self.examples = examples or {}  # {mint name: doctest text} ending its docstring
        self.docs = docs or {}  # {mint name: Doc}
        self.names = []

    def __call__(self, mint_name, target, signature, renames=None):
        fn: Any = torch_style(mint_name, target, signature, renames)  # (a wrapped function)
        fn.__module__ = self.module_name
        if mint_name in self.docs:
            where = f"msfunc.ops.{target.__name__}"
            fn.__doc__, fn.__signature__ = render(
                mint_name,
                fn.__signature__,
                self.docs[mint_name],
                self.examples[mint_name],
                calls=f"Calls ``{where}`` with torch-style argument names.",
            )
        elif mint_name in self.examples:
            fn.__doc__ += f"\n\nExample:\n{self.examples[mint_name]}"
        self.names.append(mint_name)
        return fn
