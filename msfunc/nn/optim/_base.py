"""Building blocks shared by the optimizer transformations: per-Parameter maps and zeros."""

import jax.numpy as jnp


def transformation(init, update):
    """An optax transformation taking MindSpore's extra arguments.

    `update(grads, state, params, learning_rate, weight_decay, global_step)` gets one
    learning rate per Parameter (a tuple) and returns additive updates.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = transformation(lambda p: {}, lambda g, s, p, learning_rate, **kw:
        ...                     (tuple(-lr * x for lr, x in zip(learning_rate, g)), s))
        >>> tx.update((jnp.ones(2),), {}, None, learning_rate=(0.5,))[0][0].tolist()
        [-0.5, -0.5]
    """

    import optax  # (on first use: optax takes a tenth of msfunc's import time)

    def wrapped_update(
        updates,
        state,
        params=None,
        *,
        learning_rate=None,
        weight_decay=None,
        global_step=None,
        **extra,
    ):
        del extra
        if learning_rate is None:
            learning_rate = (1.0,) * len(updates)
        return update(
            updates,
            state,
            params,
            learning_rate=learning_rate,
            weight_decay=weight_decay,
            global_step=global_step,
        )

    return optax.GradientTransformationExtraArgs(init, wrapped_update)


def zeros(params):
    """One zero array per Parameter value."""
    return tuple(jnp.zeros_like(p) for p in params)


def filled(params, value):
    """One array of `value` per Parameter value."""
    return tuple(jnp.full_like(p, value) for p in params)


def as_lr(lr, like):
    """A learning rate in the compute dtype of `like`."""
    return jnp.asarray(lr, like.dtype)


def hyper_float(value):
    """A hyperparameter given as a number or as a one-element Tensor (MindSpore keeps
    AdamWeightDecay's as shape-(1,) float32 Tensors), as a Python float.

    Example:
        >>> import msfunc as ms
        >>> hyper_float(0.5), hyper_float(ms.Tensor([0.25]))
        (0.5, 0.25)
    """
    from ...common.tensor import unwrap

    return float(jnp.asarray(unwrap(value)).reshape(-1)[0])
