"""How MindSpore 2.10's ``mindspore.runtime.set_memory`` checks its settings: sizes written
"<number>GB" (above zero, the huge-page reserve may be zero), an optimize level "O0" or "O1",
and one successful call per process (a refused call leaves it unset).

Each case is a function ``case(runtime)`` of the framework's runtime module returning JSON
data (one case: the calls build on each other); gen_runtime_memory_golden.py records
MindSpore's answers in tests/golden/runtime_memory.json and
tests/compat/test_compat_runtime_memory.py runs it with msfunc's module. This module must not
import MindSpore or msfunc at top level.
"""


def _outcome(call):
    try:
        call()
        return "set"
    except Exception as exc:  # the exception's type is the answer
        return type(exc).__name__


def set_memory_sequence(runtime):
    calls = [
        ("zero_init", lambda: runtime.set_memory("0GB")),
        ("no_unit", lambda: runtime.set_memory("4")),
        ("megabytes", lambda: runtime.set_memory("512MB")),
        ("number", lambda: runtime.set_memory(2)),
        ("bad_reserve", lambda: runtime.set_memory(huge_page_reserve_size="x")),
        ("bad_level", lambda: runtime.set_memory(optimize_level="O2")),
        ("valid", lambda: runtime.set_memory("3.5GB", "1GB", "8GB", "O1", "0GB")),
        ("again", lambda: runtime.set_memory()),
    ]
    return [[name, _outcome(call)] for name, call in calls]


def launch_blocking_twice(runtime):
    """pynative tutorial: ``launch_blocking()`` returns None, and may be called again."""
    return [repr(runtime.launch_blocking()), repr(runtime.launch_blocking())]


CASES = {"set_memory_sequence": set_memory_sequence, "launch_blocking_twice": launch_blocking_twice}
