"""msfunc's own exception classes."""

__all__ = ["UnsupportedError"]


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
