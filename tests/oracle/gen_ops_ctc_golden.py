"""Write tests/golden/ops_ctc.json: real MindSpore 2.10's CTCGreedyDecoder (CPU) on a fixed
(5, 3, 4) input with lengths (5, 2, 0), both ``merge_repeated`` settings (``ctc_merge*``, bit
for bit), and which ``inputs``/``sequence_length`` dtypes it takes (``ctc_dtypes``: None, or
the exception class); read by tests/ops/test_ops_ctc.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_ctc
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import Tensor
from mindspore.common.api import _pynative_executor
from mindspore.ops import operations as P

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_ctc.json"
CTC_LENGTH_DTYPES = ["int32", "int64", "int16", "uint32", "float32"]
CTC_INPUT_DTYPES = ["float32", "float64", "float16"]


def _error_name(fn):
    return error_name(fn, _pynative_executor.sync)


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    x = np.random.RandomState(5).standard_normal((5, 3, 4))
    lengths = np.array([5, 2, 0], np.int32)
    # float32 values written as Python floats read back bit for bit
    golden = {"ctc_inputs": x.astype(np.float32).tolist(), "ctc_lengths": lengths.tolist()}
    for merge in (True, False):
        decoder = P.CTCGreedyDecoder(merge_repeated=merge)
        decoded = decoder(Tensor(x.astype(np.float32)), Tensor(lengths))
        for name, value in zip(("indices", "values", "shape", "log_probability"), decoded):
            golden[f"ctc_merge{int(merge)}_{name}"] = value.asnumpy().tolist()
    golden["ctc_dtypes"] = {
        f"{xd}/{ld}": _error_name(
            lambda xd=xd, ld=ld: P.CTCGreedyDecoder()(
                Tensor(x.astype(xd)), Tensor(np.array([5, 2, 0]).astype(ld))
            )[0].asnumpy()
        )
        for xd in CTC_INPUT_DTYPES
        for ld in CTC_LENGTH_DTYPES
    }
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
