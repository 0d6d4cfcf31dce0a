"""Record MindSpore 2.10's profiler output files (the cases of
tests/oracle/profiler_viewer_cases.py: framework TLV records, CANN exports and the assembled
timeline turned into kernel_details.csv, step_trace_time.csv, memory_record.csv,
communication.json ...) into tests/golden/profiler_viewers.json; read by
tests/profiler/test_analysis_viewers.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py profiler_viewers
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from profiler_viewer_cases import CASES, load  # noqa: E402

record("profiler_viewers", CASES, lambda: (load(),), one_process_each=True)
