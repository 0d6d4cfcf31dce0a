"""``mindspore.context``'s module-level context object ``K_CONTEXT`` and its getter ``_context``.

msfunc keeps its settings in `msfunc.context` (`get_context` / `set_context` read and write
them); ``K_CONTEXT`` stands for that one process-wide context, as MindSpore's object does.

Example:
    >>> _context() is K_CONTEXT
    True
"""

from __future__ import annotations

__all__ = ["K_CONTEXT"]


class _Context:
    """The process's context: its settings are `msfunc.context.get_context`'s."""

    def __repr__(self):
        return "<msfunc context: see msfunc.context.get_context>"


K_CONTEXT = _Context()


def _context():
    """The context object (``K_CONTEXT``)."""
    return K_CONTEXT
