"""What real MindSpore 2.10 gives for the cases of dataset_tutorials_cases.py (the dataset
tutorials' RandomSelectSubpolicy, num_parallel_workers' bounds, Cifar10ToMR, loud biquads). Writes
tests/golden/dataset_tutorials.json. MindSpore's Cifar10ToMR imports OpenCV: its interpreter
needs ``cv2`` (opencv-python-headless) on its path.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_tutorials
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataset_tutorials_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.audio as audio  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402
import mindspore.mindrecord as mindrecord  # noqa: E402

with tempfile.TemporaryDirectory() as folder:
    golden = cases.outcome(ds, vision, folder, mindrecord, audio)
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "golden", "dataset_tutorials.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
