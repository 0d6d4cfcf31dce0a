"""``mindspore.log``: MindSpore's Python logger and its ``GLOG_*`` settings, on `logging`.

Scripts log through it (``from mindspore import log as logger; logger.info(...)``). The
settings come from the environment, read when the logger is made (on its first use, and again
after a script sets ``GLOBAL_LOGGER = None``):

- ``GLOG_v``: 0 debug, 1 info, 2 warning (the default), 3 error, 4 critical;
- ``GLOG_logtostderr``: 1 (the default) logs to stderr; 0 logs to rotating files
  ``GLOG_log_dir/rank_<RANK_ID>/logs/mindspore.log.<pid>`` (``logger_maxBytes``, default
  50 MiB; ``logger_backupCount``, default 30), and to stderr from ``GLOG_stderrthreshold``
  (default 2) up.

A bad setting is a ValueError naming the variable, as in MindSpore (raised when the logger is
made; msfunc makes it on first use, so ``import`` itself does not fail).

Example:
    >>> from msfunc import log
    >>> log.get_level() in ("0", "1", "2", "3", "4")
    True
"""

import logging
import os
import sys
import threading
import time
from logging.handlers import RotatingFileHandler

from ._graph_forbidden import check_not_in_graph

__all__ = ["get_level", "get_log_config", "debug", "info", "warning", "error", "critical"]

MAX_BYTES = 50 * 1024 * 1024
BACKUP_COUNT = 30
GLOBAL_LOGGER = None  # the logging.Logger, made on first use from the environment

_LEVELS = {
    "0": logging.DEBUG,
    "1": logging.INFO,
    "2": logging.WARNING,
    "3": logging.ERROR,
    "4": logging.CRITICAL,
}
# the keys of `_get_env_config`'s dict, and the environment variables they come from
_ENV = {
    "level": "GLOG_v",
    "console": "GLOG_logtostderr",
    "filepath": "GLOG_log_dir",
    "maxBytes": "logger_maxBytes",
    "backupCount": "logger_backupCount",
    "stderr_level": "GLOG_stderrthreshold",
}
_LOCK = threading.Lock()
_CONFIG = {}  # the `_get_env_config` settings the current logger was made from


def _get_env_config():
    """The logging settings the environment gives, by their short names (only those set).

    Example:
        >>> import os
        >>> os.environ["GLOG_v"] = "1"
        >>> _get_env_config()["level"]
        '1'
        >>> del os.environ["GLOG_v"]
    """
    return {key: os.environ[env] for key, env in _ENV.items() if os.environ.get(env) is not None}


def _positive_int(config, key):
    text = config.get(key)
    if text is not None and not (str(text).isdigit() and int(text) > 0):
        raise ValueError(f"{_ENV[key]} must be a positive integer, got {text!r}")


def _verify_config(config):
    """Check a `_get_env_config` dict: ValueError naming the first bad variable.

    Example:
        >>> _verify_config({"level": "2", "console": "1"})
        >>> _verify_config({"console": "0"})
        Traceback (most recent call last):
        ...
        ValueError: GLOG_logtostderr=0 logs to files: GLOG_log_dir must name their folder
    """
    for key in ("level", "stderr_level"):
        if key in config and config[key] not in _LEVELS:
            raise ValueError(f"{_ENV[key]} must be one of 0, 1, 2, 3, 4, got {config[key]!r}")
    console = config.get("console", "1")
    if console not in ("0", "1"):
        raise ValueError(f"GLOG_logtostderr must be 0 or 1, got {console!r}")
    if console == "0":
        if not config.get("filepath"):
            raise ValueError(
                "GLOG_logtostderr=0 logs to files: GLOG_log_dir must name their folder"
            )
        _positive_int(config, "maxBytes")
        _positive_int(config, "backupCount")


class _Formatter(logging.Formatter):
    """MindSpore's record layout: level, process:thread, time to the microsecond, caller."""

    def __init__(self):
        super().__init__(
            "[%(levelname)s] ME(%(process)d:%(thread)d,%(processName)s):%(asctime)s "
            "[%(pathname)s:%(lineno)d] %(message)s"
        )

    def formatTime(self, record, datefmt=None):
        whole = time.strftime("%Y-%m-%d-%H:%M:%S", time.localtime(record.created))
        micros = int(record.created % 1 * 1_000_000)
        return f"{whole}.{micros // 1000:03d}.{micros % 1000:03d}"


