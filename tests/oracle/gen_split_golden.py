"""What real MindSpore 2.10 gives for the cases of split_cases.py (Dataset.split's parts,
its rounding of fractions, its random split of a source and what bad sizes raise). Writes
tests/golden/split.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py split
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset as ds  # noqa: E402
import split_cases as cases  # noqa: E402

golden = cases.outcome(ds)
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "golden", "split.json"), "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
