"""How msfunc.numpy's array functions become its public Tensor functions (`publish`)."""

from __future__ import annotations

from typing import Any

from ..common.tensor_functions import tensor_namespace
from ..ops.registry import user_signature
from .creation import keeping_tensors

# Integer sums are 64-bit (as numpy's) and argmax/argmin give int64 indices (as MindSpore's);
# every other result keeps mindspore.numpy's 32-bit defaults.
INT64_RESULTS = frozenset({"sum", "prod", "nansum", "nanprod", "argmax", "argmin"})


def publish(namespace: dict[str, Any], names: list[str]) -> None:
    """Wrap the array functions among `names` of `namespace` (msfunc.numpy's globals) so
    they take and return Tensors, and make ``array``/``asarray`` hand a Tensor back as itself
    when nothing is to change. Each wrapper's signature reads ``Tensor`` where its array
    function's annotations say ``ArrayLike`` or ``Array``: what a user passes and gets back.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc.common.tensor import Tensor
        >>> ns = {"array": jnp.array, "asarray": jnp.asarray, "abs": lambda x: jnp.abs(x)}
        >>> publish(ns, ["abs"])
        >>> type(ns["abs"](Tensor([-1.0]))).__name__
        'Tensor'
        >>> import msfunc.numpy as mnp, inspect
        >>> str(inspect.signature(mnp.sin))
        "(x: 'Tensor', dtype: 'DTypeLike | None' = None) -> 'Tensor'"
    """
    tensor_namespace(namespace, [n for n in names if n not in INT64_RESULTS], promotion="numpy")
    tensor_namespace(namespace, sorted(INT64_RESULTS & set(names)), promotion=True)
    namespace["array"], namespace["asarray"] = keeping_tensors(
        namespace["array"], namespace["asarray"]
    )
    for name in names:
        wrapper = namespace.get(name)
        array_fn = getattr(wrapper, "__wrapped__", None)
        if wrapper is not None and getattr(wrapper, "_msfunc_tensor_function", False):
            if array_fn is not None:
                wrapper.__signature__ = user_signature(array_fn)
