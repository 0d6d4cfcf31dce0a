"""Record how MindSpore 2.10's grad refuses Gcd and Lcm (cases of
tests/oracle/gcd_lcm_grad_cases.py) into tests/golden/gcd_lcm_grad.json; read by
tests/ops/test_gcd_lcm_grad.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py gcd_lcm_grad
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from gcd_lcm_grad_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("gcd_lcm_grad", CASES, _args)
