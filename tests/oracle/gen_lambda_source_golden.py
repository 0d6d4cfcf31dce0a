"""Record which lambdas MindSpore 2.10 compiles (cases of
tests/oracle/lambda_source_cases.py) into tests/golden/lambda_source.json; read by
tests/transforms/test_lambda_source.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py lambda_source
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from lambda_source_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("lambda_source", CASES, _args)
