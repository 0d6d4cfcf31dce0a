"""What real MindSpore 2.10 gives for the cases of serdes_cases.py (serialize's descriptions
of two pipelines, their rows, which pipelines deserialize refuses). Writes
tests/golden/serdes.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py serdes
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.transforms as transforms  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402
import serdes_cases as cases  # noqa: E402

ds.config.set_num_parallel_workers(1)
with tempfile.TemporaryDirectory() as folder:
    golden = cases.outcome(ds, vision, transforms, os.path.realpath(folder))
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "golden", "serdes.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
