"""MindSpore's printed form of a Tensor: ``Tensor(shape=[2], dtype=Float32, value= [...])``."""

import jax
import numpy as np

__all__ = ["tensor_repr", "tensor_str", "dtype_name", "holds_array"]

_NAMES = {"bool": "Bool", "bfloat16": "BFloat16"}


def dtype_name(dtype):
    """MindSpore's name of a dtype: ``Float32``, ``Int64``, ``UInt8``, ``Bool``, ``Complex64``.

    Example:
        >>> import numpy as np
        >>> dtype_name(np.float32), dtype_name(np.bool_), dtype_name(np.uint8)
        ('Float32', 'Bool', 'UInt8')
    """
    name = np.dtype(dtype).name
    if name in _NAMES:
        return _NAMES[name]
    for prefix, title in (
        ("uint", "UInt"),
        ("int", "Int"),
        ("float", "Float"),
        ("complex", "Complex"),
    ):
        if name.startswith(prefix):
            return title + name[len(prefix) :]
    return name.capitalize()


def holds_array(value):
    """False for what a JAX tree map can put in a Tensor's leaf besides an array (a shape, a
    ``jax.ShapeDtypeStruct``, None): such a Tensor prints that leaf.

    Example:
        >>> import jax.numpy as jnp
        >>> holds_array(jnp.ones(2)), holds_array((2, 3))
        (True, False)
    """
    return isinstance(value, (jax.Array, jax.core.Tracer, np.ndarray))


def _float(v):
    return f"{v: .8e}"


def tensor_repr(value):
    """The repr of a Tensor holding `value`, laid out as MindSpore prints it.

    Example:
        >>> import jax.numpy as jnp
        >>> tensor_repr(jnp.array([1, 2], jnp.int32))
        'Tensor(shape=[2], dtype=Int32, value= [1, 2])'
    """
    if not holds_array(value):
        return f"Tensor(leaf={value!r})"
    head = f"Tensor(shape={list(value.shape)}, dtype={dtype_name(value.dtype)}, value="
    if isinstance(value, jax.core.Tracer):
        return f"{head} {value})"
    array = np.asarray(value)
    if array.ndim == 0:
        if array.dtype.kind == "f":  # MindSpore prints a float scalar with C's %g
            return f"{head} {float(array):g})"
        return f"{head} {array}" + ")"
    formatter = {"float_kind": _float} if array.dtype.kind == "f" else None
    body = np.array2string(
        array, separator=", ", formatter=formatter, threshold=1000, edgeitems=3
    ).replace(", ...,", " ...")
    return f"{head}{' ' if array.ndim == 1 else chr(10)}{body})"


def uninitialized_str(value):
    """How MindSpore prints a Tensor an initializer made before its values are read.

    Example:
        >>> import jax.numpy as jnp
        >>> uninitialized_str(jnp.zeros((2, 2), jnp.float32))
        'Tensor(shape=[2, 2], dtype=Float32, value=\\n<uninitialized>)'
    """
    gap = "\n" if len(value.shape) > 1 else ""
    head = f"Tensor(shape={list(value.shape)}, dtype={dtype_name(value.dtype)}, value="
    return f"{head}{gap}<uninitialized>)"


def _bfloat16_item(v):
    v = float(v)
    return f"{v:f}" if np.isfinite(v) else str(v)


def tensor_str(array):
    """``str`` of a Tensor holding the numpy array `array`: numpy's, except that a bfloat16
    one prints each element as C's ``%f`` without padding, as MindSpore's bfloat16 does.

    Example:
        >>> import ml_dtypes
        >>> print(tensor_str(np.array([1.5, 2, -3], ml_dtypes.bfloat16)))
        [1.500000 2.000000 -3.000000]
    """
    if array.dtype.name != "bfloat16":
        return str(array)
    if array.ndim == 0:
        return _bfloat16_item(array)
    return np.array2string(
        array.astype(np.float32),
        separator=" ",
        formatter={"all": _bfloat16_item},
        threshold=1000,
        edgeitems=3,
        max_line_width=10**9,
    )
