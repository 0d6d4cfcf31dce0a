"""Optimizer-update primitives (``ApplyAdadelta``, ``ApplyFtrl`` ...): one step written into the
Parameters they are given (as MindSpore's kernels do), the new values returned too."""

import jax
import jax.numpy as jnp

from ...common.tensor import unwrap
from ..adam_arithmetic import amsgrad_update
from ..optimizer_arithmetic import (
    adagrad_update,
    adamax_update,
    ftrl_update,
    proximal_adagrad_update,
)
from ._common import sig, write_back

__all__ = ["TABLE", "INIT_CHECKS"]


def _prox(value, lr, l1, l2):
    """The proximal step of an L1 + L2 penalty (soft threshold, then shrink)."""
    return jnp.sign(value) / (1 + lr * l2) * jnp.maximum(jnp.abs(value) - lr * l1, 0)


def _adadelta(p, var, accum, accum_update, lr, rho, epsilon, grad):
    acc = rho * unwrap(accum) + (1 - rho) * grad * grad
    update = jnp.sqrt(unwrap(accum_update) + epsilon) / jnp.sqrt(acc + epsilon) * grad
    acc_up = rho * unwrap(accum_update) + (1 - rho) * update * update
    new_var = unwrap(var) - lr * update
    return (write_back(var, new_var), write_back(accum, acc), write_back(accum_update, acc_up))


def _adam_amsgrad(p, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
    return _amsgrad_step(
        var, m, v, vhat, beta1_power, beta2_power, lr, p.beta1, p.beta2, p.epsilon, grad
    )


def _adam_amsgrad_v2(p, var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                     grad):  # fmt: skip
    return _amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad)


def _amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    """One AMSGrad step (ApplyAdamWithAmsgrad takes the decays as attributes, its V2 as
    inputs)."""
    lr_t = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    delta, m1, v1, vhat1 = amsgrad_update(
        grad, unwrap(m), unwrap(v), unwrap(vhat), lr_t, beta1, beta2, epsilon
    )
    new_var = (unwrap(var) + delta).astype(unwrap(var).dtype)
    return (write_back(var, new_var), write_back(m, m1), write_back(v, v1), write_back(vhat, vhat1))


def _ftrl(p, var, accum, linear, grad, lr, l1, l2, lr_power):
    new_var, acc_new, lin = ftrl_update(
        unwrap(var), unwrap(accum), unwrap(linear), grad, lr, l1, l2, lr_power
    )
    write_back(accum, acc_new)
    write_back(linear, lin)
    return write_back(var, new_var)


def _sparse_ftrl(p, var, accum, linear, grad, indices):
    """FTRL on the rows `indices` names, one gradient row at a time in order (a repeated
    index is stepped twice, as MindSpore's CPU kernel does)."""
    # Hidden from XLA's simplifier, which would turn a division by the constant `lr` into a
    # product with its rounded reciprocal: MindSpore's kernel divides.
    dtype = jnp.asarray(unwrap(var)).dtype
    lr, l1, l2, power = jax.lax.optimization_barrier(
        tuple(jnp.asarray(v, dtype) for v in (p.lr, p.l1, p.l2, p.lr_power))
    )

    def step(carry, row):
        w, acc, lin = carry
        i, g = row
        acc_new = acc[i] + g * g
        lin_i = lin[i] + g - (acc_new**-power - acc[i] ** -power) / lr * w[i]
        quadratic = acc_new**-power / lr + 2 * l2
        w_i = jnp.where(jnp.abs(lin_i) > l1, (jnp.sign(lin_i) * l1 - lin_i) / quadratic, 0.0)
        return (
            w.at[i].set(w_i.astype(w.dtype)),
            acc.at[i].set(acc_new),
            lin.at[i].set(lin_i),
        ), None

    start = (unwrap(var), unwrap(accum), unwrap(linear))
    rows = (jnp.asarray(indices).reshape(-1), jnp.asarray(grad).reshape(-1, *start[0].shape[1:]))
    (w, acc, lin), _ = jax.lax.scan(step, start, rows)
    return write_back(var, w), write_back(accum, acc), write_back(linear, lin)


