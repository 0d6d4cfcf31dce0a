"""``mindspore.common._monad``: the side-effect tokens ``U`` and ``IO`` graph code passes to
``depend`` (``F.depend(x, monad.U)``). msfunc orders side effects by Python's own order, so a
token is a plain marker and ``depend`` returns its first input.

Example:
    >>> from msfunc.compat import monad
    >>> isinstance(monad.U, monad.UMonad), isinstance(monad.IO, monad.IOMonad)
    (True, True)
"""

__all__ = ["UMonad", "IOMonad", "U", "IO"]


class UMonad:
    """The token of memory side effects (Parameter writes)."""

    def __repr__(self):
        return "U"


class IOMonad:
    """The token of input/output side effects (printing)."""

    def __repr__(self):
        return "IO"


U = UMonad()
IO = IOMonad()
