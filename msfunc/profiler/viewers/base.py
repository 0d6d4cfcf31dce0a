"""The interface every profile viewer (output file writer) has."""

__all__ = ["BaseViewer"]


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
