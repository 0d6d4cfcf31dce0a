"""Golden values for msfunc's checkpoint obfuscation from real MindSpore 2.10: writes
tests/golden/obfuscation.json.

The scenarios (`obfuscation_cases.py`) obfuscate small checkpoints with
``obfuscate_ckpt`` under a fixed numpy seed and record the returned metadata, the files
written and their values, and the exception types of bad calls.
tests/train/test_obfuscation_golden.py runs the same functions under msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py obfuscation
"""

from case_tables import record_scenarios
from obfuscation_cases import SCENARIOS

if __name__ == "__main__":
    record_scenarios("obfuscation", SCENARIOS)
