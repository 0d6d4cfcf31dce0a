"""Write tests/golden/ops_candidate_samplers.json: real MindSpore 2.10's answers (CPU) for the
seeded candidate samplers: the log-uniform sampler's draws and a primitive's successive calls
(``log_uniform``); the uniform sampler's draws, expected counts (also after many repeats),
successive calls of one primitive and argument checks (``uniform``); read by
tests/ops/test_ops_candidate_samplers.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_candidate_samplers
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import Tensor, ops
from mindspore.common.api import _pynative_executor
from mindspore.ops import operations as P

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_candidate_samplers.json"
TRUE_CLASSES = [[1, 7], [0, 4], [3, 3]]
# seed, num_true, num_sampled, unique, range_max
LOG_UNIFORM_CASES = [
    (1, 2, 5, True, 5),
    (2, 2, 4, True, 8),
    (0, 2, 6, False, 8),
    (3, 1, 3, True, 100),
]
# seed, num_true, num_sampled, unique, range_max, remove_accidental_hits, true_classes dtype
UNIFORM_CASES = [
    (1, 2, 5, True, 5, False, "int64"),
    (1, 2, 5, True, 8, False, "int32"),
    (1, 2, 5, False, 8, False, "int64"),
    (7, 2, 20, False, 10, False, "int64"),
    (7, 2, 10, True, 10, False, "int64"),
    (1, 1, 8, True, 100, False, "int64"),
    (2**40 + 3, 2, 5, False, 8, False, "int64"),
    (1, 2, 5, False, 2**33, False, "int64"),
    (1, 2, 3, True, 8, True, "int64"),  # true classes redrawn
    (1, 2, 5, True, 8, True, "int64"),
]  # too few classes left: kept
# unique draws with many repeats: the expected count's float32 rounding
REPEAT_CASES = [
    (3, 7, 7),
    (5, 30, 31),
    (4, 50, 64),
    (374565, 51, 1000),
    (473999, 20, 64),
    (108102, 2, 3),
    (71893, 41, 64),
    (924379, 17, 17),
    (882520, 46, 5000),
]


def _error_name(fn):
    return error_name(fn, _pynative_executor.sync)


def _sampler_out(out):
    return {
        "sampled": out[0].asnumpy().tolist(),
        "dtype": str(out[0].dtype),
        "true": out[1].asnumpy().tolist(),
        "sampled_expected": out[2].asnumpy().tolist(),
    }


def log_uniform(t):
    """The log-uniform sampler: seeded draws per case, and one primitive called three times."""
    golden = {"sampler": []}
    for seed, num_true, num_sampled, unique, range_max in LOG_UNIFORM_CASES:
        s, te, se = ops.log_uniform_candidate_sampler(
            t[:, :num_true], num_true, num_sampled, unique, range_max, seed
        )
        golden["sampler"].append(
            {
                "args": [seed, num_true, num_sampled, unique, range_max],
                "sampled": s.asnumpy().tolist(),
                "true": te.asnumpy().tolist(),
                "sampled_expected": se.asnumpy().tolist(),
            }
        )
    prim = ops.LogUniformCandidateSampler(2, 5, True, 8, 1)
    golden["sampler_calls"] = [prim(t)[0].asnumpy().tolist() for _ in range(3)]
    return golden


def uniform(t):
    """The uniform sampler: seeded draws, many repeats, successive calls, argument checks."""
    golden = {"sampler": []}
    for seed, num_true, num_sampled, unique, range_max, hits, dt in UNIFORM_CASES:
        classes = Tensor(np.array(TRUE_CLASSES)[:, :num_true].astype(dt))
        res = ops.uniform_candidate_sampler(
            classes, num_true, num_sampled, unique, range_max, seed, hits
        )
        golden["sampler"].append(
            {
                "args": [seed, num_true, num_sampled, unique, range_max, hits, dt],
                **_sampler_out(res),
            }
        )
    golden["sampler_repeats"] = [
        {
            "args": [seed, num_sampled, range_max],
            **_sampler_out(ops.uniform_candidate_sampler(t, 2, num_sampled, True, range_max, seed)),
        }
        for seed, num_sampled, range_max in REPEAT_CASES
    ]
    golden["sampler_calls"] = {}
    for tag, args in (
        ("plain", (2, 5, False, 8, 1)),
        ("unique", (2, 5, True, 8, 1)),
        ("hits", (2, 3, True, 8, 1, True)),
    ):
        prim = P.UniformCandidateSampler(*args)
        golden["sampler_calls"][tag] = [_sampler_out(prim(t)) for _ in range(3)]
    golden["sampler_errors"] = {
        "float_classes": _error_name(
            lambda: ops.uniform_candidate_sampler(
                Tensor(np.ones((3, 2), np.float32)), 2, 5, True, 8, 1
            )
        ),
        "rank_1_classes": _error_name(
            lambda: ops.uniform_candidate_sampler(Tensor(np.ones(3, np.int64)), 1, 5, True, 8, 1)
        ),
        "num_true_mismatch": _error_name(
            lambda: ops.uniform_candidate_sampler(t, 1, 5, True, 8, 1)
        ),
        "unique_num_sampled_over_range": _error_name(
            lambda: ops.uniform_candidate_sampler(t, 2, 9, True, 8, 1)
        ),
        "negative_seed": _error_name(lambda: ops.uniform_candidate_sampler(t, 2, 5, True, 8, -1)),
        "zero_range": _error_name(lambda: P.UniformCandidateSampler(2, 5, False, 0, 1)),
        "int_unique": _error_name(lambda: P.UniformCandidateSampler(2, 5, 1, 8, 1)),
        "int_remove_hits": _error_name(lambda: P.UniformCandidateSampler(2, 5, True, 8, 1, 1)),
    }
    return golden


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    t = Tensor(np.array(TRUE_CLASSES), ms.int64)
    golden = {"log_uniform": log_uniform(t), "uniform": uniform(t)}
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
