"""MindRecord interop with real MindSpore 2.10: writes tests/data/mindrecord/ms_* and
tests/golden/mindrecord.json.

For each case of mindrecord_cases.py, MindSpore's FileWriter writes the ``ms_<case>``
files (gzipped into tests/data/mindrecord/) and the json records what MindSpore's
FileReader and MindDataset read back from them ("ms"). When the ``msfunc_<case>``
files are there (``PYTHONPATH=. python tests/dataset/test_mindrecord.py`` writes them), it
also records what MindSpore reads from msfunc's files ("msfunc"). "append" is what MindSpore
reads after appending rows (`append_more`) to its file and to msfunc's. "save" describes the
file MindSpore's Dataset.save writes for `save_program` (its header and a digest).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mindrecord
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindrecord_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from mindspore.dataset import MindDataset  # noqa: E402
from mindspore.mindrecord import FileReader, FileWriter  # noqa: E402

golden = {"ms": {}, "msfunc": {}, "append": {}, "save": None}
for name in cases.CASES:
    with tempfile.TemporaryDirectory() as folder:
        path = cases.write(FileWriter, folder, name, "ms")
        cases.store(folder, name, "ms")
        golden["ms"][name] = cases.read_all(FileReader, MindDataset, path)
    if os.path.exists(os.path.join(cases.DATA, cases.file_names(name, "msfunc")[0] + ".gz")):
        with tempfile.TemporaryDirectory() as folder:
            path = cases.restore(folder, name, "msfunc")
            golden["msfunc"][name] = cases.read_all(FileReader, MindDataset, path)
for prefix in ("ms", "msfunc"):  # MindSpore appends rows to its file and to msfunc's
    with tempfile.TemporaryDirectory() as folder:
        path = cases.restore(folder, "appended", prefix)
        cases.append_more(FileWriter, path)
        golden["append"][prefix] = cases.read_all(FileReader, MindDataset, path)
with tempfile.TemporaryDirectory() as folder:
    cases.save_program(ds, os.path.join(folder, "saved.mindrecord"))
    golden["save"] = cases.digest(os.path.join(folder, "saved.mindrecord"))
out = os.path.join(os.path.dirname(cases.DATA), "..", "golden", "mindrecord.json")
with open(out, "w") as f:
    json.dump(golden, f, indent=0, sort_keys=True)
    f.write("\n")
print("cases:", list(golden["ms"]), "msfunc files read by MindSpore:", list(golden["msfunc"]))
