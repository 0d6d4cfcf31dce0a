"""Chained analysis steps: a parser's result feeds the next one and its post hooks."""

from multiprocessing import Process

from .. import log as logger
from .profiler_logger import ProfilerLogger

__all__ = ["BaseParser", "DummyParser"]


class BaseParser:
    """One analysis step: `parse(data)` runs `_parse` and then every post hook on the result,
    each in its own process (they write files and must not hold up the chain).

    A failing `_parse` is logged and `parse` hands back its input unchanged, so one broken
    step does not lose what the others produce. Made after `ProfilerLogger.init`.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.base_parser import BaseParser, DummyParser
        >>> from msfunc.profiler.profiler_logger import ProfilerLogger
        >>> ProfilerLogger.init(tempfile.mkdtemp())
        >>> class Double(BaseParser):
        ...     def _parse(self, data):
        ...         return data * 2
        >>> first = Double().set_next(DummyParser())
        >>> first.parse(4), type(first.next_parser).__name__
        (8, 'DummyParser')
    """

    EXEC_HOOK_TIMEOUT = 30 * 60  # seconds a post hook may run

    def __init__(self, next_parser=None):
        self.next_parser = next_parser
        self._post_hooks = []
        self._logger = ProfilerLogger.get_instance()

    def set_next(self, next_parser):
        """Chains `next_parser` (a BaseParser, else ValueError) after this one; returns self."""
        if not isinstance(next_parser, BaseParser):
            raise ValueError(f"next_parser must be a BaseParser, not {type(next_parser).__name__}")
        self.next_parser = next_parser
        return self

    def parse(self, data):
        """`_parse(data)` with the post hooks run on its result; `data` itself on failure."""
        try:
            result = self._parse(data)
            self._execute_post_hooks(result)
        except Exception as err:  # noqa: BLE001 (a failed step must not stop the chain)
            name = type(self).__name__
            logger.error("Analysis step %s failed: %s", name, err)
            self._logger.error("Analysis step %s failed: %s", name, err, exc_info=True)
            return data
        return result

    def register_post_hook(self, hook):
        """Adds a callable run on each result (anything else is a ValueError); returns self."""
        if not callable(hook):
            raise ValueError(f"A post hook must be callable, not {type(hook).__name__}")
        self._post_hooks.append(hook)
        return self

    def _execute_post_hooks(self, result):
        started = []
        for hook in self._post_hooks:
            process = Process(target=hook, args=(result,))
            process.start()
            owner = type(hook.__self__).__name__ if hasattr(hook, "__self__") else "Unknown"
            hook_name = f"{owner}.{getattr(hook, '__name__', repr(hook))}"
            started.append((process, hook_name))
            self._logger.info("Step %s started hook %s", type(self).__name__, hook_name)
        for process, hook_name in started:
            try:
                process.join(timeout=self.EXEC_HOOK_TIMEOUT)
                if process.is_alive():
                    logger.error(
                        "Hook %s of %s ran past %s s; stopped it",
                        hook_name,
                        type(self).__name__,
                        self.EXEC_HOOK_TIMEOUT,
                    )
                    process.terminate()
                    process.join()
                else:
                    self._logger.info("Step %s finished hook %s", type(self).__name__, hook_name)
            except Exception as err:  # noqa: BLE001 (a hook's failure is logged, not raised)
                self._logger.error("Hook %s failed: %s", hook_name, err, exc_info=True)
                if process.is_alive():
                    process.terminate()

    def _parse(self, data):
        raise NotImplementedError(f"{type(self).__name__} must define _parse")


class DummyParser(BaseParser):
    """A step that hands its input on unchanged (a chain's placeholder).

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.base_parser import DummyParser
        >>> from msfunc.profiler.profiler_logger import ProfilerLogger
        >>> ProfilerLogger.init(tempfile.mkdtemp())
        >>> DummyParser().parse([1])
        [1]
    """

    def _parse(self, data):
        return data
