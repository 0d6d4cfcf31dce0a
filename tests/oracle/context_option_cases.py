"""Values ``set_context`` refuses and keeps: each case ``case(ms, checkparam)`` (ms: the
``mindspore`` module or msfunc, checkparam: ``mindspore._checkparam`` or msfunc's) returns
JSON data (``"ok"`` or the exception class per value, what get_context then reports).
gen_context_options_golden.py records MindSpore 2.10's answers in
tests/golden/context_options.json; tests/common/test_context_options.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""

import os
import tempfile


def _outcome(run):
    try:
        run()
        return "ok"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def memory_sizes(ms, checkparam):
    """The memory-size options take a str (or None), whatever it says."""
    values = [True, 1, 1.5, "1G", "3.5GB", "GB", None, ["1GB"]]
    return {
        f"{key}={value!r}": _outcome(lambda k=key, v=value: ms.set_context(**{k: v}))
        for key in ("variable_memory_max_size", "max_device_memory", "mempool_block_size")
        for value in values
    }


def deterministic(ms, checkparam):
    """'ON' or 'OFF' only; get_context reports the last one set."""
    out = {
        repr(v): _outcome(lambda v=v: ms.set_context(deterministic=v))
        for v in ("ON", "OFF", "on", "NOTRIGHT", True, 1, None)
    }
    ms.set_context(deterministic="ON")
    out["after ON"] = ms.get_context("deterministic")
    ms.set_context(deterministic="OFF")
    out["after OFF"] = ms.get_context("deterministic")
    return out


JIT_CONFIGS = [
    {"jit_level": "O0"},
    {"jit_level": "O2"},
    {"jit_level": ""},
    {"jit_level": "o1"},
    {"jit_level": 1},
    {},
    {"infer_boost": "on"},
    {"infer_boost": "x"},
    {"jit_level": "O1", "infer_boost": "off"},
    {"jit_syntax_level": "STRICT"},
    {"foo": 1},
    "O0",
    None,
]


def jit_config(ms, checkparam):
    """The global jit_config: a dict of jit_level and infer_boost; get_jit_config gives it back."""
    out = {}
    for config in JIT_CONFIGS:
        outcome = _outcome(lambda c=config: ms.set_context(jit_config=c))
        out[repr(config)] = [outcome, ms.context.get_jit_config()]
    ms.set_context(jit_config={})
    return out


def save_graphs_path(ms, checkparam):
    """A save_graphs_path is made at once and reported as a full path; it must be a str."""
    with tempfile.TemporaryDirectory() as root:
        here = os.getcwd()
        os.chdir(root)
        try:
            ms.set_context(save_graphs_path="ir/sub")
            made = os.path.isdir(os.path.join(root, "ir", "sub"))
            reported = ms.get_context("save_graphs_path") == os.path.realpath("ir/sub")
            wrong = _outcome(lambda: ms.set_context(save_graphs_path=1))
            ms.set_context(save_graphs_path=root)
        finally:
            os.chdir(here)
    return {"made": made, "reported": reported, "int": wrong}


def args_type_check(ms, checkparam):
    """The type-checking decorator of mindspore._checkparam on a function's arguments."""

    @checkparam.args_type_check(v_str=str, v_int=int, v_tuple=tuple)
    def fn(v_str, v_int=3, v_tuple=None):
        return [v_str, v_int, v_tuple and list(v_tuple)]

    calls = {
        "all": (("a", 1, (1,)), {}),
        "bool_for_int": (("a",), {"v_int": True}),
        "none": (("a",), {"v_tuple": None}),
        "int_for_str": ((1,), {}),
        "float_for_int": (("a", 1.0), {}),
        "list_for_tuple": ((), {"v_str": "a", "v_tuple": [1]}),
        "too_many": (("a", 2, (3,), 4), {}),
        "unknown_keyword": (("a",), {"zz": 1}),
    }
    out = {}
    for name, (args, kwargs) in calls.items():
        try:
            out[name] = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 (the class is the answer)
            out[name] = type(exc).__name__
    out["unwrapped"] = fn.__wrapped__(1, "x")
    return out


CASES = {
    "memory_sizes": memory_sizes,
    "deterministic": deterministic,
    "jit_config": jit_config,
    "save_graphs_path": save_graphs_path,
    "args_type_check": args_type_check,
}
