"""The `set_device` cases shared by the oracle (gen_set_device_golden.py) and the test
(tests/compat/test_set_device.py): each case is a list of calls made in one fresh process."""

CASES = {
    "cpu": [
        "ms.set_device('CPU')",
        "ms.get_context('device_target')",
        "ms.get_context('device_id')",
        "tuple(ms.get_current_device())",
    ],
    "cpu_with_id": [
        "ms.set_device(device_target='CPU', device_id=3)",
        "ms.get_context('device_id')",
        "ms.get_current_device().device_id",
        "ms.get_current_device().device_target",
    ],
    "large_id": ["ms.set_device('CPU', 5000)", "ms.get_context('device_id')"],
    "before_any_choice": ["tuple(ms.get_current_device())"],
    "twice": ["ms.set_device('CPU')", "ms.set_device('CPU')", "ms.set_device('CPU', 0)"],
    "changed_id": [
        "ms.set_device('CPU')",
        "ms.set_device('CPU', 1)",
        "ms.get_context('device_id')",
    ],
    "changed_back_to_default": [
        "ms.set_device('CPU', 2)",
        "ms.set_device('CPU')",
        "ms.get_context('device_id')",
    ],
    "target_not_str": ["ms.set_device(1)"],
    "target_lower_case": ["ms.set_device('cpu')"],
    "target_unknown": ["ms.set_device('TPU')"],
    "id_not_int": ["ms.set_device('CPU', '0')"],
    "id_negative": ["ms.set_device('CPU', -1)"],
    "refused_call_does_not_count": [
        "ms.set_device('cpu')",
        "ms.set_device('CPU', 1)",
        "ms.get_context('device_id')",
    ],
}


def run_case(ms, calls):
    """Each call's outcome: ``["ok", value]`` (a JSON value) or ``["raises", TypeName]``."""
    outcomes = []
    for call in calls:
        try:
            value = eval(call, {"ms": ms})  # noqa: S307  (the case texts above, nothing else)
        except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
            outcomes.append(["raises", type(exc).__name__])
        else:
            outcomes.append(["ok", list(value) if isinstance(value, tuple) else value])
    return outcomes
