"""Every in-place op (a name ending in ``_`` in ops, mint, mint.nn.functional and Tensor's methods)
applied to one target, run unchanged by MindSpore 2.10 (gen_inplace_golden.py) and by msfunc
(tests/ops/test_inplace_ops.py).

Each case is a plain function ``case(ms, x)`` (MindSpore's graph compiler parses functions,
not lambdas in a table) returning what the op returns; `REFERENCE` gives the value the target
must hold afterwards, from numpy. `RANDOM` cases draw: a predicate on the values replaces the
reference.
"""

import numpy as np
import scipy.special

X = np.array([[-1.0, 0.3, 2.0], [0.5, -0.2, 1.5]], np.float32)
MASK = np.array([[True, False, True], [False, False, True]])


def _f32(ms, values):
    return ms.Tensor(np.array(values, np.float32))


def _i64(ms, values):
    return ms.Tensor(np.array(values, np.int64))


def ops_clamp_(ms, x):
    return ms.ops.clamp_(x, 0.0, 0.5)


def ops_tanh_(ms, x):
    return ms.ops.tanh_(x)


def ops_zero_(ms, x):
    return ms.ops.zero_(x)


def ops_inplace_sigmoid(ms, x):
    return ms.ops.inplace_sigmoid(x)


def mint_relu_(ms, x):
    return ms.mint.nn.functional.relu_(x)


def mint_sigmoid_(ms, x):
    return ms.mint.nn.functional.sigmoid_(x)


def mint_elu_(ms, x):
    return ms.mint.nn.functional.elu_(x, 2.0)


def mint_inplace_elu(ms, x):
    return ms.mint.nn.functional.inplace_elu(x, 2.0)


def mint_hardtanh_(ms, x):
    return ms.mint.nn.functional.hardtanh_(x, 0.0, 1.0)


def mint_threshold_(ms, x):
    return ms.mint.nn.functional.threshold_(x, 1.0, 5.0)


def mint_inplace_silu(ms, x):
    return ms.mint.nn.functional.inplace_silu(x)


def mint_addr_(ms, x):
    return ms.mint.addr_(x, _f32(ms, [1, 2]), _f32(ms, [3, 4, 5]), beta=0.5, alpha=2.0)


def add_(ms, x):
    return x.add_(_f32(ms, [1, 2, 3]))


def sub_(ms, x):
    return x.sub_(1.0)


def mul_(ms, x):
    return x.mul_(2.0)


def div_(ms, x):
    return x.div_(2.0)


def floor_divide_(ms, x):
    return x.floor_divide_(_f32(ms, [0.7]))


def remainder_(ms, x):
    return x.remainder_(0.7)


def clamp_(ms, x):
    return x.clamp_(0.0, 0.5)


def exp_(ms, x):
    return x.exp_()


def log_(ms, x):
    return x.log_()


def floor_(ms, x):
    return x.floor_()


def sigmoid_(ms, x):
    return x.sigmoid_()


def sign_(ms, x):
    return x.sign_()


def tanh_(ms, x):
    return x.tanh_()


def erfinv_(ms, x):
    return x.erfinv_()


def masked_fill_(ms, x):
    return x.masked_fill_(ms.Tensor(MASK), 9.0)


def masked_scatter_(ms, x):
    return x.masked_scatter_(ms.Tensor(MASK), _f32(ms, [[0, 1, 2], [3, 4, 5]]))


def index_add_(ms, x):
    return x.index_add_(1, _i64(ms, [0, 2]), _f32(ms, [[1, 1], [1, 1]]))


def index_fill_(ms, x):
    return x.index_fill_(1, _i64(ms, [0, 2]), 7.0)


def index_put_(ms, x):
    return x.index_put_((_i64(ms, [0, 1]), _i64(ms, [1, 2])), _f32(ms, [5, 6]))


def scatter_(ms, x):
    return x.scatter_(1, _i64(ms, [[0], [2]]), _f32(ms, [[8], [9]]))


def scatter_add_(ms, x):
    return x.scatter_add_(1, _i64(ms, [[0], [2]]), _f32(ms, [[8], [9]]))


def fill_(ms, x):
    return x.fill_(3.0)


def addmm_(ms, x):
    return x.addmm_(_f32(ms, [[1, 1], [1, 1]]), _f32(ms, [[1, 1, 1], [1, 1, 1]]))


