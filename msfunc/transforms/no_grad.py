"""`_no_grad`: a context manager and decorator under which nothing computed is differentiated.

MindSpore's PyNative mode records no gradient for the operations run inside
``with _no_grad():`` (or a function decorated with ``@_no_grad()``). On JAX there is
no tape to switch off, so the block runs under a thin JAX trace
(`msfunc._jax_private.NoGradTrace`) that applies ``lax.stop_gradient`` to the
inputs of every primitive it sees and binds the primitive in the enclosing trace:
values computed inside carry no derivative, under `grad`, `jax.grad`, `jvp` or a
`jit` trace alike, while values computed outside are unchanged. Parameters written
inside the block get their new values when it ends. Asking for a gradient inside the
block raises RuntimeError, as in MindSpore.
"""

import functools

from .._jax_private import (
    NoGradTrace,
    no_grad_active,
    set_current_trace,
    thread_state,
    trace_ctx,
)
from .._state import Frame, write

__all__ = ["_no_grad", "no_grad_active"]


class _no_grad:  # noqa: N801  (MindSpore's name)
    """Compute without gradients: ``with _no_grad(): ...`` or ``@_no_grad()`` on a function.

    Example:
        >>> import msfunc as ms
        >>> def f(x):
        ...     with ms._no_grad():
        ...         c = x * x          # a constant for the gradient
        ...     return c * x
        >>> float(ms.grad(f)(ms.Tensor(3.0)))
        9.0
    """

    def __init__(self):
        self._stack = []

    def __enter__(self):
        thread_state.no_grad += 1
        setter = set_current_trace(NoGradTrace(trace_ctx.trace))
        setter.__enter__()
        # Parameter writes inside the block (BatchNorm statistics) are kept in a frame of
        # their own and made in the enclosing trace once the block ends.
        frame = Frame(owner="_no_grad")
        frame.__enter__()
        self._stack.append((setter, frame))
        return self

    def __exit__(self, *exc):
        setter, frame = self._stack.pop()
        frame.__exit__(*exc)
        setter.__exit__(*exc)
        thread_state.no_grad -= 1
        if exc[0] is None:
            for param, value in frame.written():
                write(param, value)
        return False

    def __call__(self, fn):
        if not callable(fn):
            raise TypeError(f"_no_grad: decorates a function, got {type(fn).__name__}")

        @functools.wraps(fn)
        def without_gradients(*args, **kwargs):
            with _no_grad():
                return fn(*args, **kwargs)

        return without_gradients
