"""Golden values for msfunc's split MINDIR export from real MindSpore 2.10: writes
tests/golden/split_mindir.json.

The scenarios (`split_mindir_cases.py`) export a small network with its weights written
apart (TOTAL_SAVE at 0) and record the weight files' bytes and modes and the loaded graph's
output. tests/train/test_split_mindir_golden.py runs the same functions under msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py split_mindir
"""

from case_tables import record_scenarios
from split_mindir_cases import SCENARIOS

if __name__ == "__main__":
    record_scenarios("split_mindir", SCENARIOS)
