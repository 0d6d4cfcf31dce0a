"""Write tests/golden/ops_parity_cpu_c.json: real MindSpore 2.10's answers (CPU) for the
shapes the assignment ops accept, the dtypes CTCGreedyDecoder accepts, and the uniform
candidate sampler's seeded draws, expected counts and argument checks.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_parity_cpu_c OUT.json
"""

import json
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import Parameter, Tensor, ops
from mindspore.common.api import _pynative_executor
from mindspore.ops import operations as P

# (variable shape, value shape); "py" is a Python float value
ASSIGN_SHAPES = [
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((2, 3), (1, 3)),
    ((2, 3), ()),
    ((2, 3), (1, 2, 3)),
    ((3,), (1,)),
    ((), ()),
    ((), (1,)),
    ((1,), ()),
    ((1,), (1, 1)),
    ((2, 3), "py"),
    ((1,), "py"),
]
# (variable dtype, value dtype); "py_float"/"py_int" are Python scalars
ASSIGN_DTYPES = [
    ("float32", "float64"),
    ("float32", "int32"),
    ("float32", "float16"),
    ("float32", "int64"),
    ("float32", "complex64"),
    ("float32", "py_float"),
    ("float32", "py_int"),
    ("float16", "float32"),
    ("float16", "int64"),
    ("float64", "float32"),
    ("int32", "float32"),
    ("int32", "int64"),
    ("int32", "int8"),
    ("int32", "bool"),
    ("int32", "py_float"),
    ("int64", "int32"),
    ("uint8", "int8"),
    ("int8", "uint8"),
    ("bool", "int32"),
]
CTC_LENGTH_DTYPES = ["int32", "int64", "int16", "uint32", "float32"]
CTC_INPUT_DTYPES = ["float32", "float64", "float16"]
TRUE_CLASSES = [[1, 7], [0, 4], [3, 3]]
# seed, num_true, num_sampled, unique, range_max, remove_accidental_hits, true_classes dtype
SAMPLER_CASES = [
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


def _assign_case(op, var_shape, value_shape):
    x0 = np.arange(1, int(np.prod(var_shape)) + 1, dtype=np.float32).reshape(var_shape)
    w = Parameter(Tensor(x0), name="w")
    value = 1.5 if value_shape == "py" else Tensor(np.full(value_shape, 1.5, np.float32))
    err = _error_name(lambda: op(w, value))
    if err:
        return {"error": err}
    return {"shape": list(w.shape), "result": w.asnumpy().tolist()}


def _assign_dtype_case(op, var_dtype, value_dtype, as_parameter):
    """A Python scalar goes into a 0-d variable, a Tensor value into a (3,) one."""
    scalar = value_dtype.startswith("py_")
    w = Tensor(np.array(1 if scalar else [1, 0, 1]).astype(var_dtype))
    if as_parameter:
        w = Parameter(w, name="w")
    value = (
        {"py_float": 2.5, "py_int": 2}[value_dtype]
        if scalar
        else Tensor(np.array([2, 1, 0]).astype(value_dtype))
    )
    err = _error_name(lambda: op(w, value))
    if err:
        return {"error": err}
    return {"dtype": str(w.dtype).lower(), "result": w.asnumpy().tolist()}


def _sampler_out(out):
    return {
        "sampled": out[0].asnumpy().tolist(),
        "dtype": str(out[0].dtype),
        "true": out[1].asnumpy().tolist(),
        "sampled_expected": out[2].asnumpy().tolist(),
    }


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {"assign": {}}
    for name, op in (
        ("assign", ops.assign),
        ("assign_add", ops.assign_add),
        ("assign_sub", ops.assign_sub),
        ("Assign", P.Assign()),
        ("AssignAdd", P.AssignAdd()),
        ("AssignSub", P.AssignSub()),
    ):
        golden["assign"][name] = [
            {
                "variable": list(vs),
                "value_shape": vs_ if vs_ == "py" else list(vs_),
                **_assign_case(op, vs, vs_),
            }
            for vs, vs_ in ASSIGN_SHAPES
        ]

    golden["assign_dtypes"] = {
        f"{name}/{kind}/{vd}/{xd}": _assign_dtype_case(op, vd, xd, kind == "parameter")
        for name, op in (
            ("assign", ops.assign),
            ("assign_add", ops.assign_add),
            ("Assign", P.Assign()),
        )
        for kind in ("parameter", "tensor")
        for vd, xd in ASSIGN_DTYPES
    }

    x = np.random.RandomState(5).standard_normal((5, 3, 4))
    golden["ctc_dtypes"] = {
        f"{xd}/{ld}": _error_name(
            lambda xd=xd, ld=ld: P.CTCGreedyDecoder()(
                Tensor(x.astype(xd)), Tensor(np.array([5, 2, 0]).astype(ld))
            )[0].asnumpy()
        )
        for xd in CTC_INPUT_DTYPES
        for ld in CTC_LENGTH_DTYPES
    }

    golden["sampler"] = []
    for seed, num_true, num_sampled, unique, range_max, hits, dt in SAMPLER_CASES:
        t = Tensor(np.array(TRUE_CLASSES)[:, :num_true].astype(dt))
        res = ops.uniform_candidate_sampler(t, num_true, num_sampled, unique, range_max, seed, hits)
        golden["sampler"].append(
            {
                "args": [seed, num_true, num_sampled, unique, range_max, hits, dt],
                **_sampler_out(res),
            }
        )
    t = Tensor(np.array(TRUE_CLASSES), ms.int64)
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
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
