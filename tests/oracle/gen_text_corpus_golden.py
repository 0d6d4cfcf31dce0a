"""What real MindSpore 2.10's text-corpus readers (IMDB, Penn Treebank, WikiText, EnWik9 and
the CSV corpora) read from tiny synthetic folders, and the exception types of bad arguments.
Writes tests/golden/text_corpus.json from text_corpus_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py text_corpus
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset as ds  # noqa: E402
import text_corpus_cases as cases  # noqa: E402

golden = {}
with tempfile.TemporaryDirectory() as root:
    cases.write_folders(root)
    for name, case in cases.CASES.items():
        golden[name] = cases.outcome(ds, root, case)
    golden["__errors__"] = {n: cases.error_of(ds, root, bad) for n, bad in cases.BAD.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "text_corpus.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(len(golden), "cases")
