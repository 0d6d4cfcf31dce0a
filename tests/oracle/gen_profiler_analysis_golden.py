"""Record MindSpore 2.10's profiler analysis answers (the cases of
tests/oracle/profiler_analysis_cases.py: path checks, file round trips, trace events, lanes and
assembled timelines on tiny synthesised inputs) into tests/golden/profiler_analysis.json; read
by tests/profiler/test_analysis_timeline.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py profiler_analysis
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from profiler_analysis_cases import CASES, load  # noqa: E402

record("profiler_analysis", CASES, lambda: (load(),), one_process_each=True)