def copy_(ms, x):
    return x.copy_(_f32(ms, [[4, 4, 4], [4, 4, 4]]))


def zero_(ms, x):
    return x.zero_()


def index_copy_(ms, x):
    return x.index_copy_(1, _i64(ms, [0, 2]), _f32(ms, [[1, 1], [1, 1]]))


def put_(ms, x):
    return x.put_(_i64(ms, [0, 4]), _f32(ms, [5, 6]))


def fill_diagonal_(ms, x):
    return x.fill_diagonal_(5.0)


def uniform_(ms, x):
    return x.uniform_(2.0, 3.0)


def normal_(ms, x):
    return x.normal_(100.0, 1.0)


def bernoulli_(ms, x):
    return x.bernoulli_(0.5)


def random_(ms, x):
    return x.random_(3, 6)


def exponential_(ms, x):
    return x.exponential_(2.0)


def _where(mask, value, base):
    return np.where(mask, value, base).astype(np.float32)


def _set(pairs, base=X):
    out = base.copy()
    for (i, j), value in pairs:
        out[i, j] = value
    return out


def _masked_scatter():
    out = X.copy()
    out[MASK] = np.arange(MASK.sum())  # the source's first elements, in row-major order
    return out


def _columns(value, add=False):
    out = X.copy()
    out[:, [0, 2]] = (out[:, [0, 2]] if add else 0) + value
    return out


_SIGMOID = 1 / (1 + np.exp(-X))
_ELU = np.where(X > 0, X, 2.0 * np.expm1(X))

REFERENCE = {
    ops_clamp_: np.clip(X, 0.0, 0.5),
    ops_tanh_: np.tanh(X),
    ops_zero_: np.zeros_like(X),
    ops_inplace_sigmoid: _SIGMOID,
    mint_relu_: np.maximum(X, 0),
    mint_sigmoid_: _SIGMOID,
    mint_elu_: _ELU,
    mint_inplace_elu: _ELU,
    mint_hardtanh_: np.clip(X, 0.0, 1.0),
    mint_threshold_: _where(X > 1.0, X, 5.0),
    mint_inplace_silu: X * _SIGMOID,
    mint_addr_: 0.5 * X + 2.0 * np.outer([1, 2], [3, 4, 5]),
    add_: X + np.array([1, 2, 3], np.float32),
    sub_: X - 1,
    mul_: X * 2,
    div_: X / 2,
    floor_divide_: np.floor_divide(X, np.float32(0.7)),
    remainder_: np.remainder(X, np.float32(0.7)),
    clamp_: np.clip(X, 0.0, 0.5),
    exp_: np.exp(X),
    log_: np.log(np.where(X > 0, X, np.nan)),
    floor_: np.floor(X),
    sigmoid_: _SIGMOID,
    sign_: np.sign(X),
    tanh_: np.tanh(X),
    erfinv_: scipy.special.erfinv(X),
    masked_fill_: _where(MASK, 9.0, X),
    masked_scatter_: _masked_scatter(),
    index_add_: _columns(1.0, add=True),
    index_fill_: _columns(7.0),
    index_put_: _set([((0, 1), 5.0), ((1, 2), 6.0)]),
    scatter_: _set([((0, 0), 8.0), ((1, 2), 9.0)]),
    scatter_add_: _set([((0, 0), X[0, 0] + 8.0), ((1, 2), X[1, 2] + 9.0)]),
    fill_: np.full_like(X, 3.0),
    addmm_: X + 2.0,
    copy_: np.full_like(X, 4.0),
    zero_: np.zeros_like(X),
    index_copy_: _columns(1.0),
    put_: _set([((0, 0), 5.0), ((1, 1), 6.0)]),
    fill_diagonal_: _set([((0, 0), 5.0), ((1, 1), 5.0)]),
}
RANDOM = {
    uniform_: lambda v: ((v >= 2.0) & (v < 3.0)).all(),
    normal_: lambda v: (np.abs(v - 100.0) < 10.0).all(),
    bernoulli_: lambda v: np.isin(v, (0.0, 1.0)).all(),
    random_: lambda v: np.isin(v, (3.0, 4.0, 5.0)).all(),
    exponential_: lambda v: (v >= 0).all() and not np.isin(v, X).any(),
}
CASES = {case.__name__: case for case in (*REFERENCE, *RANDOM)}
