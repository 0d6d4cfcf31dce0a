"""Record MindSpore 2.10's answers to tests/oracle/corpus_cases.py (the causes the corpus of
real programs showed) into tests/golden/corpus_causes.json. Run with real MindSpore:

    mkdir -p /tmp/msrun && cd /tmp/msrun
    GLOG_v=3 /tmp/msenv/bin/python /path/to/tests/oracle/gen_corpus_causes_golden.py
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
