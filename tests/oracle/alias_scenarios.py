"""What the plain-MindSpore scenario generators share: the recorded kind of an exception, and
the writer that runs every scenario under real MindSpore 2.10 and stores its JSON record.

A scenario is a function ``scenario(ms)`` returning a JSON-able record; the tests run the very
same function with ``ms`` the ``mindspore`` module of `msfunc.compat.alias_mindspore`
(tests/_alias_scenarios.py).
Only the type of an exception is kept, never its wording. No top-level import of MindSpore or
msfunc (the tests import these modules).
"""

import json


def exception_kind(exc):
    """The builtin exception class an exception is an instance of (msfunc may raise a subclass,
    such as an IndexError that is also a ValueError), checked in this order."""
    for cls in (TypeError, ValueError, RuntimeError, IndexError):
        if isinstance(exc, cls):
            return cls.__name__
    return type(exc).__name__


def write_golden(scenarios, path):
    """Run each scenario under MindSpore (PyNative, CPU) and write ``{name: record}`` to ``path``;
    a scenario MindSpore fails is recorded as ``{"error": type}`` (the test then fails on it)."""
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    for scenario in scenarios:
        try:
            golden[scenario.__name__] = scenario(ms)
        except Exception as exc:  # noqa: BLE001 - recorded, the test reports it
            golden[scenario.__name__] = {"error": type(exc).__name__}
    with open(path, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(json.dumps(golden, indent=1, sort_keys=True))
