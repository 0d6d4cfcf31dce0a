"""The seeded candidate samplers (log-uniform and uniform, over Philox4x32-10): MindSpore 2.10's
draws, their streams, argument checks and vmap (tests/oracle/gen_ops_candidate_samplers_golden.py);
Philox against its published known answers."""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import Tensor, ops
from msfunc.ops import operations as P
from msfunc.ops.philox import philox_uint32, uniform_doubles

GOLDEN = json.loads((TESTS / "golden" / "ops_candidate_samplers.json").read_text())
LOG_UNIFORM, UNIFORM = GOLDEN["log_uniform"], GOLDEN["uniform"]
TRUE_CLASSES = np.array([[1, 7], [0, 4], [3, 3]], np.int64)


def _check_sampler(out, want, where):
    assert out[0].asnumpy().tolist() == want["sampled"], where
    assert str(out[0].dtype).lower() == want["dtype"].lower(), where
    # MindSpore rounds through the C library's float32 log1p/expm1, which msfunc calls too
    # where it can; elsewhere float64 rounded to float32 may be one unit off
    np.testing.assert_array_max_ulp(out[1].asnumpy(), np.float32(want["true"]), maxulp=1)
    np.testing.assert_array_max_ulp(
        out[2].asnumpy(), np.float32(want["sampled_expected"]), maxulp=1
    )


def _log_uniform_p(c, range_max):
    return np.log((c + 2.0) / (c + 1.0)) / np.log(range_max + 1.0)


def test_philox_matches_published_known_answers():
    # Random123's known-answer vectors for Philox4x32-10 (counter, key) -> four words
    m64 = 2**64 - 1
    assert [hex(w) for w in philox_uint32(0, 0, 0, 4)] == [
        "0x6627e8d5",
        "0xe169c58d",
        "0xbc57ac4c",
        "0x9b00dbd8",
    ]
    assert [hex(w) for w in philox_uint32(m64, m64, m64, 4)] == [
        "0x408f276d",
        "0x41c83b0e",
        "0xa20bc7c6",
        "0x6d5451fd",
    ]
    assert [
        hex(w) for w in philox_uint32(0x299F31D0A4093822, 0x0370734413198A2E, 0x85A308D3243F6A88, 4)
    ] == ["0xd16cfe09", "0x94fdcceb", "0x5001e420", "0x24126ea1"]
    # consecutive blocks continue the counter; doubles lie in [0, 1)
    assert philox_uint32(7, 3, 5, 12)[4:].tolist() == philox_uint32(7, 3, 6, 8).tolist()
    d = uniform_doubles(philox_uint32(1, 2, 0, 2000))
    assert d.min() >= 0.0 and d.max() < 1.0 and abs(d.mean() - 0.5) < 0.05


def test_log_uniform_candidate_sampler_gives_mindspore_seeded_draws():
    for case in LOG_UNIFORM["sampler"]:
        seed, num_true, num_sampled, unique, range_max = case["args"]
        t = ms.Tensor(TRUE_CLASSES[:, :num_true])
        s, te, se = ops.log_uniform_candidate_sampler(
            t, num_true, num_sampled, unique, range_max, seed
        )
        assert s.dtype == np.int64 and te.dtype == np.float32
        assert s.asnumpy().tolist() == case["sampled"]
        np.testing.assert_allclose(te.asnumpy(), case["true"], rtol=1e-6)
        np.testing.assert_allclose(se.asnumpy(), case["sampled_expected"], rtol=1e-6)
        p = _log_uniform_p(np.asarray(case["sampled"]), range_max)
        if unique:
            assert len(set(case["sampled"])) == num_sampled
            # 1 - (1 - p)^tries for one number of draws tries >= num_sampled
            tries = np.log1p(-se.asnumpy().astype(np.float64)) / np.log1p(-p)
            assert np.allclose(tries, np.round(tries[0]), rtol=1e-4) and tries[0] >= num_sampled
        else:
            np.testing.assert_allclose(se.asnumpy(), p * num_sampled, rtol=1e-6)
    # the same draws under jit; a primitive goes on in its stream call after call
    first = LOG_UNIFORM["sampler"][0]
    jitted = jax.jit(lambda t: ops.log_uniform_candidate_sampler(t, 2, 5, True, 5, 1)[0])
    assert np.asarray(jitted(jnp.asarray(TRUE_CLASSES))).tolist() == first["sampled"]
    prim = P.LogUniformCandidateSampler(2, 5, True, 8, 1)
    assert [prim(ms.Tensor(TRUE_CLASSES))[0].asnumpy().tolist() for _ in range(3)] == LOG_UNIFORM[
        "sampler_calls"
    ]
    # compiled, the primitive's stream goes on on every run too (not once at trace time)
    prim = P.LogUniformCandidateSampler(2, 5, True, 8, 1)
    step = ms.jit(lambda t: prim(t)[0])
    assert [step(ms.Tensor(TRUE_CLASSES)).asnumpy().tolist() for _ in range(3)] == LOG_UNIFORM[
        "sampler_calls"
    ]


