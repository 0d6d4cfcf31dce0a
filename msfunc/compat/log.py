"""``mindspore.log``: MindSpore's Python logger, on the standard `logging` module.

Scripts log through it (``from mindspore import log as logger; logger.info(...)``).
The level comes from the ``GLOG_v`` environment variable as in MindSpore: 0 debug,
1 info, 2 warning (the default), 3 error, 4 critical; messages go to stderr.

Example:
    >>> from msfunc.compat import log
    >>> log.get_level() in ("0", "1", "2", "3", "4")
    True
"""

import logging
import os
import sys

__all__ = ["get_level", "get_log_config", "debug", "info", "warning", "error", "critical"]

_LEVELS = {
    "0": logging.DEBUG,
    "1": logging.INFO,
    "2": logging.WARNING,
    "3": logging.ERROR,
    "4": logging.CRITICAL,
}
_DEFAULT_LEVEL = "2"


def _glog_level():
    level = os.environ.get("GLOG_v", _DEFAULT_LEVEL)
    return level if level in _LEVELS else _DEFAULT_LEVEL


def _make_logger():
    logger = logging.getLogger("mindspore")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(
            logging.Formatter(
                "[%(levelname)s] ME(%(process)d,%(processName)s):%(asctime)s "
                "[%(filename)s:%(lineno)d] %(message)s"
            )
        )
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(_LEVELS[_glog_level()])
    return logger


_LOGGER = _make_logger()


def get_level():
    """The log level as MindSpore reports it: a digit string, '2' (warning) by default."""
    return _glog_level()


def get_log_config():
    """The logging settings: ``{'GLOG_v': level, 'GLOG_logtostderr': '1'}``."""
    return {"GLOG_v": _glog_level(), "GLOG_logtostderr": "1"}


# stacklevel=2: the record names the caller's file and line, not this module.
def debug(msg, *args, **kwargs):
    """Log `msg % args` at debug level."""
    _LOGGER.debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Log `msg % args` at info level."""
    _LOGGER.info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Log `msg % args` at warning level."""
    _LOGGER.warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Log `msg % args` at error level."""
    _LOGGER.error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Log `msg % args` at critical level."""
    _LOGGER.critical(msg, *args, stacklevel=2, **kwargs)
