"""``mindspore._c_expression``: MindSpore's C++ bindings, which msfunc has no counterpart of.

The module path imports (MindSpore code imports from it at the top of a file); each
name raises UnsupportedError saying why when it is used.

Example:
    >>> from msfunc.compat import c_expression
    >>> try:
    ...     c_expression.typing
    ... except NotImplementedError as err:
    ...     print(str(err).split(":")[0])
    mindspore._c_expression.typing is not supported by msfunc
"""

from ..errors import UnsupportedError

__all__ = []


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    raise UnsupportedError(
        f"mindspore._c_expression.{name} is not supported by msfunc: it is part of MindSpore's "
        "C++ runtime bindings; msfunc runs on JAX (use msfunc's dtypes, Tensor and jax.* APIs)")
