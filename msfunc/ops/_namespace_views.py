"""Fill MindSpore's ops sub-namespaces (operations, functional, composite, function) from ops."""

import inspect
import sys

from ..errors import UnsupportedError


def fill(module_name, keep):
    """Copy the names of msfunc.ops that `keep(name, value)` accepts into `module_name`.

    Returns the module's ``__getattr__``: a name msfunc.ops documents as not
    applicable raises UnsupportedError with msfunc.ops's reason.
    """
    ops = sys.modules[__package__]
    module = sys.modules[module_name]
    names = [n for n in ops.__all__ if keep(n, getattr(ops, n))]
    for name in names:
        setattr(module, name, getattr(ops, name))
    module.__all__ = sorted(names)
    short = module_name.rsplit(".", 1)[-1]

    def __getattr__(name):
        reason = ops.NOT_APPLICABLE.get(name)
        if reason is not None:
            raise UnsupportedError(f"msfunc.ops.{short}.{name} is not supported: {reason}")
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__


def is_primitive_class(name, value):
    from .primitives import Primitive

    return inspect.isclass(value) and (issubclass(value, Primitive) or name == "GradOperation")


def is_function(name, value):
    return not inspect.isclass(value) and callable(value)
