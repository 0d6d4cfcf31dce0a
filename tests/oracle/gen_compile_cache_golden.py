"""Golden values for ``Cell.compile_cache`` / ``cells_compile_cache`` from real MindSpore 2.10:
writes tests/golden/compile_cache.json (scenarios in compile_cache_cases.py, run by
tests/nn/test_compile_cache.py with msfunc).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py compile_cache
"""

import json
import os
import sys

from compile_cache_cases import counts


def main():
    import mindspore as ms
    from mindspore.common.api import cells_compile_cache

    golden = {}
    counts(ms, cells_compile_cache, golden.__setitem__)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "golden", "compile_cache.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(golden, file=sys.stderr)


if __name__ == "__main__":
    main()
