"""The callback protocol: `Callback`, `RunContext` and the parameters a training run shares."""

from __future__ import annotations

import contextlib
from typing import Any

from ... import log

__all__ = ["Callback", "RunContext", "CallbackParam", "CallbackList"]

_HOOKS = (
    "on_train_begin",
    "on_train_epoch_begin",
    "on_train_step_begin",
    "on_train_step_end",
    "on_train_epoch_end",
    "on_train_end",
    "on_eval_begin",
    "on_eval_epoch_begin",
    "on_eval_step_begin",
    "on_eval_step_end",
    "on_eval_epoch_end",
    "on_eval_end",
)
# MindSpore's older names, called by the default on_train_* hooks.
_LEGACY = {
    "on_train_begin": "begin",
    "on_train_epoch_begin": "epoch_begin",
    "on_train_step_begin": "step_begin",
    "on_train_step_end": "step_end",
    "on_train_epoch_end": "epoch_end",
    "on_train_end": "end",
}


class CallbackParam(dict):
    """The run's shared state (``cb_params``): a dict whose keys read as attributes
    (``train_network``, ``epoch_num``, ``cur_epoch_num``, ``cur_step_num``, ``net_outputs``...).

    Example:
        >>> p = CallbackParam(cur_step_num=3)
        >>> p.cur_step_num, p["cur_step_num"]
        (3, 3)
    """

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = value


class RunContext:
    """What a callback receives: ``original_args()`` is the CallbackParam; ``request_stop()``
    ends training after the current step.

    Args:
        original_args (dict): The run's CallbackParam (a dict of the run's state).

    Example:
        >>> ctx = RunContext(CallbackParam(cur_step_num=1))
        >>> ctx.request_stop(); ctx.get_stop_requested()
        True
    """

    def __init__(self, original_args: dict[str, Any]):
        if not isinstance(original_args, dict):
            raise TypeError(
                f"RunContext: `original_args` must be a dict, got {type(original_args).__name__}"
            )
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        """The run's CallbackParam."""
        return self._original_args

    def request_stop(self):
        """Stop training at the end of the current step."""
        self._stop_requested = True

    def get_stop_requested(self):
        """Whether a callback asked to stop."""
        return self._stop_requested


class Callback:
    """Base class of callbacks: override the ``on_train_*`` / ``on_eval_*`` hooks (or the older
    ``begin``, ``epoch_begin``, ``step_begin``, ``step_end``, ``epoch_end``, ``end``).

    Example:
        >>> class Count(Callback):
        ...     def __init__(self):
        ...         self.steps = 0
        ...     def on_train_step_end(self, run_context):
        ...         self.steps += 1
        >>> c = Count(); c.on_train_step_end(None); c.steps
        1
    """

    def __enter__(self):
        return self

    def __exit__(self, *err):
        return False

    def begin(self, run_context):
        """Called once before training (older name of on_train_begin)."""

    def epoch_begin(self, run_context):
        """Called before each epoch."""

    def step_begin(self, run_context):
        """Called before each step."""

    def step_end(self, run_context):
        """Called after each step."""

    def epoch_end(self, run_context):
        """Called after each epoch."""

    def end(self, run_context):
        """Called once after training."""

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        """Called once before evaluation."""

    def on_eval_epoch_begin(self, run_context):
        """Called before the evaluation pass."""

    def on_eval_step_begin(self, run_context):
        """Called before each evaluation step."""

    def on_eval_step_end(self, run_context):
        """Called after each evaluation step."""

    def on_eval_epoch_end(self, run_context):
        """Called after the evaluation pass."""

    def on_eval_end(self, run_context):
        """Called once after evaluation."""


class CallbackList(Callback):
    """Several callbacks called in order.

    Example:
        >>> CallbackList([Callback(), Callback()]).on_train_begin(None)
    """

    def __init__(self, callbacks):
        if callbacks is None:
            callbacks = []
        elif isinstance(callbacks, Callback):
            callbacks = [callbacks]
        callbacks = list(callbacks)
        for i, cb in enumerate(callbacks):
            if not isinstance(cb, Callback):
                raise TypeError(f"callbacks: item {i} must be a Callback, got {type(cb).__name__}")
        self.callbacks = callbacks

    def __enter__(self):
        """Enter each callback for the run, as MindSpore's Model does: one that opens a
        resource in ``__enter__`` (a SummaryRecord) has it while its hooks run, and the enter
        target takes the callback's place.

        Example:
            >>> class Opens(Callback):
            ...     def __enter__(self):
            ...         self.open = True
            ...         return self
            ...     def __exit__(self, *err):
            ...         self.open = False
            >>> cb = Opens()
            >>> with CallbackList([cb]):
            ...     cb.open
            True
            >>> cb.open
            False
        """
        self._exits, entered = enter_each(self.callbacks)
        self._given, self.callbacks = self.callbacks, entered
        return self

    def __exit__(self, *err):
        exits = self.__dict__.pop("_exits")
        self.callbacks = self.__dict__.pop("_given")
        return exits.__exit__(*err)


def enter_each(callbacks):
    """Enter each callback as a context manager; returns the ExitStack that exits them and
    the enter targets (a target that is not a Callback is replaced by its callback, with a
    warning, as in MindSpore). A callback whose ``__enter__`` raises exits those before it."""
    with contextlib.ExitStack() as stack:
        entered = []
        for cb in callbacks:
            target = stack.enter_context(cb)
            if not isinstance(target, Callback):
                log.warning("A callback's __enter__ should return itself or a Callback.")
                target = cb
            entered.append(target)
        return stack.pop_all(), entered


def _dispatch(hook):
    def call(self, run_context):
        for cb in self.callbacks:
            getattr(cb, hook)(run_context)

    call.__name__ = hook
    return call


for _hook in _HOOKS:
    setattr(CallbackList, _hook, _dispatch(_hook))
