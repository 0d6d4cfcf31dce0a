"""`with_args`: a docstring's ``Args:`` section built from entries that sibling functions share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["with_args"]

F = TypeVar("F", bound=Callable)


def with_args(*entries: str) -> Callable[[F], F]:
    """Decorator writing an ``Args:`` section of `entries` where the docstring has ``{args}``.

    Functions that document an argument in the same words share one entry, so the words
    cannot drift apart, while each keeps its own summary, Returns and example. The
    section is written once, when the function is defined; calls are not wrapped.

    Args:
        *entries (str): One per argument, ``"name (type): text"``; a longer text goes on
            further lines, each indented by four spaces.

    Returns:
        Callable, a decorator returning the function itself with its docstring filled in.

    Raises:
        ValueError: the docstring has no ``{args}`` line.

    Example:
        >>> @with_args("x (int): The number.", "n (int): The power.\\n    Default: ``2``.")
        ... def power(x, n=2):
        ...     '''`x` to the `n`.
        ...
        ...     {args}
        ...     Returns:
        ...         int.
        ...     '''
        ...     return x**n
        >>> print(power.__doc__)
        `x` to the `n`.
        <BLANKLINE>
            Args:
                x (int): The number.
                n (int): The power.
                    Default: ``2``.
        <BLANKLINE>
            Returns:
                int.
        <BLANKLINE>
    """

    def fill(fn: F) -> F:
        doc = fn.__doc__ or ""
        lines = doc.split("\n")
        where = [i for i, line in enumerate(lines) if line.strip() == "{args}"]
        if len(where) != 1:
            raise ValueError(f"with_args: the docstring of {fn.__name__} needs one `{{args}}` line")
        indent = lines[where[0]][: -len("{args}")]
        section = [f"{indent}Args:"]
        for entry in entries:
            section += [f"{indent}    {part}" for part in entry.split("\n")]
        lines[where[0] : where[0] + 1] = [*section, ""]
        fn.__doc__ = "\n".join(lines)
        return fn

    return fill
