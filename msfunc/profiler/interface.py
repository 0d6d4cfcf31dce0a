"""The JAX end of msfunc's profiler: one trace at a time through `jax.profiler`.

`ProfilerInterface` is what the action table drives (MindSpore's
``mindspore.profiler.profiler_interface`` path): ``init`` makes a fresh trace directory
under the output path, ``start``/``stop`` run ``jax.profiler.start_trace``/``stop_trace``
into it (JAX writes ``plugins/profile/<session>/<host>.xplane.pb`` and
``<host>.trace.json.gz`` there), ``finalize`` writes the metadata a program added, ``clear``
forgets the cycle. `RecordFunction` names a span (a step) in the trace.
"""

import datetime
import json
import os
import shutil
import socket

import jax

from .. import log
from .mstx import JaxMarks, mstx

__all__ = ["ProfilerInterface", "ProfilerPathManager", "RecordFunction"]


class ProfilerPathManager:
    """Where traces go: the directory and worker name a trace handler asked for, if any.

    Example:
        >>> from msfunc.profiler.interface import ProfilerPathManager
        >>> ProfilerPathManager() is ProfilerPathManager()
        True
    """

    _instance = None
    dir_name: str | None
    worker_name: str | None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.dir_name = cls._instance.worker_name = None
        return cls._instance

    def init(self, dir_name=None, worker_name=None):
        """Send the next traces to `dir_name`, named after `worker_name` (None: host_pid)."""
        self.dir_name, self.worker_name = dir_name, worker_name

    def new_trace_dir(self, output_path):
        """Make and return ``<output>/<worker>_<timestamp>_msfunc`` for one trace."""
        worker = self.worker_name or f"{socket.gethostname()}_{os.getpid()}"
        stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")[:-3]
        path = os.path.join(self.dir_name or output_path, f"{worker}_{stamp}_msfunc")
        os.makedirs(path, exist_ok=True)
        return path


class RecordFunction:
    """A named span of the trace (``start`` ... ``stop``), a step's when `step_num` is given.

    Example:
        >>> from msfunc.profiler.interface import RecordFunction
        >>> span = RecordFunction("load")
        >>> span.start(); span.stop()
    """

    def __init__(self, name, step_num=None):
        self.name = name
        if step_num is None:
            self._annotation = jax.profiler.TraceAnnotation(name)
        else:
            self._annotation = jax.profiler.StepTraceAnnotation(name, step_num=step_num)
        self._open = False

    def start(self):
        """Open the span."""
        if not self._open:
            self._annotation.__enter__()
            self._open = True

    def stop(self):
        """Close the span (nothing when it is not open)."""
        if self._open:
            self._annotation.__exit__(None, None, None)
            self._open = False


class ProfilerInterface:
    """The steps of one trace cycle, shared by every profiler of the process.

    Example:
        >>> from msfunc.profiler.interface import ProfilerInterface
        >>> ProfilerInterface.start.__self__ is ProfilerInterface  # (one writer per process)
        True
    """

    is_initialized = False
    trace_dir: str | None = None
    output_path = "./data"
    metadata: dict = {}
    # ((include, exclude) while a profiler made with mstx=True runs)
    mstx_domains: tuple[list, list] | None = None
    with_stack = False
    _tracing = False

    @classmethod
    def init(cls):
        """Prepare a fresh trace directory."""
        cls.trace_dir = ProfilerPathManager().new_trace_dir(cls.output_path)
        cls.is_initialized = True

    @classmethod
    def start(cls):
        """Start JAX's trace into the prepared directory."""
        if not cls.is_initialized:
            cls.init()
        if not cls._tracing:
            options = jax.profiler.ProfileOptions()
            # Python's own calls (every function JAX traces through) only with with_stack:
            # they are most of a trace's size and of the time stopping it takes.
            options.python_tracer_level = 1 if cls.with_stack else 0
            jax.profiler.start_trace(str(cls.trace_dir), profiler_options=options)
            cls._tracing = True
            if cls.mstx_domains is not None:
                mstx.NPU_PROFILER, mstx.enable = JaxMarks(*cls.mstx_domains), True

    @classmethod
    def stop(cls):
        """Stop JAX's trace: its files are written now."""
        if cls._tracing:
            cls._tracing = False
            mstx.enable = False
            jax.profiler.stop_trace()

    @classmethod
    def finalize(cls):
        """Write the metadata the program added next to the trace."""
        if cls.trace_dir and cls.metadata and os.path.isdir(cls.trace_dir):
            path = os.path.join(cls.trace_dir, "profiler_metadata.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(cls.metadata, f, indent=1)

    @classmethod
    def analyse(cls, **_options):
        """Nothing to do: JAX's trace is complete when it stops (TensorBoard or Perfetto read
        it as it is)."""
        log.info(f"Profiler: the trace in {cls.trace_dir} needs no analysis step.")

    @classmethod
    def clear(cls):
        """Forget the finished cycle."""
        cls.is_initialized = False

    @classmethod
    def delete_dir(cls):
        """Remove a prepared directory no trace was written to."""
        if cls.trace_dir and os.path.isdir(cls.trace_dir) and not cls._tracing:
            shutil.rmtree(cls.trace_dir, ignore_errors=True)
        cls.trace_dir = None
