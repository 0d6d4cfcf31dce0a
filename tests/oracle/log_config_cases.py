"""``mindspore.log``'s settings from the environment: each case sets ``GLOG_*`` variables,
clears the module's logger (``GLOBAL_LOGGER = None``, as scripts do) and returns what the
module reports, the log files it wrote, or the exception type a bad setting raises.
gen_log_config_golden.py records MindSpore 2.10's answers in tests/golden/log_config.json and
tests/compat/test_log_config.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

import contextlib
import io
import os
import re
import tempfile

_VARIABLES = (
    "GLOG_v GLOG_logtostderr GLOG_log_dir GLOG_stderrthreshold logger_maxBytes "
    "logger_backupCount RANK_ID"
).split()
# a record in a log file: level, process:thread, time to the microsecond, [file:line], text
RECORD = re.compile(
    r"\[WARNING\] ME\(\d+:\d+,MainProcess\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} "
    r"\[.+:\d+\] record \d+"
)


@contextlib.contextmanager
def _environment(log, settings):
    saved = {k: os.environ.pop(k, None) for k in _VARIABLES}
    os.environ.update(settings)
    log.GLOBAL_LOGGER = None
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            yield
    finally:
        for k in _VARIABLES:
            os.environ.pop(k, None)
            if saved[k] is not None:
                os.environ[k] = saved[k]
        log.GLOBAL_LOGGER = None


def _report(log, settings):
    with _environment(log, settings):
        try:
            return {"config": log.get_log_config(), "level": log.get_level()}
        except (ValueError, TypeError) as exc:
            return {"raises": type(exc).__name__}


def defaults(log):
    """No variable set, a level, a stderr threshold without files."""
    return {
        "none": _report(log, {}),
        "info": _report(log, {"GLOG_v": "1"}),
        "threshold": _report(log, {"GLOG_v": "3", "GLOG_stderrthreshold": "0"}),
    }


def bad_settings(log):
    """Each bad value: the exception type."""
    cases = {
        "level_text": {"GLOG_v": "test"},
        "level_range": {"GLOG_v": "9"},
        "console_text": {"GLOG_logtostderr": "x"},
        "files_without_folder": {"GLOG_logtostderr": "0"},
        "max_bytes_negative": {
            "GLOG_logtostderr": "0",
            "GLOG_log_dir": tempfile.gettempdir(),
            "logger_maxBytes": "-1",
        },
        "backup_text": {
            "GLOG_logtostderr": "0",
            "GLOG_log_dir": tempfile.gettempdir(),
            "logger_backupCount": "x",
        },
    }
    return {name: _report(log, settings) for name, settings in cases.items()}


def _files(log, rank):
    """Logging to rotating files: the reported settings (folder relative to the one given),
    how many files 40 records make, and whether each record has MindSpore's layout."""
    with tempfile.TemporaryDirectory() as folder:
        settings = {
            "GLOG_v": "2",
            "GLOG_logtostderr": "0",
            "GLOG_log_dir": folder,
            "logger_maxBytes": "400",
            "logger_backupCount": "2",
        }
        if rank:
            settings["RANK_ID"] = rank
        with _environment(log, settings):
            config = dict(log.get_log_config())
            for i in range(40):
                log.warning("record %d", i)
            for handler in log.GLOBAL_LOGGER.handlers:
                handler.flush()
            config["GLOG_log_dir"] = os.path.relpath(
                config["GLOG_log_dir"], os.path.realpath(folder)
            )
            logs = os.path.join(os.path.realpath(folder), config["GLOG_log_dir"])
            names = [n for n in os.listdir(logs) if n.startswith("mindspore.log")]
            lines = []
            for name in names:
                with open(os.path.join(logs, name)) as f:
                    lines += f.read().splitlines()
            out = {
                "config": config,
                "files": len(names),
                "layout": all(RECORD.fullmatch(line) for line in lines) and bool(lines),
            }
    return out


def files_rank_0(log):
    """Files under rank_0 (no RANK_ID)."""
    return _files(log, None)


def files_rank_3(log):
    """Files under rank_3 (RANK_ID=3)."""
    return _files(log, "3")


# (MindSpore's logger keeps its first file settings when it is made again in one process:
# the generator runs each case in a fresh one)
CASES = {
    "defaults": defaults,
    "bad_settings": bad_settings,
    "files_rank_0": files_rank_0,
    "files_rank_3": files_rank_3,
}
