"""Golden values for Model.train's dataset sink mode on MindSpore 2.10's CPU build (which has
no sink: every step runs and is reported; callbacks see the sink size as batch_num).

Writes ``tests/golden/model_sink.json`` from ``model_sink_cases.py``. Regenerate with real
MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py model_sink
"""

import json
import os
import sys

import mindspore as ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model_sink_cases import cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "model_sink.json")


def main():
    ms.set_context(device_target="CPU")
    rows = [f" {json.dumps(name)}: {json.dumps(events)}" for name, events in cases(ms).items()]
    with open(OUT, "w") as f:
        f.write("{\n" + ",\n".join(rows) + "\n}\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
