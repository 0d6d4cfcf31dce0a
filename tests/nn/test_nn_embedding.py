"""EmbeddingLookup and MultiFieldEmbeddingLookup against real MindSpore 2.10
(tests/oracle/gen_nn_embedding_golden.py, whose case functions run here with ``ms = msfunc``),
numpy and finite differences; their argument checks (MindSpore's exception types)."""

import numpy as np
import pytest
from _cell_golden import check_case, fixed_array, load, numeric_grad, weight_grad

import msfunc as ms
from msfunc import nn, ops

oracle, GOLDEN = load("gen_nn_embedding_golden")


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_matches_mindspore(name):
    check_case(oracle, GOLDEN, name)


@pytest.mark.parametrize("operator", ["MEAN", "MAX"])
def test_multi_field_gradients_match_finite_differences(operator):
    net, (ids, _, fields) = oracle.CASES[f"multi_field_{operator.lower()}"](ms, nn)
    values = np.where(oracle.VALUES == 0, 0.3, oracle.VALUES).astype(np.float32)
    # a fixed direction, so no output is special
    probe = fixed_array("mf.probe", (2, 4, 3))

    def loss(n, v=values):
        return ops.sum(n(ids, ms.Tensor(v), fields) * ms.Tensor(probe))

    got, want = weight_grad(net, net.embedding_table, loss)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-3)
    analytic = ms.grad(lambda v: loss(net, v))(ms.Tensor(values))
    numeric = numeric_grad(lambda v: float(loss(net, v)), values)
    np.testing.assert_allclose(np.asarray(analytic), numeric, rtol=2e-2, atol=2e-3)


def test_embedding_lookup_max_norm_scales_long_rows_down():
    table = np.array([[3.0, 4.0], [0.0, 0.5], [6.0, 8.0]], np.float32)
    emb = nn.EmbeddingLookup(3, 2, param_init=ms.Tensor(table), max_norm=1.0)
    got = np.asarray(emb(ms.Tensor([2, 1, 0, 7], ms.int32)))
    norms = np.linalg.norm(table, axis=1, keepdims=True)
    scaled = np.where(norms > 1.0, table / norms, table)
    np.testing.assert_allclose(
        got, np.concatenate([scaled[[2, 1, 0]], np.zeros((1, 2))]), rtol=1e-6
    )


def test_multi_field_under_jit_matches_eager():
    net, args = oracle.CASES["multi_field_mean"](ms, nn)
    eager = np.asarray(net(*args))
    np.testing.assert_allclose(np.asarray(ms.jit(net)(*args)), eager, rtol=1e-6)


def _t(values, dtype=ms.float32):
    return ms.Tensor(np.asarray(values), dtype)


_IDS, _VALS, _FIELDS = (np.ones((2, 3)), np.ones((2, 3)), np.zeros((2, 3)))
BAD_ARGUMENTS = [
    (lambda: nn.EmbeddingLookup(4.0, 2), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, target="GPU"), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, sparse=1), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, target="CPU", sparse=False), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, max_norm=1), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, max_norm=-1.0), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, slice_mode="rows"), ValueError),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 0), ValueError),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3, operator="sum"), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2)(_t([1.0, 2.0])), TypeError),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int16), _t(_VALS), _t(_FIELDS, ms.int32)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(_VALS, ms.float16), _t(_FIELDS, ms.int32)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(_VALS), _t(_FIELDS, ms.int16)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(np.ones(6), ms.int16), _t(_VALS), _t(_FIELDS, ms.int16)
        ),
        ValueError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(np.ones((2, 4))), _t(_FIELDS, ms.int32)
        ),
        ValueError,
    ),
]


@pytest.mark.parametrize("make, error", BAD_ARGUMENTS)
def test_bad_arguments_raise_the_error_type_mindspore_raises(make, error):
    with pytest.raises(error):
        make()
