"""``mindspore.ops._grad_experimental.grad_base``: `bprop_getters`, the registry that gives a
Primitive subclass its backward rule.

Example:
    >>> import msfunc as ms
    >>> from msfunc.ops.primitives import Primitive
    >>> class Cube(Primitive):
    ...     def __call__(self, x):
    ...         return x * x * x
    >>> @bprop_getters.register(Cube)
    ... def get_cube_bprop(self):
    ...     def bprop(x, out, dout):
    ...         return (3 * x * x * dout,)
    ...     return bprop
    >>> print(ms.grad(Cube())(ms.Tensor(2.0)))
    12.0
"""

import functools

from ..ops.primitives import Primitive
from ..transforms.bprop import custom_bprop

__all__ = ["BpropRegistry", "bprop_getters"]


class BpropRegistry:
    """Backward rules of Primitive subclasses, each given by a getter: ``getter(prim)``
    returns ``bprop(*inputs, out, dout)``, which returns one gradient per input.

    Registering a class makes its calls use the rule under `msfunc.grad` and the other
    transforms (a `jax.custom_vjp` around the class's ``__call__``). msfunc's own
    primitives take their gradients from JAX, so only user classes are registered.

    Example:
        >>> registry = BpropRegistry()
        >>> registry.get(Primitive) is None
        True
    """

    def __init__(self):
        self._getters = {}

    def register(self, prim):
        """Decorator registering a bprop getter for the Primitive subclass `prim`."""
        if not (isinstance(prim, type) and issubclass(prim, Primitive)):
            raise TypeError(
                "bprop_getters.register: msfunc registers backward rules for Primitive "
                f"subclasses, got {prim!r}"
            )

        def decorate(getter):
            self._getters[prim] = getter
            _attach(prim, getter)
            return getter

        return decorate

    def get(self, prim):
        """The getter registered for the class `prim` (or an instance's class), or None."""
        return self._getters.get(prim if isinstance(prim, type) else type(prim))


def _attach(cls, getter):
    """Route the calls of `cls` through ``custom_bprop`` with the rule `getter` gives."""
    call = cls.__call__

    @functools.wraps(call)
    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError(
                f"{type(self).__name__}: a primitive with a registered bprop takes its inputs "
                "by position"
            )
        return custom_bprop(getter(self))(functools.partial(call, self))(*args)

    cls.__call__ = __call__


bprop_getters = BpropRegistry()
