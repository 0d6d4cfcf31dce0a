"""`mindspore.dataset.callback`: DSCallback and WaitedDSCallback, hooks `map` calls as rows pass."""

from __future__ import annotations

import threading

from ..train.callback._callback import Callback
from . import config

__all__ = ["DSCallback", "WaitedDSCallback"]

_HOOKS = ("ds_begin", "ds_epoch_begin", "ds_epoch_end", "ds_step_begin", "ds_step_end")


class DSRunContext:
    """Where a pipeline is: ``cur_epoch_num`` (from 1), ``cur_step_num_in_epoch`` and
    ``cur_step_num`` (rows through the `map`, in the epoch and in all)."""

    def __init__(self, epoch=0, step_in_epoch=0, step=0):
        self.cur_epoch_num = epoch
        self.cur_step_num_in_epoch = step_in_epoch
        self.cur_step_num = step


class DSCallback:
    """Base of the callbacks `map(..., callbacks=...)` calls: override any of ``ds_begin``,
    ``ds_epoch_begin``, ``ds_epoch_end``, ``ds_step_begin``, ``ds_step_end`` (each takes a
    run context); the step hooks run on every `step_size`-th row of an epoch (1st, then
    1 + step_size, ...).

    Args:
        step_size (int): Rows between two step calls, positive. Default: ``1``.

    Raises:
        TypeError: `step_size` is not an int.
        ValueError: `step_size` is not positive.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> from msfunc.dataset.callback import DSCallback
        >>> class Steps(DSCallback):
        ...     def ds_step_begin(self, ds_run_context):
        ...         print("step", ds_run_context.cur_step_num)
        >>> d = ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x, callbacks=Steps())
        >>> for _ in d.create_tuple_iterator(num_epochs=1):
        ...     pass
        step 1
        step 2
    """

    def __init__(self, step_size: int = 1) -> None:
        if isinstance(step_size, bool) or not isinstance(step_size, int):
            raise TypeError(f"DSCallback: `step_size` must be an int, got {step_size!r}")
        if step_size < 1:
            raise ValueError(f"DSCallback: `step_size` must be positive, got {step_size}")
        self.step_size = step_size

    def ds_begin(self, ds_run_context):
        """Called once, before the pipeline's first row."""

    def ds_epoch_begin(self, ds_run_context):
        """Called at the start of each epoch."""

    def ds_epoch_end(self, ds_run_context):
        """Called at the end of each epoch."""

    def ds_step_begin(self, ds_run_context):
        """Called before every `step_size`-th row of an epoch."""

    def ds_step_end(self, ds_run_context):
        """Called after every `step_size`-th row of an epoch."""

    def overridden(self):
        """The hooks this callback's class defines anew."""
        return [h for h in _HOOKS if getattr(type(self), h) is not getattr(DSCallback, h)]


class WaitedDSCallback(Callback, DSCallback):
    """A DSCallback that keeps the pipeline in step with training: from the second step
    (epoch) on, the pipeline waits for the training step (epoch) to end, then calls
    ``sync_step_begin`` (``sync_epoch_begin``) with both run contexts. Pass it to `map` and
    to `Model.train`'s callbacks; waiting longer than ``ds.config.get_callback_timeout()``
    seconds raises RuntimeError.

    Args:
        step_size (int): Rows per training step (the batch size). Default: ``1``.

    Example:
        >>> from msfunc.dataset.callback import WaitedDSCallback
        >>> WaitedDSCallback(2).step_size
        2
    """

    def __init__(self, step_size: int = 1) -> None:
        DSCallback.__init__(self, step_size)
        self._step_event = threading.Event()
        self._epoch_event = threading.Event()
        self._train_context = None
        self._ended = False

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        """Called as a new epoch of data starts, once training finished the last one."""

    def sync_step_begin(self, train_run_context, ds_run_context):
        """Called as a new step of data starts, once training finished the last one."""

    def step_end(self, run_context):
        """Training finished a step: let the pipeline go on."""
        self._train_context = run_context
        self._step_event.set()

    def epoch_end(self, run_context):
        """Training finished an epoch: let the pipeline start the next."""
        self._train_context = run_context
        self._epoch_event.set()

    def end(self, run_context):
        """Training is over: nothing waits any more."""
        self._train_context = run_context
        self._ended = True
        self._step_event.set()
        self._epoch_event.set()

    def _wait(self, event, hook):
        if self._ended:
            return
        timeout = config.get_callback_timeout()
        if not event.wait(timeout):
            raise RuntimeError(f"{hook}: training did not report back within {timeout} s")
        event.clear()

    def ds_epoch_begin(self, ds_run_context):
        """Wait for the training epoch to end (from the second epoch on)."""
        if ds_run_context.cur_epoch_num > 1:
            self._wait(self._epoch_event, "ds_epoch_begin")
            self.sync_epoch_begin(self._train_context, ds_run_context)

    def ds_step_begin(self, ds_run_context):
        """Wait for the training step to end (from the second step on)."""
        if ds_run_context.cur_step_num > self.step_size:
            self._wait(self._step_event, "ds_step_begin")
            self.sync_step_begin(self._train_context, ds_run_context)


def check_callbacks(callbacks):
    """`map`'s `callbacks` (a DSCallback or a list of them) as a list (TypeError else)."""
    if callbacks is None:
        return []
    items = callbacks if isinstance(callbacks, list) else [callbacks]
    for i, cb in enumerate(items):
        if not isinstance(cb, DSCallback):
            where = "callbacks" if items is not callbacks else f"callbacks[{i}]"
            raise TypeError(f"map: `{where}` must be a DSCallback, got {type(cb).__name__}")
    return list(items)


class CallbackRunner:
    """One iterator's calls of a map's callbacks: it counts epochs and rows."""

    def __init__(self, callbacks):
        for cb in callbacks:
            if not cb.overridden():
                raise RuntimeError(
                    f"map: the callback {type(cb).__name__} overrides none of {list(_HOOKS)}"
                )
        self.callbacks = callbacks
        self.epoch, self.in_epoch, self.step = 0, 0, 0
        self.epoch_open = False

    def _call(self, hook, only_on_step=False):
        context = DSRunContext(self.epoch, self.in_epoch, self.step)
        for cb in self.callbacks:
            if only_on_step and (self.in_epoch - 1) % cb.step_size:
                continue
            getattr(cb, hook)(context)

    def enter_epoch(self, epoch):
        """Called as the map starts a pass; the first pass of an epoch begins it."""
        if self.epoch == 0 and not self.epoch_open:
            self._call("ds_begin")
        if self.epoch_open and epoch + 1 == self.epoch:
            return  # a further pass (a repeat above the map) of the same epoch
        if self.epoch_open:
            self.end_epoch()
        self.epoch, self.in_epoch, self.epoch_open = epoch + 1, 0, True
        self._call("ds_epoch_begin")

    def row(self):
        """Called as each row leaves the map."""
        self.in_epoch += 1
        self.step += 1
        self._call("ds_step_begin", only_on_step=True)
        self._call("ds_step_end", only_on_step=True)

    def end_epoch(self):
        """Called when the iterator finishes an epoch."""
        if self.epoch_open:
            self.epoch_open = False
            self._call("ds_epoch_end")
