"""The `Optimizer` members MindSpore's optimizers (and optimizers users derive from them) call in
``construct``: gradient preprocessing steps, the step counter's increment, parallel flags."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from ..._state import read
from ...common.tensor import Tensor, unwrap
from ...ops.func_state import assign_add
from ...ops.multitype import HyperMap
from ...ops.optimizer_arithmetic import decayed_gradient

__all__ = ["SubclassApi", "centralize"]

_TARGETS = ("CPU", "GPU", "Ascend")


def centralize(g):
    """Gradient centralization as MindSpore applies it: only when dim 1 is a multiple of 16.

    Example:
        >>> centralize(jnp.ones((2, 16))).sum().item()
        0.0
    """
    if g.ndim < 2 or g.shape[1] % 16 != 0:
        return g
    return g - jnp.mean(g, axis=tuple(range(1, g.ndim)), keepdims=True)


_HYPER_MAP_REVERSE = HyperMap(None, True)


class SubclassApi:
    """Mixed into `Optimizer`: what a ``construct`` written for MindSpore reads.

    Example:
        >>> import msfunc
        >>> w = msfunc.Parameter(msfunc.Tensor([2.0]), name="w")
        >>> opt = msfunc.nn.Optimizer(0.1, [w], weight_decay=0.5, loss_scale=2.0)
        >>> g = (msfunc.Tensor([4.0]),)
        >>> opt.scale_grad(opt.decay_weight(g))[0].asnumpy()  # (4 + 2 * 0.5 * 2) / 2
        array([3.], dtype=float32)
    """

    # (set by Optimizer.__init__; declared for the type checker)
    parameters: Any
    loss_scale: float
    dynamic_lr: bool
    exec_weight_decay: bool
    grad_centralization: bool
    _param_wd: tuple
    _param_gc: tuple
    _decay_flags: tuple
    get_weight_decay: Callable[[], tuple]

    def _init_subclass_api(self):
        """Plain attributes (a subclass may replace them, as MindSpore's subclasses do)."""
        count = len(self.parameters)
        self.param_length = count
        self.need_scale = self.loss_scale != 1.0
        self.reciprocal_scale = Tensor(np.float32(1.0 / self.loss_scale))
        self.dynamic_weight_decay = any(callable(w) for w in self._param_wd)
        self.dynamic_decay_flags = tuple(callable(w) for w in self._param_wd)
        self.global_step_increase_tensor = Tensor(np.ones((1,), np.int32))
        self.use_parallel = False  # one device: no parallel optimizer
        self.optim_filter = (True,) * count
        self.param_rank = None
        self.hyper_map_reverse = _HYPER_MAP_REVERSE  # (shared: alike for vmap's ensembles)
        self._target = "CPU"
        self._unique = True

    def assignadd(self, variable, value):
        """MindSpore's ``AssignAdd`` instance: ``variable += value`` in place."""
        return assign_add(variable, value)

    @property
    def target(self) -> str:
        """Where MindSpore runs the update ("CPU" here); a subclass's setter calls
        `_set_base_target`."""
        return self._target

    @target.setter
    def target(self, value):
        raise NotImplementedError(f"{type(self).__name__} does not choose where it runs")

    def _set_base_target(self, value):
        if not isinstance(value, str) or value not in _TARGETS:
            raise ValueError(
                f"{type(self).__name__}: `target` must be one of {list(_TARGETS)}, got {value!r}"
            )
        self._target = value

    @property
    def unique(self) -> bool:
        """Whether sparse gradients' indices are made unique first (dense here: no effect)."""
        return self._unique

    @unique.setter
    def unique(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"{type(self).__name__}: `unique` must be a bool, got {value!r}")
        self._unique = value

    def _is_dynamic_lr_or_weight_decay(self):
        return self.dynamic_lr or self.dynamic_weight_decay

    def flatten_gradients(self, gradients):
        """The gradients as they are (msfunc keeps Parameters unflattened)."""
        return gradients

    def _grad_sparse_indices_deduplicate(self, gradients):
        return gradients  # msfunc's gradients are dense

    # -- the preprocessing steps, on arrays (the optimizer's own update runs these too) --
    def _decayed(self, grads, values):
        decays = self.get_weight_decay()
        return tuple(
            decayed_gradient(g, v, w * self.loss_scale) if flag else g
            for g, v, w, flag in zip(grads, values, decays, self._decay_flags)
        )

    def _centralized(self, grads):
        return tuple(centralize(g) if gc else g for g, gc in zip(grads, self._param_gc))

    def _unscaled(self, grads):
        # MindSpore's reciprocal_scale: a float32, cast to each gradient's dtype
        reciprocal = np.float32(1.0 / self.loss_scale)
        return tuple(g * jnp.asarray(reciprocal, g.dtype) for g in grads)

    # -- the same steps as MindSpore's members, on Tensors ---------------------------------
    def decay_weight(self, gradients):
        """``gradient + weight_decay * loss_scale * parameter`` where the Parameter decays."""
        if not self.exec_weight_decay:
            return gradients
        values = tuple(read(p) for p in self.parameters)
        return _tensors(self._decayed(_arrays(gradients), values))

    def gradients_centralization(self, gradients):
        """Gradient centralization where a Parameter's group asks for it."""
        if not self.grad_centralization:
            return gradients
        return _tensors(self._centralized(_arrays(gradients)))

    def scale_grad(self, gradients):
        """The gradients divided by the loss scale (unchanged at loss scale 1)."""
        if not self.need_scale:
            return gradients
        return _tensors(self._unscaled(_arrays(gradients)))

    def broadcast_params(self, optim_result):
        """The update's result (one device: nothing to gather)."""
        return optim_result


def _arrays(gradients):
    return tuple(jnp.asarray(unwrap(g)) for g in gradients)


def _tensors(arrays):
    return tuple(Tensor(a) for a in arrays)