class _Stderr(logging.StreamHandler):
    """A handler writing to the `sys.stderr` of the moment (a script or test may replace it)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value):
        pass


def _log_dir(config):
    rank = os.environ.get("RANK_ID", "0")
    return os.path.join(os.path.realpath(config["filepath"]), f"rank_{rank}", "logs")


def _make_logger():
    config = _get_env_config()
    _verify_config(config)
    logger = logging.getLogger(f"ME.mindspore.log.{os.getpid()}")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    logger.propagate = False
    logger.setLevel(_LEVELS[config.get("level", "2")])
    stderr = _Stderr()
    if config.get("console", "1") == "0":
        folder = _log_dir(config)
        os.makedirs(folder, exist_ok=True)
        files = RotatingFileHandler(
            os.path.join(folder, f"mindspore.log.{os.getpid()}"),
            maxBytes=int(config.get("maxBytes", MAX_BYTES)),
            backupCount=int(config.get("backupCount", BACKUP_COUNT)),
        )
        files.setFormatter(_Formatter())
        logger.addHandler(files)
        stderr.setLevel(_LEVELS[config.get("stderr_level", "2")])
    stderr.setFormatter(_Formatter())
    logger.addHandler(stderr)
    _CONFIG.clear()
    _CONFIG.update(config)  # what get_log_config reports for this logger
    return logger


def _get_logger():
    """The logger, made from the environment if there is none yet (or a script cleared it).

    Example:
        >>> _get_logger().name.startswith("ME.mindspore.log")
        True
    """
    global GLOBAL_LOGGER
    with _LOCK:
        if GLOBAL_LOGGER is None:
            GLOBAL_LOGGER = _make_logger()
        return GLOBAL_LOGGER


def get_level():
    """The log level as MindSpore reports it: a digit string, '2' (warning) by default.

    Example:
        >>> get_level() in ("0", "1", "2", "3", "4")
        True
    """
    check_not_in_graph("the function 'mindspore.log.get_level'")
    _get_logger()
    return _CONFIG.get("level", "2")


def get_log_config():
    """The logging settings in force, under their environment variables' names.

    Example:
        >>> sorted(get_log_config())[:2]
        ['GLOG_logtostderr', 'GLOG_v']
    """
    check_not_in_graph("the function 'mindspore.log.get_log_config'")
    _get_logger()
    config = _CONFIG
    out = {"GLOG_v": config.get("level", "2"), "GLOG_logtostderr": config.get("console", "1")}
    if out["GLOG_logtostderr"] == "0":
        out["GLOG_log_dir"] = _log_dir(config)
        out["logger_maxBytes"] = int(config.get("maxBytes", MAX_BYTES))
        out["logger_backupCount"] = int(config.get("backupCount", BACKUP_COUNT))
        out["GLOG_stderrthreshold"] = config.get("stderr_level", "2")
    return out


# stacklevel=2: the record names the caller's file and line, not this module.
def debug(msg, *args, **kwargs):
    """Log `msg % args` at debug level.

    Example:
        >>> debug("step %d", 1)
    """
    check_not_in_graph("the function 'mindspore.log.debug'")
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Log `msg % args` at info level.

    Example:
        >>> info("step %d", 1)
    """
    check_not_in_graph("the function 'mindspore.log.info'")
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Log `msg % args` at warning level.

    Example:
        >>> import contextlib, io
        >>> with contextlib.redirect_stderr(io.StringIO()):
        ...     warning("step %d", 1)
    """
    check_not_in_graph("the function 'mindspore.log.warning'")
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Log `msg % args` at error level.

    Example:
        >>> import contextlib, io
        >>> with contextlib.redirect_stderr(io.StringIO()):
        ...     error("step %d", 1)
    """
    check_not_in_graph("the function 'mindspore.log.error'")
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Log `msg % args` at critical level.

    Example:
        >>> import contextlib, io
        >>> with contextlib.redirect_stderr(io.StringIO()):
        ...     critical("step %d", 1)
    """
    check_not_in_graph("the function 'mindspore.log.critical'")
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)
