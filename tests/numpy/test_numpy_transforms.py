"""msfunc.numpy with Parameters as arguments and under jit / grad / vmap (jax.* and msfunc.*)."""

import jax
import jax.numpy as jnp
import numpy as np

import msfunc
import msfunc.numpy as mnp
from msfunc.common.parameter import Parameter

RNG = np.random.default_rng(7)
X = RNG.uniform(0.2, 0.9, (2, 4)).astype(np.float32)  # inside every domain used below
Y = RNG.uniform(0.2, 0.9, (2, 4)).astype(np.float32)
V = np.array([0.3, 0.7, 0.45, 0.9], np.float32)


def close(a, b, rtol=1e-5, atol=1e-5):
    np.testing.assert_allclose(
        np.asarray(a, np.float64), np.asarray(b, np.float64), rtol=rtol, atol=atol
    )


def tree_close(a, b):
    la, lb = jax.tree.leaves(a), jax.tree.leaves(b)
    assert len(la) == len(lb)
    for x, y in zip(la, lb, strict=True):
        close(x, y)


def P(x, name="p"):
    return Parameter(msfunc.Tensor(x), name=name)


UNARY = [
    "abs",
    "absolute",
    "arccos",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "cbrt",
    "ceil",
    "cos",
    "cosh",
    "deg2rad",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "fix",
    "floor",
    "log",
    "log10",
    "log1p",
    "log2",
    "negative",
    "positive",
    "rad2deg",
    "radians",
    "reciprocal",
    "rint",
    "sign",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "tan",
    "tanh",
    "trunc",
    "isfinite",
    "isnan",
    "signbit",
    "logical_not",
]
BINARY = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "true_divide",
    "power",
    "float_power",
    "maximum",
    "minimum",
    "arctan2",
    "hypot",
    "copysign",
    "logaddexp",
    "logaddexp2",
    "mod",
    "fmod",
    "remainder",
    "floor_divide",
    "heaviside",
    "equal",
    "less",
    "greater_equal",
    "logical_and",
    "logical_xor",
]

