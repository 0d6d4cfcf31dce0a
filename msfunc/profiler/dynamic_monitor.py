"""``mindspore.profiler.DynamicProfilerMonitor``: profile steps chosen while training runs.

The monitor keeps a JSON file ``<cfg_path>/profiler_config.json`` (written with every
option at its default when missing). Each ``step()`` (or, as a training callback, each
step's end) counts a step and, at most every ``poll_interval`` seconds, rereads the file
when it changed; when the count reaches the file's ``start_step`` a profiler starts, and
after ``stop_step`` it stops, leaving its trace under
``<output_path>/rank<rank>_start<start>_stop<stop>/``. MindSpore polls the file from a
helper process; msfunc reads it from the training process between steps. A monitoring
daemon (``MSMONITOR_USE_DAEMON=1``) is not supported: the monitor then does nothing.
"""

import json
import os
import time

from .. import log
from ..train.callback import Callback
from .dynamic_config import DynamicProfilerConfigContext, DynamicProfilerUtils
from .profiler import Profiler

__all__ = ["DynamicProfilerMonitor"]

_CONFIG_FILE = "profiler_config.json"


class DynamicProfilerMonitor(Callback):
    """Start and stop a profiler at the steps a JSON file names, while the program runs.

    Example:
        >>> import json, os, tempfile
        >>> from msfunc.profiler import DynamicProfilerMonitor
        >>> cfg, out = tempfile.mkdtemp(), tempfile.mkdtemp()
        >>> monitor = DynamicProfilerMonitor(cfg_path=cfg, output_path=out)
        >>> path = os.path.join(cfg, "profiler_config.json")
        >>> config = json.load(open(path))
        >>> config.update(start_step=1, stop_step=1)
        >>> json.dump(config, open(path, "w"))
        >>> for _ in range(3):
        ...     monitor.step()
        >>> os.listdir(out)
        ['rank0_start1_stop1']
    """

    def __init__(self, cfg_path=None, output_path="./dyn_profile_data", poll_interval=2, **kwargs):
        self._is_dyno = DynamicProfilerUtils.is_dyno_mode()
        if not self._is_dyno and not isinstance(cfg_path, str):
            raise TypeError(
                f"DynamicProfilerMonitor: cfg_path must be a str (the folder of "
                f"{_CONFIG_FILE}), got {type(cfg_path).__name__}"
            )
        if not isinstance(poll_interval, int) or isinstance(poll_interval, bool):
            log.error(
                f"DynamicProfilerMonitor: poll_interval must be an int, got {poll_interval!r}; "
                "using 2."
            )
            poll_interval = 2
        elif poll_interval < 1:
            log.error(
                f"DynamicProfilerMonitor: poll_interval must be at least 1, got {poll_interval}; "
                "using 2."
            )
            poll_interval = 2
        if not isinstance(output_path, str):
            log.warning(
                "DynamicProfilerMonitor: output_path must be a str; using ./dyn_profile_data."
            )
            output_path = "./dyn_profile_data"
        self._cfg_path, self._output_path, self._poll_interval = (
            cfg_path,
            output_path,
            poll_interval,
        )
        self._kwargs = kwargs
        self._rank_id = DynamicProfilerUtils.get_real_rank()
        self._step_num = 0
        self._profiler = None
        self._config = None
        self._start_step = self._stop_step = -1
        self._last_read = None  # (time of the last look at the file, its mtime then)
        if self._is_dyno:
            log.error("DynamicProfilerMonitor: monitoring daemons are not supported by msfunc.")
            return
        self._cfg_json_path = os.path.join(os.path.abspath(str(cfg_path)), _CONFIG_FILE)
        if not os.path.isfile(self._cfg_json_path):
            os.makedirs(os.path.dirname(self._cfg_json_path), exist_ok=True)
            with open(self._cfg_json_path, "w", encoding="utf-8") as f:
                json.dump(DynamicProfilerConfigContext({}).to_dict(), f, indent=4)

    def _poll(self):
        """Reread the file when it changed (at most every poll_interval seconds)."""
        now = time.monotonic()
        if self._last_read and now - self._last_read[0] < self._poll_interval:
            return
        try:
            mtime = os.stat(self._cfg_json_path).st_mtime_ns
        except OSError:
            return
        changed = self._last_read is None or mtime != self._last_read[1]
        self._last_read = (now, mtime)
        if not changed:
            return
        try:
            with open(self._cfg_json_path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as exc:
            log.warning(f"DynamicProfilerMonitor: cannot read {self._cfg_json_path}: {exc}")
            return
        config = DynamicProfilerConfigContext(data)
        if config.start_step < 0 or config.stop_step < config.start_step:
            return  # (no request, or a finished one: the defaults are -1)
        if (config.start_step, config.stop_step) != (self._start_step, self._stop_step):
            self._config = config
            self._start_step, self._stop_step = config.start_step, config.stop_step

    def _start(self, config):
        args = config.args
        path = os.path.join(
            self._output_path, f"rank{self._rank_id}_start{self._start_step}_stop{self._stop_step}"
        )
        options = {
            key: args[key]
            for key in (
                "profiler_level",
                "activities",
                "aic_metrics",
                "profile_memory",
                "mstx",
                "parallel_strategy",
                "with_stack",
                "data_simplification",
                "l2_cache",
                "record_shapes",
            )
        }
        if args["mstx_domain_include"]:
            options["mstx_domain_include"] = args["mstx_domain_include"]
        if args["mstx_domain_exclude"]:
            options["mstx_domain_exclude"] = args["mstx_domain_exclude"]
        log.info(f"DynamicProfilerMonitor: profiling steps {self._start_step}-{self._stop_step}")
        self._profiler = Profiler(output_path=path, start_profile=True, **options)

    def step(self):
        """Count one finished training step and start or stop the profiler as the file asks."""
        if self._is_dyno:
            return
        self._step_num += 1
        self._poll()
        if self._profiler is not None and self._step_num > self._stop_step:
            self._profiler.stop()
            self._profiler = None
        if self._profiler is None and self._config is not None:
            if self._step_num == self._start_step:
                self._start(self._config)

    def on_train_step_end(self, run_context):
        """As a training callback: one step."""
        self.step()

    def step_end(self, run_context):
        """As a training callback (older name): one step."""
        self.step()
