"""The private callback names of ``mindspore.train.callback`` that MindSpore programs and tests
drive callbacks with by hand: ``_InternalCallbackParam`` and ``_CallbackManager``.

Example:
    >>> from msfunc.train.callback import Callback, RunContext
    >>> class Count(Callback):
    ...     def on_train_epoch_end(self, run_context):
    ...         run_context.original_args().seen = True
    >>> params = _InternalCallbackParam()
    >>> with _CallbackManager([Count()]) as callbacks:
    ...     callbacks.on_train_epoch_end(RunContext(params))
    >>> params.seen
    True
"""

from ..train.callback import CallbackList, CallbackParam

__all__ = []

_InternalCallbackParam = CallbackParam


class _CallbackManager(CallbackList):
    """Callbacks called in order, usable as a context manager (``with ... as callbacks``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return False
