"""A plain-text progress bar over a sized iterable (the analysis steps of a profile)."""

import os
import sys
import time
from collections.abc import Iterable, Sized
from typing import cast

__all__ = ["ProcessBar"]


class ProcessBar:
    """Iterates `iterable` (which must have a length), drawing ``desc |####    | i/n`` on
    stderr at most every `update_interval` seconds and once at the end.

    Example:
        >>> from msfunc.profiler.process_bar import ProcessBar
        >>> list(ProcessBar([1, 2], desc="Parsing", update_interval=60.0))
        [1, 2]
    """

    FINISH_TEXT = "Done"

    def __init__(self, iterable=None, desc="", bar_length=20, update_interval=1.0):
        if not isinstance(iterable, Iterable):
            raise ValueError("ProcessBar needs an iterable")
        if not isinstance(desc, str):
            raise ValueError(f"desc must be a str, not {type(desc).__name__}")
        if not isinstance(bar_length, int) or bar_length <= 0:
            raise ValueError(f"bar_length must be a positive int, got {bar_length!r}")
        if not isinstance(update_interval, float) or update_interval < 0:
            raise ValueError(f"update_interval must be a float >= 0, got {update_interval!r}")
        self.iterable = iterable
        self.total = len(cast(Sized, iterable))
        self.desc = f"[{os.getpid()}] {desc}"
        self.bar_length = bar_length
        self.update_interval = update_interval
        self.current = 0
        self.start_time = self.last_update_time = time.time()

    def update(self, n=1):
        """Advances the bar by `n` items."""
        self.current += n
        now = time.time()
        if self.current >= self.total or now - self.last_update_time >= self.update_interval:
            self.last_update_time = now
            self._draw(now)

    def _draw(self, now):
        done = min(1.0, self.current / self.total) if self.total else 1.0
        filled = int(self.bar_length * done)
        bar = "#" * filled + " " * (self.bar_length - filled)
        tail = f" {self.FINISH_TEXT}\n" if done >= 1.0 else ""
        elapsed = now - self.start_time
        sys.stderr.write(f"\r{self.desc} |{bar}| {self.current}/{self.total} {elapsed:.1f}s{tail}")
        sys.stderr.flush()

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.update()
