"""CallbackManager: several callbacks entered as context managers and called in order, under
both the ``on_train_*`` names and MindSpore's older ``begin`` / ``step_end`` ... names."""

from __future__ import annotations

from ._callback import _HOOKS, _LEGACY, Callback, enter_each

__all__ = ["CallbackManager"]


class CallbackManager(Callback):
    """Callbacks called in order; ``with CallbackManager(cbs) as cm`` enters each of them.

    Args:
        callbacks (Union[Callback, list[Callback], None]): The callbacks.

    Example:
        >>> class Count(Callback):
        ...     steps = 0
        ...     def step_end(self, run_context):
        ...         Count.steps += 1
        >>> with CallbackManager([Count(), Count()]) as cm:
        ...     cm.step_end(None)
        >>> Count.steps
        2
    """

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for i, cb in enumerate(callbacks):
                if not isinstance(cb, Callback):
                    raise TypeError(
                        f"CallbackManager: item {i} of `callbacks` must be a Callback, got "
                        f"{type(cb).__name__}"
                    )
            self._callbacks.extend(callbacks)
        elif callbacks is not None:
            raise TypeError(
                f"CallbackManager: `callbacks` must be a Callback or a list of them, got "
                f"{type(callbacks).__name__}"
            )

    def __enter__(self):
        if self._stack is None:
            self._stack, self._callbacks = enter_each(self._callbacks)
        return self

    def __exit__(self, *exc_info):
        stack = self._stack
        return False if stack is None else stack.__exit__(*exc_info)


def _each(hook):
    def call(self, run_context):
        for cb in self._callbacks:
            getattr(cb, hook)(run_context)

    call.__name__ = hook
    call.__doc__ = f"Call each callback's ``{hook}``."
    return call


for _hook in (*_HOOKS, *_LEGACY.values()):
    setattr(CallbackManager, _hook, _each(_hook))
