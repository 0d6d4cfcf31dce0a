"""``Tensor.register_hook``: a function applied to a Tensor's gradient during differentiation.

A hook registered on a Tensor computed inside the differentiated function rebinds that
Tensor to an identity whose backward pass hands the incoming gradient to the hooks (in
registration order, each seeing the previous one's result; None keeps it). A hook on a
function input or a Parameter is kept on that object, and `grad`/`value_and_grad` put the
same identity on its traced value (`hooked`). Hooks are read when the backward pass runs,
so a handle removed before then takes its hook out.

Example:
    >>> import msfunc as ms
    >>> def f(x):
    ...     y = x * x
    ...     y.register_hook(lambda g: g * 10)
    ...     return y.sum()
    >>> ms.grad(f)(ms.Tensor([1.0, 2.0])).tolist()
    [20.0, 40.0]
"""

import weakref

import jax

from .. import _state

__all__ = [
    "register_hook",
    "remove_hook",
    "hooks",
    "hooked",
    "unreached_hooks",
    "hook_list",
    "late_hooks",
    "HookHandle",
]

_KEY = "_msfunc_grad_hooks"


class _Hooks(list):
    """A Tensor's hooks; `leaf` when registered outside a differentiated function."""

    leaf = False

    def drop(self, hook=None):
        """Take out `hook` (every hook when None), keeping the count of live leaf hooks."""
        gone = len(self) if hook is None else int(any(h is hook for h in self))
        if hook is None:
            self.clear()
        elif gone:
            del self[next(i for i, h in enumerate(self) if h is hook)]
        if self.leaf and gone:
            _count_leaf_hooks(-gone)


def _count_leaf_hooks(change):
    from .. import context

    context.LEAF_GRAD_HOOKS[0] += change
    context.refresh_auto_compile()


class HookHandle:
    """What `register_hook` returns: ``remove()`` takes the hook out again."""

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        """Take the hook out (a second call does nothing).

        Example:
            >>> import msfunc as ms
            >>> x = ms.Tensor([1.0])
            >>> x.register_hook(lambda g: g * 2).remove()
        """
        self._hooks.drop(self._hook)


def _run_hooks(hooks, gradient):
    from ..ops.hooks import call_hook
    from .tensor import unwrap, wrap

    for hook in list(hooks):
        result = call_hook(hook, wrap(gradient))
        if result is not None:
            gradient = unwrap(result)
    return gradient


def _identity_with(hooks, value, ran=None):
    from ..ops.hooks import _with_grad_hook

    def on_grad(cotangents):
        if ran is not None:
            ran.add(id(hooks))
        return (_run_hooks(hooks, cotangents[0]),)

    return _with_grad_hook((value,), on_grad, "Tensor.register_hook")[0]


def register_hook(self, hook):
    """Register `hook(grad) -> grad or None`, applied to this Tensor's gradient.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([3.0])
        >>> handle = x.register_hook(lambda g: g * 2)
        >>> ms.grad(lambda t: (t * t).sum())(x).tolist()
        [12.0]
        >>> handle.remove()
        >>> ms.grad(lambda t: (t * t).sum())(x).tolist()
        [6.0]
    """
    if not callable(hook):
        raise TypeError(
            f"Tensor.register_hook: `hook` must be a callable, got {type(hook).__name__}"
        )
    by_reference = getattr(type(self), "_msfunc_by_reference", False)  # a Parameter
    if by_reference and not self.requires_grad:
        raise RuntimeError(
            f"Tensor.register_hook: Parameter {self.name!r} does not require grad "
            "(requires_grad=False), so it has no gradient to hook"
        )
    if by_reference and _state.graph_semantics():
        # MindSpore's graph compiler refuses a Parameter's hook registered inside the graph
        raise ValueError(
            f"Tensor.register_hook: Parameter {self.name!r} takes hooks outside graph-mode "
            "functions only; register it before calling the network"
        )
    hooks = self.__dict__.get(_KEY)
    if hooks is not None and not hooks.leaf and _state.graph_semantics():
        # MindSpore's graph compiler takes one hook per Tensor computed in the graph (PyNative
        # code chains any number)
        raise RuntimeError(
            "Tensor.register_hook: a Tensor computed in a graph-mode function takes one hook; "
            "combine the hooks into one function"
        )
    if hooks is None:
        hooks = self.__dict__[_KEY] = _Hooks()
        value = None if by_reference else self._value
        if isinstance(value, jax.core.Tracer):
            # computed inside the differentiated function: its later uses see the hooks
            self._value = _identity_with(hooks, value)
        else:
            # an input or a Parameter: the gradient transforms look its hooks up, eagerly
            hooks.leaf = True
            weakref.finalize(self, hooks.drop)
    hooks.append(hook)
    if hooks.leaf:
        _count_leaf_hooks(1)
    return HookHandle(hooks, hook)


def hooks(self):
    """The hooks registered on this Tensor, in order.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0]); _ = x.register_hook(abs); x.hooks()
        [<built-in function abs>]
    """
    return list(self.__dict__.get(_KEY, ()))


def remove_hook(self):
    """Take out every hook registered on this Tensor.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0]); _ = x.register_hook(print); x.remove_hook()
    """
    if _KEY in self.__dict__:
        self.__dict__[_KEY].drop()


def hook_list(original):
    """`original`'s live list of hooks, or None.

    Example:
        >>> import msfunc as ms
        >>> hook_list(ms.Tensor([1.0])) is None
        True
    """
    return getattr(original, "__dict__", {}).get(_KEY)


def late_hooks(original, gradient, had_hooks):
    """`gradient` through `original`'s hooks if it had none when its gradient's trace began
    (`had_hooks` false) and has some now: they were registered during the forward pass.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = w.register_hook(lambda g: g * 2)
        >>> late_hooks(w, ms.Tensor([3.0]), False).tolist()
        [6.0]
    """
    hooks = hook_list(original)
    if had_hooks or not hooks:
        return gradient
    return _run_hooks(hooks, gradient)


def hooked(original, value, ran=None):
    """`value` (the traced stand-in of `original` in a gradient) with `original`'s hooks; the
    set `ran` gets the id of its hook list when the backward pass runs them."""
    hooks = getattr(original, "__dict__", {}).get(_KEY)
    return _identity_with(hooks, value, ran) if hooks else value


def unreached_hooks(original, gradient, ran):
    """`gradient` through `original`'s hooks when the backward pass did not run them (`ran`
    lacks them): a weight the output does not depend on, whose gradient is zero. MindSpore
    runs a listed weight's hooks whether or not the output uses it.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = w.register_hook(lambda g: g + 5)
        >>> unreached_hooks(w, ms.Tensor([0.0]), set()).tolist()
        [5.0]
    """
    hooks = hook_list(original)
    if not hooks or id(hooks) in ran:
        return gradient
    return _run_hooks(hooks, gradient)
