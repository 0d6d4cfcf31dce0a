"""JAX's internals reading an msfunc Tensor as the array it holds (private JAX API, kept here).

A Tensor is a pytree node, so JAX's transforms see its array as a leaf. What the pytree
does not cover is a Tensor handed *unflattened* to JAX's internals: a `jax.lax` primitive
argument, `jax.typeof(t)`, and the output `jax.grad` checks for being a scalar. JAX 0.10
no longer calls ``__jax_array__`` there (JEP 28661: only `jax.numpy` does), and its two
registries for array-like types are private:

- ``core.pytype_aval_mappings``: the abstract value (shape, dtype) of an object; JAX's
  ``typeof``/``get_aval``/``shaped_abstractify`` read it (JAX registers its PRNG key arrays,
  tokens and refs there);
- the canonicalize-value handlers: ``Primitive.bind`` passes every argument through
  ``dtypes.canonicalize_value`` first, so a handler returning the Tensor's array makes
  every primitive (hence every `jax.lax`, `jax.nn` and `jax.random` function) take it.

Both are looked up by type (walking the class's bases), so Parameters and buffers are
covered, and they are consulted only when JAX meets a Tensor that was not flattened: msfunc's
own ops pass arrays to JAX and never reach them.

`jax.grad` and `jax.value_and_grad` of a function returning a Tensor: JAX builds the
output's cotangent as an array, whose tree (a leaf) differs from the output's (a Tensor
node), and raises. When JAX's scalar check asks for the Tensor's abstract value, the
pullback JAX is about to call is told that output is the leaf it is (one scalar either
way; nothing else changes). If JAX's internals ever differ from what this expects, a
ValueError says what to write instead, before JAX's own message.
"""

import sys

import jax
from jax._src import api as _api
from jax._src import core as _core
from jax._src import dtypes as _dtypes

__all__ = ["register_array_type", "GRAD_OUTPUT_HINT"]

GRAD_OUTPUT_HINT = (
    "jax.grad/jax.value_and_grad: the function returned an msfunc Tensor, and this JAX "
    "version's pullback only takes an array there; return `jnp.asarray(loss)` (or "
    "differentiate with msfunc.value_and_grad)")

_CHECK_SCALAR = _api._check_scalar.__code__  # jax.grad's "is the output a scalar" check
_PULLBACK = _api.VJP  # what value_and_grad holds as `vjp_py`
_LEAF = jax.tree_util.tree_structure(0.0)


def register_array_type(cls, to_array):
    """Make JAX's internals read an instance of `cls` as the array ``to_array(obj)`` returns.

    Example:
        >>> import jax, msfunc as ms
        >>> jax.typeof(ms.Tensor([1.0, 2.0]))
        ShapedArray(float32[2])
        >>> jax.lax.sin(ms.Tensor(0.0)).tolist()
        0.0
    """
    def aval(obj):
        caller = sys._getframe(2)  # typeof(obj) <- its caller
        if caller.f_code is _CHECK_SCALAR:
            _scalar_output_is_a_leaf(caller.f_back)
        return _core.typeof(to_array(obj))

    _core.pytype_aval_mappings[cls] = aval
    _dtypes.register_canonicalize_value_handler(
        cls, lambda obj: _dtypes.canonicalize_value(to_array(obj)))


def _scalar_output_is_a_leaf(grad_frame):
    """In `jax.value_and_grad`'s frame, tell its pullback that the scalar output it was
    given as a one-leaf Tensor is that leaf, so the array cotangent JAX builds fits."""
    pullback = grad_frame.f_locals.get("vjp_py") if grad_frame is not None else None
    out_tree = getattr(pullback, "out_tree", None)
    if not isinstance(pullback, _PULLBACK) or out_tree is None or out_tree.num_leaves != 1:
        raise ValueError(GRAD_OUTPUT_HINT)  # (a TypeError would become JAX's own message)
    pullback.out_tree = _LEAF
