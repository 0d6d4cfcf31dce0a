"""What real MindSpore 2.10's image dataset readers (LSUN, Omniglot, SUN397, Caltech256,
Food101, LFW ...) read from tiny synthetic folders (columns, dtypes, row orders with and
without a seeded shuffle, shards, num_samples, usages, decoded pixels) and raise for bad
arguments. Writes tests/golden/image_sources.json from image_sources_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py image_sources
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import image_sources_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402

golden = {}
for reader, reader_cases in cases.CASES.items():
    with tempfile.TemporaryDirectory() as folder:
        cases.write_files(folder, reader)
        golden[reader] = {
            name: cases.outcome(ds, folder, reader, case) for name, case in reader_cases.items()
        }
        golden[reader]["__errors__"] = {
            name: cases.error_of(ds, folder, reader, kwargs)
            for name, kwargs in cases.BAD[reader].items()
        }
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "image_sources.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, indent=0, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
