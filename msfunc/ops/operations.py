"""MindSpore's ``ops.operations`` (``from ... import operations as P``): the primitive classes.

Every name is the object of `msfunc.ops` (``P.Add is msfunc.ops.Add``).

Example:
    >>> from msfunc.ops import operations as P
    >>> import msfunc
    >>> P.MatMul is msfunc.ops.MatMul
    True
"""

from . import primitives as _primitives
from ._namespace_views import fill, is_primitive_class

__getattr__, __dir__ = fill(__name__, is_primitive_class)
for _name in ("Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "prim_attr_register"):
    globals()[_name] = getattr(_primitives, _name)
__all__ = sorted(
    set(globals()["__all__"])
    | {"Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "prim_attr_register"}
)
