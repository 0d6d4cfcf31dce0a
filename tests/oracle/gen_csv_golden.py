"""What real MindSpore 2.10's CSVDataset reads (quoting, typed columns, headers,
row orders, parse failures) and raises for bad arguments. Writes
tests/golden/csv_dataset.json from csv_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py csv
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import csv_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402

golden = {}
with tempfile.TemporaryDirectory() as folder:
    cases.write_files(folder)
    for name, case in cases.CASES.items():
        golden[name] = cases.outcome(ds, folder, case)
    golden["__errors__"] = {n: cases.error_of(ds, folder, kw) for n, kw in cases.BAD.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "csv_dataset.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(golden)
