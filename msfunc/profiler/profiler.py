"""``mindspore.Profiler`` and ``mindspore.profiler.profile`` on `jax.profiler`.

A profiler records JAX's trace of the steps its schedule picks; with no schedule it
records from ``start`` to ``stop``. Each recorded cycle is one directory
``<output_path>/<host>_<pid>_<timestamp>_msfunc`` holding JAX's trace files
(``plugins/profile/<session>/*.xplane.pb`` and ``*.trace.json.gz``: ``tensorboard
--logdir <output_path>`` or Perfetto open them) where MindSpore writes its own
``*_ascend_ms`` layout. Options are checked as MindSpore checks them (parameters.py);
those for Ascend hardware counters are accepted and have nothing to collect.
"""

import functools
import json
import os

from .. import log
from .action_controller import ProfilerActionController
from .interface import ProfilerInterface, ProfilerPathManager, RecordFunction
from .parameters import ProfilerContext, settle
from .schedule import ProfilerAction

__all__ = ["Profiler", "profile", "tensorboard_trace_handler"]


def _logged(method):
    """Like MindSpore, a profiler call that fails logs the error instead of raising it: a
    profiler must not stop the program it watches."""

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - reported, the training goes on
            log.error(f"Profiler.{method.__name__} failed: {type(exc).__name__}: {exc}")
            return None

    return call


class Profiler:
    """Profile a training program into a JAX trace (keyword arguments as MindSpore 2.10's).

    Main options: ``output_path`` ('./data'), ``start_profile`` (True: start now),
    ``schedule`` (`schedule`: which steps ``step()`` records), ``on_trace_ready`` (called
    with no argument after each saved cycle, e.g. `tensorboard_trace_handler`),
    ``activities``, ``profiler_level``, ``with_stack``, ``profile_memory``, ``mstx``
    and MindSpore's other switches, checked and kept. A wrong value is replaced by its
    default with a warning, as MindSpore does.

    Example:
        >>> import os, tempfile
        >>> import msfunc
        >>> from msfunc.profiler import Profiler
        >>> out = tempfile.mkdtemp()
        >>> with Profiler(output_path=out, start_profile=False):
        ...     _ = msfunc.ops.ones((2, 2)) + 1
        >>> [name.endswith("_msfunc") for name in os.listdir(out)]
        [True]
    """

    def __init__(self, **kwargs):
        options = settle(kwargs)
        self._prof_context = ProfilerContext()
        self._prof_context.options = options
        self._metadata = {}
        self._has_started = False
        self.schedule_arg = kwargs.get("schedule")
        self.schedule = options["schedule"]
        self._record_steps = options["is_set_schedule"]
        self._schedule_no_use_step = True
        self._step_rec_fn = None
        self.step_num = 0
        self.current_action = (
            self.schedule(self.step_num) if self._record_steps else ProfilerAction.RECORD
        )
        self.action_controller = ProfilerActionController(
            ProfilerInterface(), options["on_trace_ready"]
        )
        if options["start_profile"]:
            self.start()

    def _point_interface(self):
        """Aim the shared trace writer at this profiler's options."""
        options = self._prof_context.options
        handler = options["on_trace_ready"]
        manager = ProfilerPathManager()
        manager.dir_name = getattr(handler, "dir_name", None)
        manager.worker_name = getattr(handler, "worker_name", None)
        ProfilerInterface.output_path = options["output_path"]
        ProfilerInterface.metadata = self._metadata
        ProfilerInterface.with_stack = options["with_stack"]
        ProfilerInterface.mstx_domains = (
            (options["mstx_domain_include"], options["mstx_domain_exclude"])
            if options["mstx"]
            else None
        )

    def _open_step(self):
        self._step_rec_fn = RecordFunction(f"ProfilerStep#{self.step_num}", self.step_num)
        self._step_rec_fn.start()

    @_logged
    def start(self):
        """Start profiling (the scheduled steps, or everything until ``stop``)."""
        if self._has_started:
            log.warning("Profiler.start: this profiler is already running.")
            return
        self._has_started = True
        self._point_interface()
        if self._record_steps:
            self._open_step()
            self.action_controller.transit_action(ProfilerAction.NONE, self.current_action)
        else:
            self.current_action = ProfilerAction.RECORD
            ProfilerInterface.init()
            ProfilerInterface.start()

    @_logged
    def stop(self):
        """Stop profiling and write the trace (a scheduled profiler: once it took a step)."""
        if not self._has_started:
            log.error("Profiler.stop: this profiler is not running.")
            return
        if self._record_steps:
            if self._schedule_no_use_step:
                log.warning("Profiler.stop: a scheduled profiler records by step(); call it.")
                return
            if self._step_rec_fn is not None:
                self._step_rec_fn.stop()
            self.action_controller.transit_action(self.current_action, None)
        else:
            ProfilerInterface.stop()
            ProfilerInterface.finalize()
            self.action_controller._trace_ready()
            ProfilerInterface.clear()
        self._has_started = False

    @_logged
    def step(self):
        """End a training step: the schedule's next action starts, saves or ends a trace."""
        if not self._record_steps:
            log.error("Profiler.step: this profiler has no schedule; step() does nothing.")
            return
        if not self._has_started:
            log.error("Profiler.step: this profiler is not running; step() does nothing.")
            return
        self._schedule_no_use_step = False
        if self._step_rec_fn is not None:
            self._step_rec_fn.stop()
        previous = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self.action_controller.transit_action(previous, self.current_action)
        self._open_step()

    @_logged
    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync"):
        """Nothing to analyse: JAX's trace is complete once written (kept for MindSpore's API)."""
        ProfilerInterface.analyse(offline_path=offline_path, step_list=step_list, mode=mode)

    @staticmethod
    def offline_analyse(path, pretty=False, step_list=None, data_simplification=True):
        """Nothing to analyse offline either: the trace under `path` is ready to open."""
        log.info(f"Profiler.offline_analyse: the traces under {path} need no analysis step.")

    @_logged
    def op_analyse(self, op_name, device_id=None):
        """MindSpore's per-operator table of Ascend/GPU kernels: JAX's trace has its operator
        view in TensorBoard's profile plugin instead, so this checks its arguments, logs
        where to look and returns None."""
        if not isinstance(op_name, (str, list)):
            raise TypeError(f"op_name must be a str or a list, got {type(op_name).__name__}")
        if device_id is not None and not isinstance(device_id, int):
            raise TypeError(f"device_id must be an int, got {type(device_id).__name__}")
        log.warning(
            "Profiler.op_analyse: msfunc writes no operator table; open the trace in "
            "TensorBoard's profile plugin (op_profile) for per-operator times."
        )

    def add_metadata(self, key, value):
        """Keep ``key: value`` (both str) in the trace's ``profiler_metadata.json``.

        Example:
            >>> from msfunc.profiler import Profiler
            >>> prof = Profiler(start_profile=False)
            >>> prof.add_metadata("run", "baseline")
            >>> prof._metadata
            {'run': 'baseline'}
        """
        if not (isinstance(key, str) and isinstance(value, str)):
            log.warning("Profiler.add_metadata: key and value must both be str; not kept.")
            return
        self._metadata[key] = value

    def add_metadata_json(self, key, value):
        """Keep ``key``: the JSON text `value` decoded, in ``profiler_metadata.json``."""
        if not (isinstance(key, str) and isinstance(value, str)):
            log.warning("Profiler.add_metadata_json: key and value must both be str; not kept.")
            return
        try:
            self._metadata[key] = json.loads(value)
        except json.JSONDecodeError:
            log.warning(f"Profiler.add_metadata_json: {value!r} is not JSON text; not kept.")

    def __enter__(self):
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.stop()


