"""What real MindSpore 2.10 gives for the cases of text_regex_cases.py (RegexReplace and
RegexTokenizer with Unicode property classes). Writes tests/golden/text_regex.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py text_regex
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset.text as text  # noqa: E402
import text_regex_cases as cases  # noqa: E402

golden = cases.outcome(text)
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "golden", "text_regex.json"), "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    f.write("\n")
print(json.dumps(golden, ensure_ascii=False)[:3000])
