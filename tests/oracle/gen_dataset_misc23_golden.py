"""What real MindSpore 2.10 gives for the cases of dataset_misc23_cases.py (GeneratorDataset's
worker seeds, debug mode, MnistDataset, eager Compose, Decode's errors, dict columns).
Writes tests/golden/dataset_misc23.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_misc23
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_misc23_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.transforms as transforms  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402

with tempfile.TemporaryDirectory() as folder:
    golden = cases.outcome(ds, vision, transforms, folder)
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "golden", "dataset_misc23.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