# name -> function of one (2, 4) float array; used for Parameter, jit and vmap checks.
OTHERS = {
    "sum": lambda x: mnp.sum(x, axis=1),
    "mean": lambda x: mnp.mean(x, 0),
    "var": lambda x: mnp.var(x, ddof=1),
    "std": lambda x: mnp.std(x, 1),
    "amax": lambda x: mnp.amax(x, 1),
    "nanmean": lambda x: mnp.nanmean(x, 1),
    "average": lambda x: mnp.average(x, 1, weights=V),
    "cumsum": lambda x: mnp.cumsum(x, 1),
    "cumprod": lambda x: mnp.cumprod(x, 1),
    "ptp": lambda x: mnp.ptp(x, 1),
    "norm": lambda x: mnp.norm(x),
    "clip": lambda x: mnp.clip(x, 0.3, 0.6),
    "where": lambda x: mnp.where(x > 0.5, x, -x),
    "select": lambda x: mnp.select([x < 0.4, x > 0.6], [x * 2, x**2], 0.5),
    "piecewise": lambda x: mnp.piecewise(x, [x < 0.5], [lambda v: v * 3, lambda v: v**2]),
    "concatenate": lambda x: mnp.concatenate([x, x * 2], 1),
    "stack": lambda x: mnp.stack((x, x)),
    "pad": lambda x: mnp.pad(x, 1, "reflect"),
    "reshape": lambda x: mnp.reshape(x, (4, 2)),
    "flip": lambda x: mnp.flip(x),
    "roll": lambda x: mnp.roll(x, 1, 1),
    "tile": lambda x: mnp.tile(x, 2),
    "take": lambda x: mnp.take(x, mnp.array([0, 5, 9])),
    "take_along_axis": lambda x: mnp.take_along_axis(x, mnp.array([[1], [3]]), 1),
    "choose": lambda x: mnp.choose(mnp.array([[0, 1, 1, 0], [1, 0, 0, 1]]), [x, -x]),
    "dot": lambda x: mnp.dot(x, x.T),
    "matmul": lambda x: mnp.matmul(x.T, x),
    "inner": lambda x: mnp.inner(x, x),
    "outer": lambda x: mnp.outer(x[0], x[1]),
    "kron": lambda x: mnp.kron(x, x),
    "tensordot": lambda x: mnp.tensordot(x, x, 2),
    "cross": lambda x: mnp.cross(x[:, :3], x[:, 1:]),
    "convolve": lambda x: mnp.convolve(x[0], x[1]),
    "correlate": lambda x: mnp.correlate(x[0], x[1, :2]),
    "cov": lambda x: mnp.cov(x),
    "diff": lambda x: mnp.diff(x, 1, 1),
    "ediff1d": lambda x: mnp.ediff1d(x),
    "trapz": lambda x: mnp.trapz(x, dx=0.5),
    "gradient": lambda x: mnp.gradient(x[0], edge_order=2),
    "interp": lambda x: mnp.interp(
        mnp.array([0.1, 1.5, 2.9]), mnp.array([0.0, 1.0, 2.0, 3.0]), x[0]
    ),
    "unwrap": lambda x: mnp.unwrap(x * 5),
    "polyval": lambda x: mnp.polyval(x[0], x[1]),
    "polymul": lambda x: mnp.polymul(x[0], x[1]),
    "polyint": lambda x: mnp.polyint(x[0]),
    "polyder": lambda x: mnp.polyder(x[0], 2),
    "polyadd": lambda x: mnp.polyadd(x[0], x[1, :2]),
    "trace": lambda x: mnp.trace(x),
    "diagonal": lambda x: mnp.diagonal(x, 1),
    "tril": lambda x: mnp.tril(x),
    "diag": lambda x: mnp.diag(x[0]),
    "linspace": lambda x: mnp.linspace(x[0, 0], x[0, 1], 5),
    "full_like": lambda x: mnp.full_like(x, 2.0) * x,
    "histogram": lambda x: mnp.histogram(x, 3, range=(0.0, 1.0))[0],
    "histogram_weights": lambda x: mnp.histogram(
        mnp.array([0.1, 0.5, 0.9, 0.95]), 2, range=(0.0, 1.0), weights=x[0]
    )[0],
    "digitize": lambda x: mnp.digitize(x, mnp.array([0.25, 0.5, 0.75])),
    "searchsorted": lambda x: mnp.searchsorted(mnp.array([0.25, 0.5, 0.75]), x),
    "isclose": lambda x: mnp.isclose(x, x + 1e-9),
    "isin": lambda x: mnp.isin(x, x[0]),
    "bincount": lambda x: mnp.bincount(mnp.array([0, 2, 2, 1]), x[0], length=4),
    "apply_along_axis": lambda x: mnp.apply_along_axis(lambda r: r * r.sum(), 1, x),
    "apply_over_axes": lambda x: mnp.apply_over_axes(mnp.sum, x, [1]),
    "multi_dot": lambda x: mnp.multi_dot([x, x.T, x]),
    "linalg.solve": lambda x: mnp.linalg.solve(mnp.eye(2) * 3 + x[:, :2], x[:, 2:]),
    "swapaxes": lambda x: mnp.swapaxes(x, 0, 1),
    "moveaxis": lambda x: mnp.moveaxis(x, 0, 1),
    "rot90": lambda x: mnp.rot90(x),
    "append": lambda x: mnp.append(x, x, 0),
    "broadcast_to": lambda x: mnp.broadcast_to(x, (3, 2, 4)),
    "expand_dims": lambda x: mnp.expand_dims(x, 1),
    "repeat": lambda x: mnp.repeat(x, 2, 1),
    "vander": lambda x: mnp.vander(x[0], 3),
    "corrcoef": lambda x: mnp.corrcoef(x),
    "nanvar": lambda x: mnp.nanvar(x, 1),
    "nansum": lambda x: mnp.nansum(x, 1),
    "count_nonzero": lambda x: mnp.count_nonzero(x > 0.5, 1),
    "sometrue": lambda x: mnp.sometrue(x > 0.8, 1),
}
# Functions whose derivative is checked against finite differences: those msfunc writes
# itself or wraps with more than argument unwrapping (plain jnp forwards are spot-checked).
DIFFERENTIABLE = [
    "average",
    "norm",
    "select",
    "piecewise",
    "pad",
    "take",
    "choose",
    "cross",
    "convolve",
    "cov",
    "trapz",
    "gradient",
    "interp",
    "unwrap",
    "polyval",
    "polymul",
    "histogram_weights",
    "linalg.solve",
    "linspace",
]
# A representative spread for vmap (every family; the rest share the same code paths).
VMAPPED = [
    "sum",
    "var",
    "average",
    "cumsum",
    "norm",
    "where",
    "select",
    "piecewise",
    "concatenate",
    "pad",
    "take",
    "take_along_axis",
    "choose",
    "dot",
    "cross",
    "convolve",
    "cov",
    "gradient",
    "interp",
    "unwrap",
    "polyval",
    "polymul",
    "linspace",
    "histogram",
    "histogram_weights",
    "digitize",
    "bincount",
    "apply_along_axis",
    "linalg.solve",
    "trapz",
]


def _all_others(x, wrap=lambda v: v):
    return {name: fn(wrap(x)) for name, fn in OTHERS.items()}


