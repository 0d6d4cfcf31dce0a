"""What real MindSpore 2.10 gives for the cases of dataset_kinds_cases.py (the pipeline node
classes and abstract dataset kinds of ``mindspore.dataset.engine.datasets``).
Writes tests/golden/dataset_kinds.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_kinds
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_kinds_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.engine.datasets as engine_datasets  # noqa: E402

with tempfile.TemporaryDirectory() as folder:
    golden = cases.kinds(ds, engine_datasets, folder)
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "golden", "dataset_kinds.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, indent=0)
    f.write("\n")
print(json.dumps(golden)[:3000])
