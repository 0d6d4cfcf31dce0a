"""The shapes and dtypes the assignment ops accept, CTCGreedyDecoder's dtypes and the uniform
candidate sampler's seeded draws, against MindSpore 2.10 (tests/golden/ops_parity_cpu_c.json,
written by tests/oracle/gen_ops_parity_cpu_c_golden.py)."""

import json
import pathlib

import numpy as np
import pytest

import msfunc as ms
from msfunc import Parameter, Tensor, ops
from msfunc.ops import operations as P

GOLDEN = json.loads((pathlib.Path(__file__).parent / "golden" / "ops_parity_cpu_c.json")
                    .read_text())
TRUE_CLASSES = np.array([[1, 7], [0, 4], [3, 3]])
ASSIGN_OPS = {"assign": ops.assign, "assign_add": ops.assign_add, "assign_sub": ops.assign_sub,
              "Assign": P.Assign(), "AssignAdd": P.AssignAdd(), "AssignSub": P.AssignSub()}


# ---- assign / assign_add / assign_sub: no broadcasting


@pytest.mark.parametrize("name", sorted(ASSIGN_OPS))
def test_assignment_shapes_match_mindspore(name):
    for case in GOLDEN["assign"][name]:
        shape, vshape = tuple(case["variable"]), case["value_shape"]
        x0 = np.arange(1, int(np.prod(shape)) + 1, dtype=np.float32).reshape(shape)
        w = Parameter(Tensor(x0), name="w")
        value = 1.5 if vshape == "py" else Tensor(np.full(vshape, 1.5, np.float32))
        where = f"{name}: variable {shape}, value {vshape}"
        if "error" in case:
            with pytest.raises((ValueError, RuntimeError), match="`value`") as info:
                ASSIGN_OPS[name](w, value)
            assert type(info.value).__name__ == case["error"], where
            np.testing.assert_array_equal(w.asnumpy(), x0, err_msg=where)  # left unchanged
        else:
            ASSIGN_OPS[name](w, value)
            assert list(w.shape) == case["shape"], where
            np.testing.assert_array_equal(w.asnumpy(), case["result"], err_msg=where)


def test_assignment_shape_error_is_raised_before_tracing():
    w = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="w")
    step = ms.jit(lambda v: ops.assign_sub(w, v))
    with pytest.raises(ValueError, match=r"`value` of shape \(3,\).*`variable` of shape \(2, 3\)"):
        step(Tensor(np.ones(3, np.float32)))
    t = Tensor(np.zeros((2, 3), np.float32))  # a plain Tensor variable is checked alike
    with pytest.raises(ValueError, match="AssignAdd"):
        P.AssignAdd()(t, Tensor(np.ones((1, 3), np.float32)))


@pytest.mark.parametrize("kind", ["parameter", "tensor"])
def test_assignment_dtypes_match_mindspore(kind):
    # A variable keeps its dtype: the value's must promote into it.
    ops_by_name = {"assign": ops.assign, "assign_add": ops.assign_add, "Assign": P.Assign()}
    cases = {k: v for k, v in GOLDEN["assign_dtypes"].items() if k.split("/")[1] == kind}
    assert len(cases) == 3 * 19
    for key, expected in cases.items():
        name, _, var_dtype, value_dtype = key.split("/")
        scalar = value_dtype.startswith("py_")
        x0 = np.array(1 if scalar else [1, 0, 1]).astype(var_dtype)
        w = Parameter(Tensor(x0), name="w") if kind == "parameter" else Tensor(x0)
        value = ({"py_float": 2.5, "py_int": 2}[value_dtype] if scalar
                 else Tensor(np.array([2, 1, 0]).astype(value_dtype)))
        if key == "assign_add/tensor/float16/int64":
            # MindSpore 2.10 leaves this plain Tensor unchanged (the sum lands in a cast
            # copy); msfunc updates it as it does a Parameter: numpy gives the sum.
            expected = {"dtype": "float16", "result": x0 + np.array([2, 1, 0])}
        if "error" in expected:
            with pytest.raises(TypeError, match="keeps its dtype"):
                ops_by_name[name](w, value)
            np.testing.assert_array_equal(w.asnumpy(), x0, err_msg=key)  # left unchanged
        else:
            ops_by_name[name](w, value)
            assert str(w.dtype).lower() == expected["dtype"], key
            np.testing.assert_array_equal(w.asnumpy(), expected["result"], err_msg=key)


# ---- CTCGreedyDecoder: float32/float64 inputs, int32 lengths only


def test_ctc_greedy_decoder_dtypes_match_mindspore():
    x = np.random.RandomState(5).standard_normal((5, 3, 4))
    for key, error in GOLDEN["ctc_dtypes"].items():
        xd, ld = key.split("/")
        args = (Tensor(x.astype(xd)), Tensor(np.array([5, 2, 0]).astype(ld)))
        for fn in (P.CTCGreedyDecoder(), ops.ctc_greedy_decoder):
            if error:
                with pytest.raises(TypeError, match="sequence_length|inputs"):
                    fn(*args)
                assert error == "TypeError", key
            else:
                assert fn(*args)[3].dtype == xd, key


# ---- uniform candidate sampler: MindSpore's seeded draws