def test_log_uniform_candidate_sampler_checks_its_arguments():
    t = ms.Tensor(TRUE_CLASSES)
    with pytest.raises(ValueError, match="num_sampled"):
        ops.log_uniform_candidate_sampler(t, 2, 6, True, 5, 0)
    with pytest.raises(TypeError, match="true_classes"):
        ops.log_uniform_candidate_sampler(ms.Tensor(TRUE_CLASSES.astype(np.float32)), 2)
    with pytest.raises(ValueError, match="num_true"):
        ops.log_uniform_candidate_sampler(t, 1)
    with pytest.raises(ValueError, match="seed"):
        ops.log_uniform_candidate_sampler(t, 2, seed=-1)


def test_uniform_candidate_sampler_gives_mindspore_seeded_draws():
    for case in UNIFORM["sampler"]:
        seed, num_true, num_sampled, unique, range_max, hits, dt = case["args"]
        t = Tensor(TRUE_CLASSES[:, :num_true].astype(dt))
        out = ops.uniform_candidate_sampler(t, num_true, num_sampled, unique, range_max, seed, hits)
        _check_sampler(out, case, case["args"])
    t = Tensor(TRUE_CLASSES)
    for case in UNIFORM["sampler_repeats"]:  # unique draws with many repeats
        seed, num_sampled, range_max = case["args"]
        _check_sampler(
            ops.uniform_candidate_sampler(t, 2, num_sampled, True, range_max, seed),
            case,
            case["args"],
        )


@pytest.mark.parametrize(
    "tag, args",
    [
        ("plain", (2, 5, False, 8, 1)),
        ("unique", (2, 5, True, 8, 1)),
        ("hits", (2, 3, True, 8, 1, True)),
    ],
)
def test_uniform_candidate_sampler_primitive_goes_on_in_its_stream(tag, args):
    want = UNIFORM["sampler_calls"][tag]
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
            Tensor(np.ones((3, 2), np.float32)), 2, 5, True, 8, 1
        ),
        "rank_1_classes": lambda: ops.uniform_candidate_sampler(
            Tensor(np.ones(3, np.int64)), 1, 5, True, 8, 1
        ),
        "num_true_mismatch": lambda: ops.uniform_candidate_sampler(t, 1, 5, True, 8, 1),
        "unique_num_sampled_over_range": lambda: ops.uniform_candidate_sampler(t, 2, 9, True, 8, 1),
        "negative_seed": lambda: ops.uniform_candidate_sampler(t, 2, 5, True, 8, -1),
        "zero_range": lambda: P.UniformCandidateSampler(2, 5, False, 0, 1),
        "int_unique": lambda: P.UniformCandidateSampler(2, 5, 1, 8, 1),
        "int_remove_hits": lambda: P.UniformCandidateSampler(2, 5, True, 8, 1, 1),
    }
    assert set(calls) == set(UNIFORM["sampler_errors"])
    for key, error in UNIFORM["sampler_errors"].items():
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
@pytest.mark.parametrize(
    "make",
    [
        lambda: P.UniformCandidateSampler(1, 3, True, 6, seed=5),
        lambda: P.LogUniformCandidateSampler(1, 3, True, 6, seed=5),
    ],
    ids=["uniform", "log_uniform"],
)
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
