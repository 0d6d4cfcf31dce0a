"""``mindspore._c_expression``: MindSpore's C++ bindings, which msfunc has no counterpart of.

The module path imports (MindSpore code imports from it at the top of a file); each
name raises UnsupportedError saying why when it is used, except ``security``, whose
``enable_security()`` says whether the build disables Print and dumps (never, here), and
``typing``, MindSpore's type classes (msfunc.compat.c_typing), ``CommExecOrderChecker``,
the collector behind msfunc.utils.comm_exec_order_check, and ``TensorPy``, the base class of
MindSpore's Tensor, which is msfunc's Tensor (``TensorPy(t)`` is a Tensor of `t`'s values).

Example:
    >>> from msfunc.compat import c_expression
    >>> try:
    ...     c_expression.GraphExecutor_
    ... except NotImplementedError as err:
    ...     print(str(err).split(":")[0])
    mindspore._c_expression.GraphExecutor_ is not supported by msfunc
    >>> c_expression.security.enable_security()
    False
    >>> import msfunc as ms
    >>> isinstance(ms.Tensor([1.0]), c_expression.TensorPy)
    True
"""

import types

from ..common.tensor import Tensor as TensorPy
from ..errors import UnsupportedError
from ..utils.execution_order import CommExecOrderChecker
from . import c_typing as typing

__all__ = ["CommExecOrderChecker", "TensorPy", "security", "typing"]

# msfunc has no security-hardened build: Print and friends always run.
security = types.SimpleNamespace(enable_security=lambda: False)


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    raise UnsupportedError(
        f"mindspore._c_expression.{name} is not supported by msfunc: it is part of MindSpore's "
        "C++ runtime bindings; msfunc runs on JAX (use msfunc's dtypes, Tensor and jax.* APIs)"
    )
