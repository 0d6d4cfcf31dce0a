"""Gradients and tangents of integer (and bool) Tensors, as MindSpore gives them (JAX gives
zeros).

MindSpore differentiates integer inputs: ``grad(lambda x, z: x + z, (0, 1))`` of two int64
Tensors is ``(1, 1)`` in int64, and ``jvp`` carries an integer tangent. JAX cannot carry a
cotangent through integer values, so the function is run once more with those inputs as
floats, differentiated there, and the results cast back to each integer dtype (truncating
toward zero, as MindSpore's cast does). This equals MindSpore's result whenever no
intermediate gradient has a fraction; MindSpore truncates at every op that takes an
integer, so a fraction that meets an integer mid-graph (``x * 1.5 * x``: 8 in MindSpore,
9 here) can differ. An integer the function uses as an index cannot run as a float (the
float run raises): that input keeps its zero gradient, which is MindSpore's gradient of an
index. A bool input runs as a float the same way, its gradient cast back to bool (nonzero is
True), as MindSpore casts each op's gradient to its input's dtype.
"""

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from ..errors import BpropResultError

__all__ = ["integer_grads", "integer_input_pullback", "integer_input_tangents"]

# What an op raises when it is handed a float where it needs an integer (an index, a
# shape): the float run is then given up for that input.
_FLOAT_REFUSED = (TypeError, IndexError, ValueError)


def _refused(exc):
    """`exc` (one of `_FLOAT_REFUSED`) raised again when it is the program's bprop's error,
    which the float run meets as the integer run would."""
    if isinstance(exc, BpropResultError):
        raise exc


def _float_twin(dtype):
    wide = dtype.itemsize == 8 and jax.config.jax_enable_x64
    return jnp.float64 if wide else jnp.float32


def _integer_slots(values):
    return [
        i
        for i, x in enumerate(values)
        if hasattr(x, "dtype") and (jnp.issubdtype(x.dtype, jnp.integer) or x.dtype == jnp.bool_)
    ]


def _with_floats(values, slots):
    values = list(values)
    for i in slots:
        values[i] = values[i].astype(_float_twin(values[i].dtype))
    return tuple(values)


def _float_run(slots, attempt):
    """`attempt(slots)`, retried one slot at a time when the float run is refused.

    Returns ``[(slots differentiated, result)]``; a slot whose float run is refused on its
    own is left out (its gradient stays zero).
    """
    try:
        return [(slots, attempt(slots))]
    except _FLOAT_REFUSED as exc:
        _refused(exc)
        if len(slots) == 1:
            return []
    runs = []
    for i in slots:
        try:
            runs.append(([i], attempt([i])))
        except _FLOAT_REFUSED as exc:
            _refused(exc)
    return runs


def _float_vjp(pure, transform, weight_values, input_values, chosen):
    """``(output, vjp function)`` of `pure` (run under `transform`) with respect to the
    weights at ``chosen[0]`` and the inputs at ``chosen[1]``, given as float copies; the
    other values as they are. The vjp function gives ``((weight grads, input grads),)`` in
    `chosen`'s order."""
    sides = (weight_values, input_values)
    floats = tuple(
        tuple(_with_floats(sides[k], list(chosen[k]))[i] for i in chosen[k]) for k in (0, 1)
    )

    def forward(float_values):
        both = [list(weight_values), list(input_values)]
        for k in (0, 1):
            for i, v in zip(chosen[k], float_values[k]):
                both[k][i] = v
        primary, _ = pure(tuple(both[0]), tuple(both[1]))
        return primary, None

    primary, vjp_fn, _ = transform(lambda: jax.vjp(forward, floats, has_aux=True))
    return primary, vjp_fn


def integer_grads(pure, transform, weight_values, input_values, grads, sens):
    """`grads` (``(weight grads, input grads)``) with the integer Parameters' and inputs'
    entries replaced by their gradients, as MindSpore differentiates integers.

    `pure(weight_values, input_values)` returns ``(differentiated output, aux)``; it runs
    under `transform` (the caller's WriteCollector.transform); what it writes is dropped,
    the first pass having committed the writes already. All integer values run as floats
    together (an op such as IndexAdd wants its operands in one dtype); where that run is
    refused (an integer used as an index), each value runs as a float on its own, beside
    the integer Parameters, then alone.

    Example:
        >>> import jax.numpy as jnp
        >>> pure = lambda w, xs: (w[0] * xs[0] * xs[1], None)
        >>> ws, xs = (jnp.asarray(4),), (jnp.asarray(2), jnp.asarray(3.0))
        >>> (gw,), (gx, gy) = integer_grads(pure, lambda call: call(), ws, xs,
        ...                                 ((0,), (0, 8.0)), None)
        >>> gw.tolist(), gx.tolist(), gx.dtype == xs[0].dtype, gy
        (6, 12, True, 8.0)
    """
    # (a tuple/list at a position is differentiated leaf by leaf; its integer leaves keep
    # zeros, MindSpore having no gradient for a tuple at all)
    sides = (weight_values, input_values)
    slots = [_integer_slots(weight_values), _integer_slots(input_values)]
    if not slots[0] and not slots[1]:
        return grads

    def attempt(chosen):
        primary, vjp_fn = _float_vjp(pure, transform, weight_values, input_values, chosen)
        if sens is None:
            cotangent = jax.tree.map(jnp.ones_like, primary)
        else:
            # (an output may hold Python numbers: a shape read by `ops.Shape`)
            cotangent = jax.tree.map(
                lambda s, p: jnp.asarray(s).astype(jnp.result_type(p)), sens, primary
            )
        (float_grads,) = vjp_fn(cotangent)
        return float_grads

    result = [list(grads[0]), list(grads[1])]

    def take(chosen, float_grads, only=None):
        for k in (0, 1):
            for i, g in zip(chosen[k], float_grads[k]):
                if only in (None, (k, i)):
                    result[k][i] = g.astype(sides[k][i].dtype)

    try:
        take(slots, attempt(slots))
    except _FLOAT_REFUSED as exc:
        _refused(exc)
        for side, i in [(k, j) for k in (0, 1) for j in slots[k]]:
            alone = [[i], []] if side == 0 else [[], [i]]
            tries = [alone] if side == 0 or not slots[0] else [[slots[0], [i]], alone]
            for chosen in tries:
                try:
                    take(chosen, attempt(chosen), only=(side, i))
                    break
                except _FLOAT_REFUSED as exc:
                    _refused(exc)
    return tuple(result[0]), tuple(result[1])


