"""Record MindSpore 2.10's answers to tests/oracle/corpus_cases.py (the causes the corpus of
real programs showed) into tests/golden/corpus_causes.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py corpus_causes
"""

import json
import pathlib
import sys

import mindspore as ms

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from corpus_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "corpus_causes.json"

golden = {name: case(ms) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
