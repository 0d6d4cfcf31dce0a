"""The profiler's exception classes: each carries MindSpore's numeric error code for its kind."""

from typing import Any

__all__ = [
    "ProfilerDirNotFoundException",
    "ProfilerException",
    "ProfilerFileNotFoundException",
    "ProfilerParamTypeErrorException",
    "ProfilerParamValueErrorException",
    "ProfilerPathErrorException",
    "ProfilerRawFileException",
]

# the fixed high bits of every profiler error code (runtime, type, level, system and module
# fields); the kind's own number fills the low 12 bits
_CODE_BASE = 0x50546000


class ProfilerException(Exception):
    """A profiler failure of one kind (`error`, a number) with a message.

    Example:
        >>> from msfunc.profiler.exceptions import ProfilerException
        >>> err = ProfilerException(129, "bad   path")
        >>> err.error_code, err.message
        ('50546081', 'bad path')
    """

    def __init__(self, error: Any, message, http_code=500):
        if isinstance(message, str):
            message = " ".join(message.split())  # one line, single spaces
        super().__init__(message)
        self.error = error
        self.message = message
        self.http_code = http_code

    @property
    def error_code(self):
        """The kind's code as eight upper-case hex digits."""
        value = getattr(self.error, "value", self.error)
        return f"{_CODE_BASE | (int(value) & 0xFFF):08X}"

    def __str__(self):
        return f"[{type(self).__name__}] code: {self.error_code}, msg: {self.message}"


def _kind(name, number, template):
    """A ProfilerException subclass for one kind: `template` frames the caller's text."""

    def __init__(self, msg):
        ProfilerException.__init__(self, number, template.format(msg), http_code=400)

    doc = f"""A profiler error of kind {number}, raised with one message argument.

    Example:
        >>> from msfunc.profiler.exceptions import {name}
        >>> {name}("x").http_code
        400
    """
    namespace = {"__init__": __init__, "__module__": __name__, "__doc__": doc}
    return type(name, (ProfilerException,), namespace)


ProfilerParamValueErrorException = _kind(
    "ProfilerParamValueErrorException", 128, "Bad parameter value: {}"
)
ProfilerPathErrorException = _kind("ProfilerPathErrorException", 129, "Bad path: {}")
ProfilerParamTypeErrorException = _kind(
    "ProfilerParamTypeErrorException", 130, "Bad parameter type: {}"
)
ProfilerDirNotFoundException = _kind("ProfilerDirNotFoundException", 131, "No such folder: {}")
ProfilerFileNotFoundException = _kind("ProfilerFileNotFoundException", 132, "No such file: {}")
ProfilerRawFileException = _kind("ProfilerRawFileException", 257, "Bad raw profile file: {}")
