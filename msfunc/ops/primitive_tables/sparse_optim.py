"""Sparse optimizer-update primitives (``FusedSparseAdam``, ``SparseApplyAdagrad`` ...): one step
on the rows of the Parameters that `indices` names, written into those Parameters.

As MindSpore's CPU kernels do, the gradient rows of a repeated index are summed first and each
named row is stepped once. The ``Fused*`` kernels' own outputs are placeholders in MindSpore;
here they are the updated Parameters.
"""

import jax.numpy as jnp

from ...common.tensor import unwrap
from ..exact_division import true_divide
from ._common import sig, write_back

__all__ = ["TABLE", "RAW"]


def _is_tensor(value):
    return hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, list)


def _rows(name, slots, grad, indices):
    """The summed gradient of every row and the mask of rows named, after MindSpore's checks."""
    for arg, value in {**slots, "grad": grad, "indices": indices}.items():
        if not _is_tensor(value):
            raise TypeError(f"{name}: `{arg}` must be a Tensor, got {type(value).__name__}")
    arrays = {arg: unwrap(value) for arg, value in slots.items()}
    grad, indices = jnp.asarray(unwrap(grad)), jnp.asarray(unwrap(indices))
    first, var = next(iter(arrays.items()))
    for arg, value in arrays.items():
        if value.shape != var.shape:
            raise ValueError(
                f"{name}: `{arg}` must have the shape of `{first}` {var.shape}, got {value.shape}"
            )
        if not jnp.issubdtype(value.dtype, jnp.floating):
            raise TypeError(f"{name}: `{arg}` must be a float tensor, got {value.dtype}")
    if not jnp.issubdtype(grad.dtype, jnp.floating):
        raise TypeError(f"{name}: `grad` must be a float tensor, got {grad.dtype}")
    if not jnp.issubdtype(indices.dtype, jnp.integer):
        raise TypeError(f"{name}: `indices` must be an int32 or int64 tensor, got {indices.dtype}")
    if indices.ndim != 1:
        raise ValueError(f"{name}: `indices` must be 1-D, got shape {indices.shape}")
    if grad.ndim < 1 or grad.shape[0] != indices.shape[0]:
        raise ValueError(
            f"{name}: `grad` needs one row per index ({indices.shape[0]}), got shape {grad.shape}"
        )
    if grad.shape[1:] != var.shape[1:]:
        raise ValueError(
            f"{name}: `grad` rows must have the shape {var.shape[1:]} of `{first}`'s rows, "
            f"got {grad.shape[1:]}"
        )
    n = var.shape[0]
    summed = jnp.zeros(var.shape, grad.dtype).at[indices].add(grad, mode="drop")
    named = jnp.zeros(n, bool).at[indices].set(True, mode="drop")
    return summed.astype(var.dtype), named.reshape((n,) + (1,) * (var.ndim - 1))


def _scalar(value):
    return jnp.asarray(unwrap(value)).reshape(())


def _adam(lazy):
    def call(p, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices):
        name = "FusedSparseLazyAdam" if lazy else "FusedSparseAdam"
        g, named = _rows(name, {"var": var, "m": m, "v": v}, grad, indices)
        b1, b2, eps = _scalar(beta1), _scalar(beta2), _scalar(epsilon)
        lr_t = _scalar(lr) * jnp.sqrt(1 - _scalar(beta2_power)) / (1 - _scalar(beta1_power))
        w, m0, v0 = unwrap(var), unwrap(m), unwrap(v)
        m1 = b1 * m0 + (1 - b1) * g  # g is zero on the rows not named
        v1 = b2 * v0 + (1 - b2) * g * g
        step = b1 * m1 + (1 - b1) * g if p.use_nesterov else m1
        w1 = w - lr_t * step / (jnp.sqrt(v1) + eps)
        if lazy:  # only the named rows move
            m1, v1 = jnp.where(named, m1, m0), jnp.where(named, v1, v0)
        if lazy or p.use_nesterov:  # (MindSpore's Nesterov step moves the named rows alone)
            w1 = jnp.where(named, w1, w)
        cast = w.dtype
        return (
            write_back(var, w1.astype(cast)),
            write_back(m, m1.astype(cast)),
            write_back(v, v1.astype(cast)),
        )

    return call