def _check_sparse_ftrl(p):
    """Constructor checks MindSpore makes: float hyper-parameters in their ranges."""
    for name in ("lr", "l1", "l2", "lr_power", "use_locking"):
        kind = bool if name == "use_locking" else float
        value = getattr(p, name)
        if not isinstance(value, kind) or (kind is float and isinstance(value, bool)):
            raise TypeError(
                f"SparseApplyFtrl: `{name}` must be a {kind.__name__}, got {type(value).__name__}"
            )
    if p.lr <= 0 or p.l1 < 0 or p.l2 < 0 or p.lr_power > 0:
        raise ValueError(
            "SparseApplyFtrl: needs lr > 0, l1 >= 0, l2 >= 0 and lr_power <= 0, got "
            f"lr={p.lr}, l1={p.l1}, l2={p.l2}, lr_power={p.lr_power}"
        )


def _proximal_adagrad(p, var, accum, lr, l1, l2, grad):
    # the adaptive step scales the penalty too
    new_var, acc = proximal_adagrad_update(unwrap(var), unwrap(accum), grad, lr, l1, l2)
    return write_back(var, new_var), write_back(accum, acc)


def _ada_max(p, var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    delta, m1, v1 = adamax_update(unwrap(m), unwrap(v), grad, lr, beta1_power, beta1, beta2,
                                  epsilon)  # fmt: skip
    new_var = (unwrap(var) + delta).astype(unwrap(var).dtype)
    return write_back(var, new_var), write_back(m, m1), write_back(v, v1)


def _adagrad(epsilon):
    def call(p, var, accum, lr, grad):
        if not epsilon:
            delta, acc = adagrad_update(unwrap(accum), grad, lr, p.update_slots)
            return write_back(var, unwrap(var) + delta), write_back(accum, acc)
        # update_slots=False keeps accum, as documented (MindSpore 2.10's CPU kernel updates it)
        acc = unwrap(accum) + grad * grad if p.update_slots else unwrap(accum)
        eps = getattr(p, "epsilon", 0.0) if epsilon else 0.0
        new_var = unwrap(var) - lr * grad / (jnp.sqrt(acc) + eps)
        return write_back(var, new_var), write_back(accum, acc)

    return call


def _proximal_gradient_descent(p, var, alpha, l1, l2, delta):
    return write_back(var, _prox(unwrap(var) - alpha * delta, alpha, l1, l2))


TABLE = [
    ("ApplyAdadelta", sig(), _adadelta),
    (
        "ApplyAdamWithAmsgrad",
        sig(beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False),
        _adam_amsgrad,
    ),
    ("ApplyAdamWithAmsgradV2", sig(use_locking=False), _adam_amsgrad_v2),
    ("ApplyFtrl", sig(use_locking=False), _ftrl),
    ("SparseApplyFtrl", sig("lr", "l1", "l2", "lr_power", use_locking=False), _sparse_ftrl),
    ("ApplyProximalAdagrad", sig(use_locking=False), _proximal_adagrad),
    ("ApplyProximalGradientDescent", sig(), _proximal_gradient_descent),
    ("ApplyAdaMax", sig(), _ada_max),
    ("ApplyAdagrad", sig(update_slots=True), _adagrad(epsilon=False)),
    ("ApplyAdagradV2", sig("epsilon", update_slots=True), _adagrad(epsilon=True)),
]

# These write into their Parameter arguments, so primitives.py hands them over unwrapped.
RAW = tuple(name for name, _, _ in TABLE)

# constructor checks, run by `msfunc.ops.primitives` when a class is made
INIT_CHECKS = {"SparseApplyFtrl": _check_sparse_ftrl}
