"""``mindspore.profiler.mstx``: marks and ranges a program adds to the trace.

MindSpore sends them to Ascend's MSTX tool; msfunc writes each as a JAX trace
annotation (`jax.profiler.TraceAnnotation`, named by the message, with the domain as
its argument): a mark is an annotation of zero length, a range one from
``range_start`` to ``range_end``. As in MindSpore they are recorded only while a
profiler made with ``mstx=True`` runs (otherwise calls do nothing and ranges get id 0),
and a profiler's ``mstx_domain_include`` / ``mstx_domain_exclude`` pick the domains.
JAX has no streams: a ``stream`` argument other than None is refused with a warning.
"""

import itertools
import typing

import jax

from .. import log

__all__ = ["mstx"]


class JaxMarks:
    """Writes mstx marks and ranges as JAX trace annotations, for the chosen domains.

    Example:
        >>> from msfunc.profiler.mstx import JaxMarks
        >>> marks = JaxMarks(exclude=["io"])
        >>> marks.mstx_range_start("read", None, "io"), marks.mstx_range_start("fwd", None, "x")
        (0, 1)
    """

    def __init__(self, include=(), exclude=()):
        self.include, self.exclude = list(include), list(exclude)
        self._ranges = {}
        self._ids = itertools.count(1)

    def _wanted(self, domain):
        if self.include:
            return domain in self.include
        return domain not in self.exclude

    def mstx_mark(self, message, stream, domain):
        """An annotation of zero length."""
        if self._wanted(domain):
            with jax.profiler.TraceAnnotation(message, domain=domain):
                pass

    def mstx_range_start(self, message, stream, domain):
        """Open an annotation; its id (0 for a domain left out)."""
        if not self._wanted(domain):
            return 0
        annotation = jax.profiler.TraceAnnotation(message, domain=domain)
        annotation.__enter__()
        range_id = next(self._ids)
        self._ranges[range_id] = annotation
        return range_id

    def mstx_range_end(self, range_id, domain):
        """Close the annotation `range_id` opened."""
        annotation = self._ranges.pop(range_id, None)
        if annotation is not None:
            annotation.__exit__(None, None, None)


def _message_ok(func, message):
    if isinstance(message, str) and message:
        return True
    log.warning(f"mstx.{func}: message must be a non-empty str, got {message!r}.")
    return False


def _stream_ok(func, stream):
    if stream is None:
        return True
    log.warning(f"mstx.{func}: msfunc runs on JAX, which has no streams; got {type(stream)}.")
    return False


class mstx:  # noqa: N801  (MindSpore's name)
    """Marks and ranges in the trace of a running ``mstx=True`` profiler.

    Example:
        >>> from msfunc.profiler import mstx
        >>> mstx.range_start("load")  # no profiler with mstx=True runs: nothing recorded
        0
    """

    NPU_PROFILER: typing.Any = None  # (the writer while a profiler collects marks: a JaxMarks)
    enable = False

    @staticmethod
    def mark(message, stream=None, domain="default"):
        """Mark an instant named `message`."""
        if not mstx.enable or mstx.NPU_PROFILER is None:
            return
        if _message_ok("mark", message) and _stream_ok("mark", stream):
            mstx.NPU_PROFILER.mstx_mark(message, None, domain)

    @staticmethod
    def range_start(message, stream=None, domain="default"):
        """Open a range named `message`; its id for `range_end` (0: nothing recorded)."""
        if not mstx.enable or mstx.NPU_PROFILER is None:
            return 0
        if not (_message_ok("range_start", message) and _stream_ok("range_start", stream)):
            return 0
        return mstx.NPU_PROFILER.mstx_range_start(message, None, domain)

    @staticmethod
    def range_end(range_id, domain="default"):
        """Close the range `range_start` gave `range_id`."""
        if not mstx.enable or mstx.NPU_PROFILER is None:
            return
        if not isinstance(range_id, int) or isinstance(range_id, bool):
            log.warning(
                f"mstx.range_end: range_id must be an id from range_start, got {range_id!r}."
            )
            return
        if range_id != 0:
            mstx.NPU_PROFILER.mstx_range_end(range_id, domain)
