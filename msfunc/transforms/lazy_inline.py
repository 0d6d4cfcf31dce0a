"""`lazy_inline`: MindSpore's compile-time hint on a Cell's ``__init__`` (reuse one subgraph).

MindSpore compiles a Cell whose ``__init__`` carries ``@lazy_inline`` once and calls that
graph for every instance, to shorten the compilation of deep repeated blocks. msfunc's
compiled programs do not depend on it (XLA sees the traced computation either way), so the
decorator checks its use as MindSpore does and runs ``__init__`` unchanged.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_inline"]


def lazy_inline(
    fn: Callable[..., Any] | None = None,
    attrs: list[str] | str | None = None,
    policy: str | None = None,
) -> Callable[..., Any]:
    """Mark a Cell's ``__init__`` for MindSpore's reused-subgraph compilation (a no-op here).

    Args:
        fn (Union[Callable, None]): The ``__init__`` to decorate; ``None`` returns the
            decorator (``@lazy_inline(policy="front")``). Default: ``None``.
        attrs (Union[list[str], str, None]): Attributes that key the reused graph; accepted.
            Default: ``None``.
        policy (Union[str, None]): ``None`` or ``"front"``. Default: ``None``.

    Returns:
        Callable, the decorated ``__init__`` (or the decorator).

    Raises:
        ValueError: On a class or a function other than ``__init__``; a `policy` other than
            ``None`` or ``"front"`` when the Cell is built.

    Example:
        >>> import msfunc as ms
        >>> class Block(ms.nn.Cell):
        ...     @ms.lazy_inline
        ...     def __init__(self, k):
        ...         super().__init__()
        ...         self.k = k
        ...     def construct(self, x):
        ...         return x * self.k
        >>> print(Block(3.0)(ms.Tensor(2.0)))
        6.0
    """

    def wrap(init):
        if inspect.isclass(init):
            raise ValueError(
                f"lazy_inline: decorates a Cell's __init__, not the class {init.__name__}"
            )
        if getattr(init, "__name__", None) != "__init__":
            raise ValueError(
                "lazy_inline: decorates a Cell's __init__, not "
                f"{getattr(init, '__name__', type(init).__name__)}"
            )

        @functools.wraps(init)
        def decorated(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if policy is not None and policy != "front":
                raise ValueError(f"lazy_inline: `policy` must be None or 'front', got {policy!r}")

        return decorated

    if fn is None:
        return wrap
    return wrap(fn)
