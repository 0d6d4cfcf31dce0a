"""The profiler's own rotating log file (``<output>/logs/profiler_<time>_<pid>.log``)."""

import datetime
import logging
import os
from logging.handlers import RotatingFileHandler

from .path_manager import PathManager

__all__ = ["ProfilerLogger"]


class ProfilerLogger:
    """One process-wide `logging.Logger` writing the analysis log under an output folder.

    `init` makes it once (later calls keep the first); `get_instance` before `init` is a
    RuntimeError; `destroy` closes it.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.profiler_logger import ProfilerLogger
        >>> ProfilerLogger.destroy()
        >>> ProfilerLogger.init(tempfile.mkdtemp())
        >>> ProfilerLogger.get_instance().name
        'MindSporeProfiler'
        >>> ProfilerLogger.destroy()
    """

    LOG_FORMAT = "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d] %(message)s"
    DATE_FORMAT = "%Y-%m-%d-%H:%M:%S"
    DEFAULT_LOGGER_NAME = "MindSporeProfiler"
    DEFAULT_LOG_LEVEL = logging.INFO
    DEFAULT_LOG_DIR = "logs"
    MAX_BYTES = 10 * 1024 * 1024
    BACKUP_COUNT = 3
    _instance = None

    @classmethod
    def get_instance(cls):
        """The logger `init` made."""
        if cls._instance is None:
            raise RuntimeError("The profiler logger is not initialised: call init first.")
        return cls._instance

    @classmethod
    def init(cls, output_dir, custom_name=None):
        """Makes the logger writing into ``output_dir/logs`` (once per process)."""
        if cls._instance is not None:
            return
        log_dir = os.path.join(output_dir, cls.DEFAULT_LOG_DIR)
        PathManager.make_dir_safety(log_dir)
        PathManager.check_directory_path_writeable(log_dir)
        stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
        suffix = f"_{custom_name}" if custom_name else ""
        log_file = os.path.join(log_dir, f"profiler_{stamp}_{os.getpid()}{suffix}.log")
        handler = RotatingFileHandler(
            log_file, maxBytes=cls.MAX_BYTES, backupCount=cls.BACKUP_COUNT, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter(cls.LOG_FORMAT, cls.DATE_FORMAT))
        handler.setLevel(cls.DEFAULT_LOG_LEVEL)
        logger = logging.getLogger(cls.DEFAULT_LOGGER_NAME)
        logger.setLevel(cls.DEFAULT_LOG_LEVEL)
        logger.propagate = False  # the file only, not MindSpore's console log
        logger.addHandler(handler)
        cls._instance = logger
        logger.info("Profiler log file: %s", log_file)

    @classmethod
    def set_level(cls, level):
        """Sets the level of the logger and its handlers."""
        logger = cls.get_instance()
        logger.setLevel(level)
        for handler in logger.handlers:
            handler.setLevel(level)

    @classmethod
    def destroy(cls):
        """Closes the log file and forgets the logger."""
        if cls._instance is None:
            return
        for handler in list(cls._instance.handlers):
            handler.close()
            cls._instance.removeHandler(handler)
        cls._instance = None
