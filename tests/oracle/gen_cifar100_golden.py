"""What real MindSpore 2.10's Cifar100Dataset reads (pixel layout, labels, dtypes, the
files' order for usage 'all'). Writes tests/golden/cifar100_dataset.json from
cifar100_cases.py (the files it writes are full size, about 180 MB, in a temporary folder).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cifar100
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cifar100_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402

with tempfile.TemporaryDirectory() as folder:
    cases.write_files(folder)
    golden = {usage: cases.outcome(ds, folder, usage) for usage in ("train", "test", "all")}
out = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "cifar100_dataset.json"
)
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print({usage: [row[4:6] for row in v["rows"]] for usage, v in golden.items()})
