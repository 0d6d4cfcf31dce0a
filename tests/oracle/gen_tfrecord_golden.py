"""TFRecordDataset with real MindSpore 2.10: writes tests/golden/tfrecord.json, what
MindSpore reads from the files of tfrecord_cases.py (columns, dtypes, shapes, row orders
under every shuffle and shard mode, and the exception types of bad arguments).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tfrecord
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.common.dtype as mstype  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import tfrecord_cases as cases  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "tfrecord.json")

with tempfile.TemporaryDirectory() as folder:
    cases.write(folder)
    result = cases.run(ds, mstype, folder)
with open(GOLDEN, "w") as f:
    json.dump(result, f, indent=1, sort_keys=True)
    f.write("\n")
