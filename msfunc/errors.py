"""msfunc's own exception classes."""

import jax

__all__ = [
    "BpropResultError",
    "CompiledCallError",
    "GradientsTypeError",
    "StateError",
    "TracedValueError",
    "UnsupportedError",
]


class UnsupportedError(AttributeError, NotImplementedError):
    """A MindSpore name that msfunc does not provide.

    It is an `AttributeError`, so ``hasattr(module, name)`` and
    ``getattr(module, name, None)`` answer instead of raising, and a
    `NotImplementedError`, so code that expects MindSpore's "not supported"
    errors catches it. The message says why and what to use instead.

    Example:
        >>> from msfunc.errors import UnsupportedError
        >>> err = UnsupportedError("msfunc.ops.foo is not supported: use bar")
        >>> isinstance(err, AttributeError) and isinstance(err, NotImplementedError)
        True
    """


class BpropResultError(Exception):
    """A program's bprop returned gradients msfunc cannot use (its subclasses are also the
    TypeError or ValueError MindSpore raises): an error of the program, never a sign that an
    op refused its inputs.

    Example:
        >>> from msfunc.errors import BpropResultError
        >>> class Shape(BpropResultError, TypeError):
        ...     pass
        >>> isinstance(Shape(), TypeError)
        True
    """


class GradientsTypeError(TypeError, RuntimeError):
    """An optimizer called with gradients that are not one Tensor per Parameter in a tuple.

    A `TypeError`, and the `RuntimeError` MindSpore's compiler raises for it, so code
    catching either keeps working.

    Example:
        >>> from msfunc.errors import GradientsTypeError
        >>> issubclass(GradientsTypeError, TypeError) and issubclass(GradientsTypeError,
        ...                                                          RuntimeError)
        True
    """


class CompiledCallError(TypeError, RuntimeError):
    """A call inside compiled (graph-mode) code that does not fit its callee's signature,
    such as an unexpected keyword argument.

    Python's `TypeError`, and the `RuntimeError` MindSpore's graph compiler raises for it.

    Example:
        >>> from msfunc.errors import CompiledCallError
        >>> issubclass(CompiledCallError, TypeError) and issubclass(CompiledCallError,
        ...                                                         RuntimeError)
        True
    """


class StateError(ValueError):
    """A Parameter used where no msfunc transform carries its state.

    Raised when a Parameter would be written from inside a JAX transformation
    that cannot carry the write out (a leaked tracer), or read inside a traced
    function whose cached program would bake in its current value.

    Example:
        >>> from msfunc.errors import StateError
        >>> issubclass(StateError, ValueError)
        True
    """


class TracedValueError(jax.errors.ConcretizationTypeError):
    """An argument whose value decides a shape (a padding, a size) was traced.

    A `TypeError` and JAX's `ConcretizationTypeError`, so `msfunc.jit` handles it as any
    concretization: it specializes on small integer inputs that hold such values, or says
    where its trace needed one.

    Example:
        >>> from msfunc.errors import TracedValueError
        >>> err = TracedValueError("`padding` must be concrete, not traced")
        >>> isinstance(err, TypeError), str(err)
        (True, '`padding` must be concrete, not traced')
    """

    def __init__(self, message):
        TypeError.__init__(self, message)  # (no link to JAX's docs: this is msfunc's)