_ALL_OTHERS_JIT = jax.jit(_all_others)  # one compile for every function in OTHERS


def _compare_dicts(ours, ref, what):
    for name in ref:
        try:
            tree_close(ours[name], ref[name])
        except AssertionError as err:
            raise AssertionError(f"{name} {what}: {err}") from err


# --------------------------------------------------------------------- Parameters
def test_ufuncs_accept_parameters():
    x, y = X[:, :3], Y[:, :3]  # the shapes test_numpy_values uses: compiled kernels are reused
    for name in UNARY:
        fn = getattr(mnp, name)
        close(fn(P(x)), fn(x))
    for name in BINARY:
        fn = getattr(mnp, name)
        close(fn(P(x, "a"), P(y, "b")), fn(x, y))
        close(fn(P(x, "a"), 2), fn(x, 2))


def test_other_functions_accept_parameters_under_jit():
    # Parameters are boxed inside the traced function: the same unwrapping path as eager calls
    # (eager values are checked against numpy in test_numpy_values.py).
    with_params = jax.jit(lambda x: _all_others(x, wrap=P))(X)
    _compare_dicts(with_params, _ALL_OTHERS_JIT(X), "Parameter vs array")


def test_a_few_other_functions_accept_parameters_eagerly():
    for name in ("gradient", "interp", "choose", "cov", "concatenate"):
        tree_close(OTHERS[name](P(X)), _ALL_OTHERS_JIT(X)[name])


def test_parameters_in_sequences_and_special_functions():
    p, q = P(X, "a"), P(Y, "b")
    close(mnp.concatenate([p, q]), np.concatenate([X, Y]))
    close(mnp.vstack((p, q)), np.vstack([X, Y]))
    close(
        mnp.choose(mnp.array([0, 1, 1, 0]), [P(V, "c"), P(V * 2, "d")]),
        np.choose([0, 1, 1, 0], [V, V * 2]),
    )
    close(mnp.array(p), X)
    close(mnp.asarray(p), X)
    close(mnp.array([P(V, "e"), P(V, "f")]), np.stack([V, V]))
    assert mnp.size(p) == 8 and not mnp.isscalar(p)
    assert mnp.array_str(P(V[:2], "g")) == np.array_str(V[:2])
    close(mnp.unique(P(np.array([3, 1, 3]), "h")), [1, 3])
    close(mnp.select([p > 0.5], [q]), np.select([X > 0.5], [Y]))
    close(mnp.full((2,), P(np.float32(2.5), "i")), [2.5, 2.5])
    close(mnp.histogram(p, 2)[0], np.histogram(X, 2)[0])
    close(mnp.polyval(P(V, "j"), p), np.polyval(V, X))
    assert mnp.result_type(p, 1.0) == np.float32
    close(mnp.clip(p, P(np.float32(0.4), "lo"), 0.6), np.clip(X, 0.4, 0.6))
    close(mnp.linalg.norm(p), np.linalg.norm(X))


# --------------------------------------------------------------------- jax.jit
def test_ufuncs_under_jit():
    unary, binary = UNARY[::4], BINARY[::4]  # a spread; all are the same two wrappers

    def run(x, y):
        return (
            {n: getattr(mnp, n)(x) for n in unary},
            {n: getattr(mnp, n)(x, y) for n in binary},
            mnp.sqrt(x, dtype=mnp.float16),
        )

    x, y = X[:, :3], Y[:, :3]
    ours = jax.jit(run)(x, y)
    for name in unary:
        close(ours[0][name], getattr(mnp, name)(x))
    for name in binary:
        close(ours[1][name], getattr(mnp, name)(x, y))
    assert ours[2].dtype == np.float16


def test_take_raise_under_jit_gives_fill_value():
    out = jax.jit(lambda i: mnp.take(mnp.array([1.0, 2.0]), i, mode="raise"))(jnp.array([1, 5]))
    assert float(out[0]) == 2.0 and np.isnan(float(out[1]))


def test_creation_under_jit_with_traced_bounds():
    f = jax.jit(
        lambda a, b: (
            mnp.linspace(a, b, 4),
            mnp.logspace(a, b, 3),
            mnp.geomspace(a + 1.0, b + 1.0, 3),
            mnp.full((2,), a),
        )
    )
    ours = f(jnp.float32(0.0), jnp.float32(2.0))
    ref = (np.linspace(0, 2, 4), np.logspace(0, 2, 3), np.geomspace(1, 3, 3), [0.0, 0.0])
    for o, r in zip(ours, ref, strict=True):
        close(o, r, 1e-5, 1e-5)


