"""Golden values from real MindSpore 2.10 (CPU) for Tensors an initializer makes: printed as
``<uninitialized>`` until ``init_data()`` or a read such as ``asnumpy()``, ``has_init`` and
``init`` meanwhile, shape and dtype readable throughout. The tensor tutorial prints two.

Writes tests/golden/pending_init.json; read by tests/common/test_pending_init.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py pending_init

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "pending_init.json"
)


def tensor_with_init(ms):
    """``Tensor(shape=, dtype=, init=)`` before and after ``init_data()``."""
    from mindspore.common.initializer import One

    t = ms.Tensor(shape=(2, 2), dtype=ms.float32, init=One())
    before = {
        "str": str(t),
        "has_init": t.has_init,
        "init": type(t.init).__name__,
        "shape": list(t.shape),
        "dtype": str(ms.float32 == t.dtype),
    }
    same = t.init_data() is t
    return {"before": before, "init_data_is_self": same, "after": str(t), "has_init": t.has_init}


def initializer_function(ms):
    """``initializer(name, shape)`` of one dimension, read by ``asnumpy``; a plain Tensor."""
    from mindspore.common.initializer import initializer

    t = initializer("ones", [3], ms.int32)
    before = str(t)
    values = t.asnumpy().tolist()
    plain = ms.Tensor(np.ones(2, np.float32))
    return {
        "before": before,
        "values": values,
        "after": str(t),
        "has_init": t.has_init,
        "plain_has_init": plain.has_init,
        "plain_init": plain.init,
    }


SCENARIOS = [tensor_with_init, initializer_function]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
