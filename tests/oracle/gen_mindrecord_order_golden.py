"""What real MindSpore 2.10's MindDataset reads: row orders (shuffle modes, shards,
samplers, padded rows), what Dataset.save writes for columns of other types ("__save__"),
an empty array field ("__empty__"), the errors of files it cannot read ("__bad_files__"),
FileReader after close ("__reader_close__") and MindPage ("__mind_page__"). Writes
tests/golden/mindrecord_orders.json from mindrecord_order_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mindrecord_order
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindrecord_order_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from mindspore.mindrecord import FileReader, FileWriter, MindPage  # noqa: E402

golden = {}
with tempfile.TemporaryDirectory() as folder:
    paths = cases.write_files(FileWriter, folder)
    for name, case in cases.CASES.items():
        golden[name] = cases.outcome(ds, paths, case)
with tempfile.TemporaryDirectory() as folder:
    golden["__save__"] = cases.save_types(ds, FileReader, folder)
    golden["__empty__"] = cases.empty_field(ds, FileWriter, folder)
    golden["__bad_files__"] = cases.bad_files(ds, FileWriter, folder)
    golden["__reader_close__"] = cases.reader_after_close(FileReader, FileWriter, folder)
    golden["__mind_page__"] = cases.mind_page(MindPage, FileWriter, folder, FileReader)
out = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "mindrecord_orders.json"
)
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(len(golden), "cases;", sum("error" in v for v in golden.values()), "raise")
print(golden["__save__"], golden["__empty__"], golden["__bad_files__"])