# --------------------------------------------------------------------- jax.grad
WEIGHTS = jnp.asarray(np.linspace(0.5, 1.5, 64), jnp.float32)
SMOOTH_UNARY = ["arccos", "arctanh", "cbrt", "exp2", "log10", "reciprocal", "sqrt", "tan"]
SMOOTH_BINARY = ["divide", "power", "float_power", "arctan2", "hypot", "logaddexp2"]


def _directional(f, x, d, eps=1e-3):
    """(jax.grad(f) . d, central finite difference of f along d) for a weighted sum of f."""

    def scalar(v):
        out = jnp.asarray(f(v), jnp.float32)
        return jnp.sum(out * WEIGHTS[: out.size].reshape(out.shape))

    fd = (scalar(x + eps * d) - scalar(x - eps * d)) / (2 * eps)
    return jnp.vdot(jax.grad(scalar)(x), d), fd


def _grad_cases():
    cases = {n: getattr(mnp, n) for n in SMOOTH_UNARY}
    for n in SMOOTH_BINARY:
        fn = getattr(mnp, n)
        cases[n + "[x1]"] = lambda x, fn=fn: fn(x, jnp.asarray(Y))
        if n in ("power", "float_power", "arctan2"):
            cases[n + "[x2]"] = lambda y, fn=fn: fn(jnp.asarray(X) * 1.5, y)
    cases.update({n: OTHERS[n] for n in DIFFERENTIABLE})
    return cases


def test_grad_matches_finite_differences():
    cases = _grad_cases()
    d = jnp.asarray(RNG.normal(size=X.shape), jnp.float32)
    results = jax.jit(lambda x, d: {n: _directional(f, x, d) for n, f in cases.items()})(X, d)
    for name, (ad, fd) in results.items():
        np.testing.assert_allclose(float(ad), float(fd), rtol=2e-2, atol=3e-3, err_msg=name)


def test_grad_flows_through_parameters_with_msfunc_grad():
    w = P(np.array([[0.5, -0.2], [0.1, 0.3], [0.2, 0.2], [-0.4, 0.6]], np.float32), "w")
    x = jnp.asarray(X)

    def loss(x):
        return mnp.sum(mnp.tanh(mnp.matmul(x, w)) ** 2) + mnp.mean(mnp.square(w))

    g = msfunc.grad(loss, grad_position=None, weights=w)(x)

    def ref(wv):
        return jnp.sum(jnp.tanh(x @ wv) ** 2) + jnp.mean(wv**2)

    close(g, jax.grad(ref)(w.value()), 1e-5, 1e-6)
    close(msfunc.grad(mnp.sin)(X), np.cos(X), 1e-6, 1e-6)


# --------------------------------------------------------------------- vmap
def test_others_under_vmap_match_a_loop():
    batch = np.stack([X, Y, X * 0.5 + 0.3]).astype(np.float32)

    def some(x):
        return {name: OTHERS[name](x) for name in VMAPPED}

    ours = jax.jit(jax.vmap(some))(batch)
    per_item = [_ALL_OTHERS_JIT(b) for b in batch]  # same shapes: compiled once
    ref = {
        name: jax.tree.map(lambda *xs: jnp.stack(xs), *[d[name] for d in per_item])
        for name in VMAPPED
    }
    _compare_dicts(ours, ref, "vmap vs loop")


def test_ufuncs_under_vmap_with_in_axes():
    out = jax.vmap(mnp.hypot, in_axes=(0, None))(jnp.asarray(X), jnp.asarray(V))
    close(out, np.hypot(X, V))
    out = msfunc.vmap(mnp.arctan2, in_axes=(1, 0))(jnp.asarray(X), jnp.asarray(Y.T))
    close(out, np.arctan2(X.T, Y.T))


# --------------------------------------------------------------------- msfunc.jit
def test_msfunc_jit_sees_parameter_updates_and_random_state():
    w = P(np.ones(3, np.float32), "jit_w")

    @msfunc.jit
    def step(x):
        return mnp.sum(mnp.multiply(w, x)) + mnp.rand(2).sum() * 0.0, mnp.randn(2)

    x = jnp.arange(3.0)
    out1, r1 = step(x)
    w.set_data(msfunc.Tensor(np.full(3, 2.0, np.float32)))
    out2, r2 = step(x)
    assert float(out1) == 3.0 and float(out2) == 6.0
    assert not np.array_equal(r1, r2)  # the global key advances through msfunc.jit


def test_random_functions_follow_seed_under_msfunc_jit():
    f = msfunc.jit(lambda: (mnp.rand(3), mnp.randint(0, 100, (3,))))
    msfunc.set_seed(5)
    a = f()
    msfunc.set_seed(5)
    b = f()
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)
