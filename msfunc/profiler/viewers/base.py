"""The interface every profile viewer (output file writer) has."""

from typing import Any

__all__ = ["BaseViewer", "option"]


def option(kwargs, name, default=None) -> Any:
    """The keyword argument `name` of a parser or viewer (`default` when not given).

    Example:
        >>> from msfunc.profiler.viewers.base import option
        >>> option({"rank_id": 2}, "rank_id"), option({}, "rank_id", 0)
        (2, 0)
    """
    return kwargs.get(name, default)


class BaseViewer:
    """Writes one kind of output file from the analysed data in `save(data)`.

    Example:
        >>> from msfunc.profiler.viewers.base import BaseViewer
        >>> class Count(BaseViewer):
        ...     def save(self, data):
        ...         return len(data)
        >>> Count().save({"a": 1})
        1
    """

    def save(self, data):
        """Writes the viewer's output from `data`."""
        raise NotImplementedError(f"{type(self).__name__} must define save")