def integer_input_tangents(pure, transform, primals, tangents, out, tangent_out):
    """`tangent_out` with the integer inputs' tangents carried through, as MindSpore does.

    `tangents` are the caller's tangents before JAX's conversion (an integer input's is an
    integer Tensor); `out` and `tangent_out` are the first pass's results. `pure(*xs)`
    returns ``(output, aux)`` and runs under `transform`; its writes are dropped.

    Example:
        >>> import jax.numpy as jnp
        >>> pure = lambda x, y: (x * y, None)
        >>> xs, ts = (jnp.asarray(2), jnp.asarray(3)), (jnp.asarray(1), jnp.asarray(1))
        >>> t = integer_input_tangents(pure, lambda call: call(), xs, ts, 6, jnp.asarray(0))
        >>> t.tolist(), t.dtype == xs[0].dtype
        (5, True)
    """
    slots = _integer_slots(primals)
    if not slots:
        return tangent_out

    def attempt(chosen):
        floats = _with_floats(primals, chosen)
        float_tangents = list(tangents)
        for i in range(len(primals)):
            dtype = jnp.result_type(floats[i])
            float_tangents[i] = (
                jnp.asarray(tangents[i], dtype)
                if jnp.issubdtype(dtype, jnp.inexact)
                else np.zeros(jnp.shape(floats[i]), jax.dtypes.float0)
            )
        _, carried, _ = transform(
            lambda: jax.jvp(pure, floats, tuple(float_tangents), has_aux=True)
        )
        return carried

    runs = _float_run(slots, attempt)
    if not runs:
        return tangent_out
    # One run with every integer input carries all the tangents; runs one input at a time
    # each carry their own input's part beside the float inputs', counted once.
    carried = runs[0][1]
    for _, extra in runs[1:]:
        carried = jax.tree.map(lambda a, b, first: a + b - first, carried, extra, tangent_out)

    def cast(t, o):
        dtype = jnp.result_type(o)
        if getattr(t, "dtype", None) == jax.dtypes.float0:
            return jnp.zeros(jnp.shape(o), dtype)
        return jnp.asarray(t).astype(dtype)

    return jax.tree.map(cast, carried, out)


@dataclasses.dataclass(frozen=True)
class _WithIntegerGrads:
    """A pullback's function that also pulls the cotangent back through the float runs.

    Frozen (equal by value), so that a compiled pullback keeps one program per forward.
    """

    runs: tuple  # per float run: (its input slots, its output structure, output dtypes)
    input_dtypes: tuple

    def __call__(self, pullback, twins, cotangent):
        weight_grads, input_grads = pullback(cotangent)
        input_grads = list(input_grads)
        for (slots, structure, dtypes), twin in zip(self.runs, twins):
            leaves = [
                np.zeros(jnp.shape(c), dtype)
                if dtype == jax.dtypes.float0
                else jnp.asarray(c).astype(dtype)
                for c, dtype in zip(structure.flatten_up_to(cotangent), dtypes)
            ]
            ((_, grads),) = twin(structure.unflatten(leaves))
            for i, g in zip(slots, grads):
                input_grads[i] = g.astype(self.input_dtypes[i])
        return weight_grads, tuple(input_grads)


def integer_input_pullback(pure, transform, weight_values, input_values, pullback):
    """`pullback` (JAX's, over weights and inputs) extended to give the integer inputs
    MindSpore's truncated gradients; `pure(weight_values, input_values)` returns
    ``(output, aux)`` and runs under `transform`, its writes dropped.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> pure = lambda w, xs: (xs[0] * xs[1], None)
        >>> xs = (jnp.asarray(2), jnp.asarray(3.0))
        >>> _, pull, _ = jax.vjp(pure, (), xs, has_aux=True)
        >>> pull = integer_input_pullback(pure, lambda call: call(), (), xs, pull)
        >>> _, (g0, g1) = pull(jnp.asarray(1.0))
        >>> g0.tolist(), g0.dtype == xs[0].dtype, g1.tolist()
        (3, True, 2.0)
    """
    slots = _integer_slots(input_values)
    if not slots:
        return pullback

    def attempt(chosen):
        primary, vjp_fn = _float_vjp(pure, transform, weight_values, input_values, ([], chosen))
        leaves, structure = jax.tree.flatten(primary)
        dtypes = tuple(
            jnp.result_type(x)
            if jnp.issubdtype(jnp.result_type(x), jnp.inexact)
            else jax.dtypes.float0
            for x in leaves
        )
        return (tuple(chosen), structure, dtypes), vjp_fn

    runs = _float_run(slots, attempt)
    if not runs:
        return pullback
    combine = _WithIntegerGrads(
        tuple(run for _, (run, _) in runs),
        tuple(jnp.result_type(x) if hasattr(x, "dtype") else None for x in input_values),
    )
    return jax.tree_util.Partial(combine, pullback, tuple(twin for _, (_, twin) in runs))
