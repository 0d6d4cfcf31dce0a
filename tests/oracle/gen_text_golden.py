"""Golden values for msfunc.dataset.text from real MindSpore 2.10: writes tests/golden/text.json.

The scenarios are in text_cases.py; tests/dataset/test_dataset_text.py runs the same functions
with msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py text
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.text as text  # noqa: E402
import mindspore.dataset.transforms as T  # noqa: E402
import text_cases  # noqa: E402

golden = {}


def rec(key, value):
    assert key not in golden, key
    golden[key] = text_cases.encode(value)


for scenario in text_cases.SCENARIOS:
    scenario(ms, ds, text, T, rec)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "text.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump(golden, f, indent=0, sort_keys=True, ensure_ascii=False)
    f.write("\n")
print(len(golden), "values ->", out)