def _check_sampler(out, want, where):
    assert out[0].asnumpy().tolist() == want["sampled"], where
    assert str(out[0].dtype).lower() == want["dtype"].lower(), where
    # MindSpore rounds through the C library's float32 log1p/expm1, which msfunc calls too
    # where it can; elsewhere float64 rounded to float32 may be one unit off
    np.testing.assert_array_max_ulp(out[1].asnumpy(), np.float32(want["true"]), maxulp=1)
    np.testing.assert_array_max_ulp(out[2].asnumpy(), np.float32(want["sampled_expected"]),
                                    maxulp=1)


def test_uniform_candidate_sampler_gives_mindspore_seeded_draws():
    for case in GOLDEN["sampler"]:
        seed, num_true, num_sampled, unique, range_max, hits, dt = case["args"]
        t = Tensor(TRUE_CLASSES[:, :num_true].astype(dt))
        out = ops.uniform_candidate_sampler(t, num_true, num_sampled, unique, range_max, seed,
                                            hits)
        _check_sampler(out, case, case["args"])
    t = Tensor(TRUE_CLASSES)
    for case in GOLDEN["sampler_repeats"]:  # unique draws with many repeats
        seed, num_sampled, range_max = case["args"]
        _check_sampler(ops.uniform_candidate_sampler(t, 2, num_sampled, True, range_max, seed),
                       case, case["args"])


@pytest.mark.parametrize("tag, args", [("plain", (2, 5, False, 8, 1)),
                                       ("unique", (2, 5, True, 8, 1)),
                                       ("hits", (2, 3, True, 8, 1, True))])
def test_uniform_candidate_sampler_primitive_goes_on_in_its_stream(tag, args):
    want = GOLDEN["sampler_calls"][tag]
    t = Tensor(TRUE_CLASSES)
    prim = P.UniformCandidateSampler(*args)
    for i, w in enumerate(want):
        _check_sampler(prim(t), w, (tag, i))
    prim = P.UniformCandidateSampler(*args)
    step = ms.jit(lambda t: prim(t))  # compiled: every run draws on, not once at trace time
    for i, w in enumerate(want):
        _check_sampler(step(t), w, (tag, "jit", i))


def test_uniform_candidate_sampler_argument_checks():
    t = Tensor(TRUE_CLASSES)
    calls = {
        "float_classes": lambda: ops.uniform_candidate_sampler(
            Tensor(np.ones((3, 2), np.float32)), 2, 5, True, 8, 1),
        "rank_1_classes": lambda: ops.uniform_candidate_sampler(
            Tensor(np.ones(3, np.int64)), 1, 5, True, 8, 1),
        "num_true_mismatch": lambda: ops.uniform_candidate_sampler(t, 1, 5, True, 8, 1),
        "unique_num_sampled_over_range": lambda: ops.uniform_candidate_sampler(
            t, 2, 9, True, 8, 1),
        "negative_seed": lambda: ops.uniform_candidate_sampler(t, 2, 5, True, 8, -1),
        "zero_range": lambda: P.UniformCandidateSampler(2, 5, False, 0, 1),
        "int_unique": lambda: P.UniformCandidateSampler(2, 5, 1, 8, 1),
        "int_remove_hits": lambda: P.UniformCandidateSampler(2, 5, True, 8, 1, 1)}
    assert set(calls) == set(GOLDEN["sampler_errors"])
    for key, error in GOLDEN["sampler_errors"].items():
        with pytest.raises((TypeError, ValueError)) as info:
            calls[key]()
        assert type(info.value).__name__ == error, key


def test_uniform_candidate_sampler_seed_zero_follows_msfunc_seed():
    # MindSpore draws a fresh seed for seed 0; msfunc takes it from its global stream
    t = Tensor(TRUE_CLASSES)
    draws = []
    for _ in range(2):
        ms.set_seed(3)
        draws.append(ops.uniform_candidate_sampler(t, 2, 6, False, 50)[0].asnumpy().tolist())
    assert draws[0] == draws[1]
    assert ops.uniform_candidate_sampler(t, 2, 6, False, 50)[0].asnumpy().tolist() != draws[0]


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("make", [lambda: P.UniformCandidateSampler(1, 3, True, 6, seed=5),
                                  lambda: P.LogUniformCandidateSampler(1, 3, True, 6, seed=5)],
                         ids=["uniform", "log_uniform"])
def test_vmapped_sampler_draws_each_element_in_turn_from_one_stream(make, compiled):
    # Reference: one primitive called on the elements one after another (eagerly).
    x = np.array([[[1], [3]], [[4], [6]], [[0], [2]]], np.int64)
    ref = make()
    want = [[o.asnumpy() for o in ref(Tensor(x[i]))] for i in range(3)]
    after = ref(Tensor(x[0]))[0].asnumpy()
    sampler = make()
    batched = ms.vmap(lambda t: sampler(t))
    if compiled:
        batched = ms.jit(batched)
    for got, expected in zip(batched(Tensor(x)), zip(*want), strict=True):
        np.testing.assert_array_equal(got.asnumpy(), np.stack(expected))
    np.testing.assert_array_equal(sampler(Tensor(x[0]))[0].asnumpy(), after)  # goes on
    nested = make()
    out = ms.vmap(ms.vmap(lambda t: nested(t)))(Tensor(x[None]))  # a (1, 3) batch
    np.testing.assert_array_equal(out[0].asnumpy()[0], np.stack([w[0] for w in want]))