class profile(Profiler):  # noqa: N801  (MindSpore's name)
    """MindSpore's newer profiler API: the same profiler with named arguments and the
    hardware options in ``experimental_config`` (an `_ExperimentalConfig`); traces go to
    './data' or to the directory of a `tensorboard_trace_handler`.

    Example:
        >>> import os, tempfile
        >>> import msfunc
        >>> from msfunc.profiler import profile, schedule
        >>> from msfunc.profiler import tensorboard_trace_handler
        >>> out = tempfile.mkdtemp()
        >>> plan = schedule(wait=0, warmup=0, active=1, repeat=1)
        >>> with profile(schedule=plan, on_trace_ready=tensorboard_trace_handler(out)) as prof:
        ...     for _ in range(2):
        ...         _ = msfunc.ops.ones((2, 2)) * 2
        ...         prof.step()
        >>> len(os.listdir(out))
        1
    """

    def __init__(
        self,
        activities=None,
        with_stack=False,
        profile_memory=False,
        data_process=False,
        parallel_strategy=False,
        start_profile=True,
        hbm_ddr=False,
        pcie=False,
        sync_enable=True,
        record_shapes=False,
        schedule=None,
        on_trace_ready=None,
        experimental_config=None,
    ):
        options = dict(locals())
        del options["self"], options["__class__"]
        if activities is None:
            del options["activities"]
        super().__init__(**options)


def tensorboard_trace_handler(dir_name=None, worker_name=None, analyse_flag=True, async_mode=False):
    """An ``on_trace_ready`` handler that sends each saved trace to `dir_name` ('./data'),
    in a directory named after `worker_name` (default ``<host>_<pid>``).

    JAX's trace needs no analysis, so `analyse_flag` and `async_mode` are checked and kept
    only. A wrong argument is replaced by its default with a warning, as in MindSpore.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler import tensorboard_trace_handler
        >>> handler = tensorboard_trace_handler(tempfile.mkdtemp(), worker_name="w0")
        >>> handler.worker_name
        'w0'
    """
    if dir_name is None:
        dir_name = "./data"
    elif not isinstance(dir_name, str):
        log.warning(f"tensorboard_trace_handler: dir_name must be a str, got {dir_name!r}.")
        dir_name = "./data"
    if worker_name is not None and not isinstance(worker_name, str):
        log.warning(f"tensorboard_trace_handler: worker_name must be a str, got {worker_name!r}.")
        worker_name = None
    for name, value in (("analyse_flag", analyse_flag), ("async_mode", async_mode)):
        if not isinstance(value, bool):
            log.warning(f"tensorboard_trace_handler: {name} must be a bool, got {value!r}.")
    dir_name = os.path.abspath(dir_name)
    ProfilerPathManager().init(dir_name, worker_name)

    def handler():
        log.info(f"Profiler: trace written to {ProfilerInterface.trace_dir}")

    handler.dir_name, handler.worker_name = dir_name, worker_name
    return handler
