"""Fill MindSpore's ops sub-namespaces (operations, functional, composite, function) from ops."""

import inspect
import sys

from .._lazy import on_first_read
from ..errors import UnsupportedError


def fill(module_name, keep):
    """Copy the names of msfunc.ops that `keep(name, value)` accepts into `module_name`.

    Returns the module's ``(__getattr__, __dir__)``: a generated primitive class is read from
    msfunc.ops when first read (msfunc._lazy), and a name msfunc.ops documents as not
    applicable raises UnsupportedError with msfunc.ops's reason.
    """
    from .primitives import GENERATED, Primitive

    ops = sys.modules[__package__]
    module = sys.modules[module_name]
    # a generated class is judged by its base, so that judging it does not make it
    names = [
        n for n in ops._viewed_names() if keep(n, Primitive if n in GENERATED else getattr(ops, n))
    ]
    deferred = {n for n in names if n in GENERATED}
    for name in names:
        if name not in deferred:
            setattr(module, name, getattr(ops, name))
    module.__all__ = sorted(names)
    short = module_name.rsplit(".", 1)[-1]

    def missing(name):
        reason = ops.NOT_APPLICABLE.get(name)
        if reason is not None:
            raise UnsupportedError(f"msfunc.ops.{short}.{name} is not supported: {reason}")
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return on_first_read(vars(module), deferred, lambda name: getattr(ops, name), missing)


def is_primitive_class(name, value):
    from .primitives import Primitive

    return inspect.isclass(value) and (issubclass(value, Primitive) or name == "GradOperation")


def is_function(name, value):
    return not inspect.isclass(value) and callable(value)
