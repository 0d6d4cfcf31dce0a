"""What real MindSpore 2.10 gives for the cases of map_workers_cases.py (the Python and numpy
draws of map workers with python_multiprocessing under a set seed). Writes
tests/golden/map_workers.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py map_workers
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import map_workers_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402

ds.config.set_enable_shared_mem(False)
golden = {str(seed): cases.draws(ds, seed) for seed in (7, 1605)}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "golden", "map_workers.json"), "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden)[:3000])
