"""Golden values from real MindSpore 2.10 for msfunc's core conventions (tests/golden/core.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py core

Every scenario (core_scenarios_grad.py, core_scenarios_nn.py) is a function
``scenario(ms, nn, ops, mnp, rec)`` whose body is an
ordinary MindSpore program; ``tests/compat/test_golden_core.py`` runs the very same functions with
``ms = msfunc`` and compares.  ``rec(name, thunk)`` evaluates one case and records its
result (values *and* Python structure) or the exception it raised.  This module must not
import MindSpore (or msfunc) at top level: the msfunc test imports it.
"""

import json
import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "core.json")

# the scenario modules live beside this script (run as a script, or loaded by file path)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from core_codec import make_recorder  # noqa: E402
from core_scenarios_grad import (  # noqa: E402
    s01_nested_grad_tanh,
    s02_grad_options,
    s03_grad_operation,
    s04_forward_and_jacobians,
    s05_parameter_names,
    s06_custom_bprop,
)
from core_scenarios_nn import (  # noqa: E402
    s07_tutorial_nets,
    s08_training,
    s09_losses,
    s10_layers,
    s11_tensor_dtypes,
    s12_jit_and_vmap,
)

# Cases where MindSpore 2.10's answer is a bug msfunc should not copy (the test skips them).
# An entry with "compare_with" names the case whose (correct) answer msfunc must give instead.
KNOWN_MINDSPORE_BUGS = {
    "s12_jit_and_vmap/jit_construct_after_set_data": {
        "reason": "@ms.jit on construct keeps the Parameter value of its first call "
        "(set_data and ops.assign are ignored afterwards)",
        "compare_with": "plain_construct_after_set_data",
    },
    "s02_grad_options/ids_pos1_int_weights": {
        "reason": "return_ids with one grad position pairs the id with grad[0] (a scalar)"
    },
    "s02_grad_options/ids_pos1_weights": {
        "reason": "return_ids with grad_position=(1,) pairs the id with grad[0] (a scalar)"
    },
    "s02_grad_options/ids_pos1_tuple": {
        "reason": "return_ids with grad_position=(1,) pairs the id with grad[0] (a scalar)"
    },
}


SCENARIOS = [
    s01_nested_grad_tanh,
    s02_grad_options,
    s03_grad_operation,
    s04_forward_and_jacobians,
    s05_parameter_names,
    s06_custom_bprop,
    s07_tutorial_nets,
    s08_training,
    s09_losses,
    s10_layers,
    s11_tensor_dtypes,
    s12_jit_and_vmap,
]


def run_scenario(scenario, ms, nn, ops, mnp):
    """Run one scenario, returning {case name: encoded result}."""
    sink = {}
    rec = make_recorder(ms, sink)
    try:
        scenario(ms, nn, ops, mnp, rec)
    except Exception as exc:  # noqa: BLE001
        sink["__scenario__"] = {
            "t": "error",
            "error_type": type(exc).__name__,
            "error": str(exc).strip()[:300],
        }
    return sink


def run_nn_scenario(scenario, ms, nn, ops):
    """`run_scenario` for a scenario taking ``(ms, nn, ops, rec)`` (no mindspore.numpy)."""
    return run_scenario(lambda ms, nn, ops, mnp, rec: scenario(ms, nn, ops, rec), ms, nn, ops, None)


def write_scenario_golden(scenarios, path, generator):
    """Run `scenarios` (``(ms, nn, ops, rec)`` functions) under real MindSpore in PYNATIVE mode
    and write their encoded results to the golden file `path`, atomically."""
    import mindspore as ms
    from mindspore import nn, ops

    ms.set_context(mode=ms.PYNATIVE_MODE)
    golden = {"__meta__": {"mindspore": ms.__version__, "generator": generator}}
    for scenario in scenarios:
        golden[scenario.__name__] = run_nn_scenario(scenario, ms, nn, ops)
        errs = [k for k, v in golden[scenario.__name__].items() if v.get("t") == "error"]
        print(
            f"{scenario.__name__}: {len(golden[scenario.__name__])} cases, errors: {errs}",
            file=sys.stderr,
        )
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(golden, fh, separators=(",", ":"))
        fh.write("\n")
    os.replace(tmp, path)
    print(f"wrote {os.path.normpath(path)} ({os.path.getsize(path)} bytes)", file=sys.stderr)


def main():
    import mindspore as ms
    import mindspore.numpy as mnp
    from mindspore import nn, ops

    ms.set_context(mode=ms.PYNATIVE_MODE)
    golden = {
        "__meta__": {
            "mindspore": ms.__version__,
            "numpy": np.__version__,
            "generator": "tests/oracle/gen_core_golden.py",
            "known_mindspore_bugs": KNOWN_MINDSPORE_BUGS,
        }
    }
    for scenario in SCENARIOS:
        golden[scenario.__name__] = run_scenario(scenario, ms, nn, ops, mnp)
        errs = [k for k, v in golden[scenario.__name__].items() if v.get("t") == "error"]
        print(
            f"{scenario.__name__}: {len(golden[scenario.__name__])} cases, errors: {errs}",
            file=sys.stderr,
        )
    os.makedirs(os.path.dirname(GOLDEN_PATH), exist_ok=True)
    with open(GOLDEN_PATH, "w") as fh:
        json.dump(golden, fh, separators=(",", ":"))
        fh.write("\n")
    print(
        f"wrote {os.path.normpath(GOLDEN_PATH)} ({os.path.getsize(GOLDEN_PATH)} bytes)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
