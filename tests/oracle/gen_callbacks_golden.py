"""Golden values for msfunc's checkpoint callbacks and callback internals (ModelCheckpoint's
files, CheckpointConfig's policy and errors, the checkpoint-file rules, CallbackManager, the
save-op network fill) from real MindSpore 2.10.

Writes ``tests/golden/callbacks.json`` from the scenarios in ``callback_cases.py``.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py callbacks
"""

import json
import os
import sys
import tempfile
import types

import mindspore as ms
from mindspore.train import callback as cb
from mindspore.train.callback import _checkpoint

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callback_cases import CASES  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "callbacks.json")

PRIVATE = types.SimpleNamespace(
    _InternalCallbackParam=cb._InternalCallbackParam,
    _CallbackManager=cb._CallbackManager,
    _CheckpointManager=cb._CheckpointManager,
    _checkpoint_cb_for_save_op=cb._checkpoint_cb_for_save_op,
    _set_cur_net=cb._set_cur_net,
    _chg_ckpt_file_name_if_same_exist=_checkpoint._chg_ckpt_file_name_if_same_exist,
)


def main():
    ms.set_context(device_target="CPU", mode=ms.PYNATIVE_MODE)
    out = {}
    for name, case in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            try:
                out[name] = case(ms, PRIVATE, tmp)
            except Exception as exc:  # recorded, and skipped by the test
                out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
                print(name, out[name]["error"], file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