def _ftrl(p, var, accum, linear, grad, indices):
    g, named = _rows(
        "FusedSparseFtrl", {"var": var, "accum": accum, "linear": linear}, grad, indices
    )
    w, acc, lin = unwrap(var), unwrap(accum), unwrap(linear)
    acc1 = acc + g * g
    # in MindSpore's kernel's order of rounding (a square root for the usual power -0.5)
    if p.lr_power == -0.5:
        root, root0 = jnp.sqrt(acc1), jnp.sqrt(acc)
    else:
        root, root0 = acc1**-p.lr_power, acc**-p.lr_power
    lin1 = lin + (g - true_divide(root - root0, p.lr) * w)
    quadratic = true_divide(root, p.lr) + p.l2 * 2
    w1 = jnp.where(jnp.abs(lin1) > p.l1, true_divide(jnp.sign(lin1) * p.l1 - lin1, quadratic), 0.0)
    w1, acc1, lin1 = (
        jnp.where(named, new, old) for new, old in ((w1, w), (acc1, acc), (lin1, lin))
    )
    return (
        write_back(var, w1.astype(w.dtype)),
        write_back(accum, acc1.astype(w.dtype)),
        write_back(linear, lin1.astype(w.dtype)),
    )


def _proximal_adagrad(p, var, accum, lr, l1, l2, grad, indices):
    g, named = _rows("FusedSparseProximalAdagrad", {"var": var, "accum": accum}, grad, indices)
    w, acc = unwrap(var), unwrap(accum)
    acc1 = acc + g * g
    lr_t = _scalar(lr) / jnp.sqrt(acc1)  # the adaptive step scales the penalty too
    moved = w - lr_t * g
    shrunk = jnp.maximum(jnp.abs(moved) - lr_t * _scalar(l1), 0)
    w1 = jnp.sign(moved) * shrunk / (1 + lr_t * _scalar(l2))
    w1, acc1 = jnp.where(named, w1, w), jnp.where(named, acc1, acc)
    return write_back(var, w1.astype(w.dtype)), write_back(accum, acc1.astype(w.dtype))


def _adagrad(name):
    def call(p, var, accum, grad, indices):
        g, named = _rows(name, {"var": var, "accum": accum}, grad, indices)
        w, acc = unwrap(var), unwrap(accum)
        if w.dtype not in (jnp.float16, jnp.float32):  # MindSpore's kernel has no float64
            raise TypeError(f"{name}: `var` must be float16 or float32, got {w.dtype}")
        acc1 = acc + g * g if p.update_slots else acc
        if name.endswith("V2"):  # MindSpore's V2 kernel puts epsilon under the root
            w1 = w - p.lr * g / jnp.sqrt(acc1 + p.epsilon)
        else:
            w1 = w - p.lr * g / jnp.sqrt(acc1)
        w1, acc1 = jnp.where(named, w1, w), jnp.where(named, acc1, acc)
        return write_back(var, w1.astype(w.dtype)), write_back(accum, acc1.astype(w.dtype))

    return call


def _rms_prop(p, var, ms, mom, lr, grad, indices):
    g, named = _rows("SparseApplyRMSProp", {"var": var, "ms": ms, "mom": mom}, grad, indices)
    cast = unwrap(var).dtype
    work = jnp.promote_types(cast, jnp.float32)  # each float16 result is computed in float32
    ms0, mom0, gw = (jnp.asarray(a, work) for a in (unwrap(ms), unwrap(mom), g))
    # MindSpore's kernel leaves the mean square where the gradient is zero, and rounds in this
    # order
    ms1 = jnp.where(gw == 0, ms0, ms0 * p.rho + gw * gw * (1 - p.rho)).astype(cast)
    step = _scalar(lr).astype(work) * gw / jnp.sqrt(ms1.astype(work) + p.epsilon)
    mom1 = (p.momentum * mom0 + step).astype(cast)
    w = unwrap(var)
    w1 = w - mom1  # in the Parameter's own dtype, after the moment's rounding
    named_rows = ((w1, w), (ms1, unwrap(ms)), (mom1, unwrap(mom)))
    w1, ms1, mom1 = (jnp.where(named, new, old) for new, old in named_rows)
    return write_back(var, w1), write_back(ms, ms1), write_back(mom, mom1)


TABLE = [
    ("FusedSparseAdam", sig(use_locking=False, use_nesterov=False), _adam(lazy=False)),
    ("FusedSparseLazyAdam", sig(use_locking=False, use_nesterov=False), _adam(lazy=True)),
    ("FusedSparseFtrl", sig("lr", "l1", "l2", "lr_power", use_locking=False), _ftrl),
    ("FusedSparseProximalAdagrad", sig(use_locking=False), _proximal_adagrad),
    (
        "SparseApplyAdagrad",
        sig("lr", update_slots=True, use_locking=False),
        _adagrad("SparseApplyAdagrad"),
    ),
    (
        "SparseApplyAdagradV2",
        sig("lr", "epsilon", use_locking=False, update_slots=True),
        _adagrad("SparseApplyAdagradV2"),
    ),
    ("SparseApplyRMSProp", sig("rho", "momentum", "epsilon", use_locking=False), _rms_prop),
]

# These write into their Parameter arguments, so primitives.py hands them over unwrapped.
RAW = tuple(name for name, _, _ in TABLE)
