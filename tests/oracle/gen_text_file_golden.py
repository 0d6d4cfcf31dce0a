"""What real MindSpore 2.10's TextFileDataset reads (row orders for shuffle modes,
workers, shards and epochs) and raises for bad arguments. Writes
tests/golden/text_file_dataset.json from text_file_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py text_file
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset as ds  # noqa: E402
import text_file_cases as cases  # noqa: E402

golden = {}
with tempfile.TemporaryDirectory() as folder:
    pattern = cases.write_files(folder)
    for name, case in cases.CASES.items():
        golden[name] = cases.outcome(ds, pattern, case)
    golden["__errors__"] = {n: cases.error_of(ds, pattern, kw) for n, kw in cases.BAD.items()}
out = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "text_file_dataset.json"
)
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(golden)
