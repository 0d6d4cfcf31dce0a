"""Small-solve kernels (native C++ and pure-JAX blocked): values, pivoting, tiling, gradients."""

import shutil

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
import msfunc.numpy as mnp
from msfunc.kernels import native
from msfunc.kernels import small_solve as S
from msfunc.kernels.small_solve_blocked import block_size, eliminate_blocked, tile_size
from msfunc.kernels.small_solve_native import MAX_NATIVE_N, available
from msfunc.scipy import linalg as L


@pytest.fixture(params=["native", "pure_jax"])
def kernel(request):
    """Run a test with the C++ kernel, then again with the pure-JAX kernels only.

    The kernel is chosen at trace time and the caches are kept (clearing them costs
    ~20 s here), so the tests jit fresh functions, never `jax.jit(S.solve)` itself.
    """
    if request.param == "pure_jax":
        with native.disabled(clear_caches=False):
            yield request.param
    else:
        if not available(np.float32):
            pytest.skip(f"native kernel: {native.status('small_solve')}")
        yield request.param


def _systems(batch, n, k, seed):
    rng = np.random.default_rng(seed)
    return (
        rng.standard_normal((batch, n, n)).astype(np.float32),
        rng.standard_normal((batch, n, k)).astype(np.float32),
    )


def _rel_err(x, a, b):
    """Per-system max |x - exact| / max |exact| with a float64 LAPACK reference."""
    exact = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    scale = np.max(np.abs(exact), axis=(-2, -1))
    return np.max(np.abs(np.asarray(x, np.float64) - exact), axis=(-2, -1)) / scale


def test_fast_path_covers_n_up_to_32():
    assert S.MAX_FAST_N == 32 and S.UNROLLED_MAX_N == 8
    assert all(1 <= block_size(n) <= n for n in range(9, 33))
    # tiles: multiples of 8 (vectorised), one tile of float32 systems under XLA's 256 KiB
    # task-splitting size
    for n in range(9, 33):
        t = tile_size(n, 1)
        assert t % 8 == 0 and t <= 128 and t * n * (n + 1) * 4 < 256 << 10
    assert (tile_size(16, 1), tile_size(24, 1), tile_size(32, 1)) == (128, 96, 56)


@pytest.mark.parametrize("n,k", [(9, 1), (12, 3), (16, 1), (17, 2), (24, 1), (32, 1), (32, 32)])
def test_blocked_matches_lapack_accuracy(n, k, kernel):
    # random Gaussian matrices reach condition numbers of 1e3-1e5: typical errors must
    # match float32 LAPACK's (jnp.linalg.solve), and every system must meet the forward
    # error bound of a backward-stable solve, n * eps * cond(a)
    a, b = _systems(300, n, k, seed=n + k)
    err = _rel_err(S.solve(a, b), a, b)
    ref = _rel_err(jnp.linalg.solve(a, b), a, b)
    assert np.median(err) <= 2.0 * np.median(ref) + 1e-7
    cond = np.linalg.cond(a.astype(np.float64))
    assert np.all(err <= n * np.finfo(np.float32).eps * cond)
    assert np.all(ref <= n * np.finfo(np.float32).eps * cond)  # the bound is not too tight


def test_kernel_direct_layout():
    n, k, t = 16, 2, 5
    a, b = _systems(t, n, k, seed=1)
    m = jnp.moveaxis(jnp.concatenate([a, b], -1), 0, -1)  # (n, n + k, T)
    x = jnp.moveaxis(jax.jit(eliminate_blocked, static_argnums=1)(m, n), -1, 0)
    np.testing.assert_allclose(
        x,
        np.linalg.solve(a.astype(np.float64), b),
        rtol=0,
        atol=1e-3 * np.abs(np.linalg.solve(a, b)).max(),
    )


@pytest.mark.parametrize("n", [12, 20])
def test_blocked_needs_pivoting(n, kernel):
    # zero diagonal everywhere (a permuted diagonal-dominant matrix): no pivot-free
    # elimination works, partial pivoting must find the row exchanges, including
    # exchanges across block boundaries
    rng = np.random.default_rng(n)
    base = rng.standard_normal((8, n, n)) * 0.1 + 3 * np.eye(n)
    perm = np.roll(np.arange(n), 5)
    a = base[:, perm].astype(np.float32)
    assert np.all(np.diagonal(a, axis1=1, axis2=2) != 3)
    a[:, np.arange(n), np.arange(n)] = 0.0
    b = rng.standard_normal((8, n, 1)).astype(np.float32)
    np.testing.assert_allclose(
        S.solve(a, b), np.linalg.solve(a.astype(np.float64), b), rtol=0, atol=1e-4
    )


def test_blocked_tiles_padding_and_vmap(kernel):
    # a batch that is not a multiple of the tile: identity padding must not leak
    n = 16
    a, b = _systems(333, n, 1, seed=3)
    assert S._chunk_size(n, 1) < 333
    ref = np.linalg.solve(a.astype(np.float64), b)
    tol = dict(rtol=0, atol=2e-3 * np.abs(ref).max())
    np.testing.assert_allclose(jax.jit(lambda a, b: S.solve(a, b))(a, b), ref, **tol)
    np.testing.assert_allclose(ms.vmap(mnp.linalg.solve)(a, b[..., 0]), ref[..., 0], **tol)
    np.testing.assert_allclose(jax.vmap(L.solve)(a, b[..., 0]), ref[..., 0], **tol)
    np.testing.assert_allclose(mnp.linalg.solve(a, b), ref, **tol)


def test_blocked_float64_under_x64(kernel):
    with jax.enable_x64(True):
        a, b = _systems(40, 20, 1, seed=4)
        a, b = a.astype(np.float64), b.astype(np.float64)
        x = S.solve(a, b)
        assert x.dtype == jnp.float64
        np.testing.assert_allclose(x, np.linalg.solve(a, b), rtol=1e-9, atol=1e-9)


def _gradient_problem(rng, n=12):
    """Well-conditioned systems a, b and weights w of a scalar loss sum(x * w)."""
    a = (rng.standard_normal((4, n, n)) + 2 * np.sqrt(n) * np.eye(n)).astype(np.float32)
    return a, *(rng.standard_normal((4, n, 2)).astype(np.float32) for _ in range(2))


def test_blocked_gradients():
    # the default path (native on CPU where it builds); the pure-JAX kernel's gradients
    # are checked by test_pure_jax_kernel_gradients
    rng = np.random.default_rng(5)
    a, b, w = _gradient_problem(rng)
    loss = lambda a, b: jnp.sum(S.solve(a, b) * w)
    ref = lambda a, b: jnp.sum(jnp.linalg.solve(a, b) * w)
    for argnum in (0, 1):
        np.testing.assert_allclose(
            jax.jit(jax.grad(loss, argnum))(a, b), jax.grad(ref, argnum)(a, b), rtol=1e-4, atol=1e-5
        )
    gv = ms.vmap(ms.grad(lambda a, b, w: jnp.sum(S.solve(a, b) * w)))(a, b, w)
    np.testing.assert_allclose(gv, jax.grad(ref)(a, b), rtol=1e-4, atol=1e-5)
    da = rng.standard_normal(a.shape).astype(np.float32)
    _, t = jax.jvp(lambda a: S.solve(a, b), (a,), (da,))
    _, t_ref = jax.jvp(lambda a: jnp.linalg.solve(a, b), (a,), (da,))
    np.testing.assert_allclose(t, t_ref, rtol=1e-4, atol=1e-5)
    jf = ms.jacfwd(lambda b: S.solve(a[:2], b))(b[:2])
    np.testing.assert_allclose(
        jf, jax.jacrev(lambda b: jnp.linalg.solve(a[:2], b))(b[:2]), atol=1e-5
    )
    # central finite difference of one entry, float64 numpy
    a64, b64, w64 = (x.astype(np.float64) for x in (a, b, w))
    eps, i = 1e-6, (1, 3, 7)
    d = np.zeros_like(a64)
    d[i] = eps
    fd = (
        np.sum(np.linalg.solve(a64 + d, b64) * w64) - np.sum(np.linalg.solve(a64 - d, b64) * w64)
    ) / (2 * eps)
    np.testing.assert_allclose(jax.grad(loss)(a, b)[i], fd, rtol=1e-3)


def test_pure_jax_kernel_gradients():
    # gradients only differ between the kernels through their forward values: one
    # compiled check per argument against jnp.linalg.solve is enough here
    a, b, w = _gradient_problem(np.random.default_rng(9))
    ref = lambda a, b: jnp.sum(jnp.linalg.solve(a, b) * w)
    with native.disabled(clear_caches=False):
        loss = lambda a, b: jnp.sum(S.solve(a, b) * w)
        got = jax.jit(jax.grad(loss, (0, 1)))(a, b)
    for g, r in zip(got, jax.grad(ref, (0, 1))(a, b)):
        np.testing.assert_allclose(g, r, rtol=1e-4, atol=1e-5)


def test_large_n_keeps_jax_path(kernel):
    # n above both kernels' limits: the lowered program calls LAPACK, no custom kernel
    a, b = _systems(4, MAX_NATIVE_N + 16, 1, seed=6)
    text = jax.jit(lambda a, b: S.solve(a, b)).lower(a, b).as_text()
    raw = jax.jit(jnp.linalg.solve).lower(a, b).as_text()
    assert "lapack" in text.lower() and text.count("while") == raw.count("while")
    assert "msfunc_small_solve" not in text
    np.testing.assert_allclose(
        S.solve(a, b),
        np.linalg.solve(a.astype(np.float64), b),
        rtol=0,
        atol=1e-3 * np.abs(np.linalg.solve(a, b)).max(),
    )


@pytest.mark.parametrize("n", [1, 2, 3])
def test_tiny_path_values_and_pivoting(n):
    rng = np.random.default_rng(10 + n)
    a = rng.standard_normal((200, n, n)).astype(np.float32)
    if n > 1:
        a[:100, 0, 0] = 0.0  # zero leading entry: needs a row exchange
    b = rng.standard_normal((200, n, 2)).astype(np.float32)
    x = S.solve(a, b)
    err, ref = _rel_err(x, a, b), _rel_err(jnp.linalg.solve(a, b), a, b)
    cond = np.linalg.cond(a.astype(np.float64))
    assert np.median(err) <= 2.0 * np.median(ref) + 1e-7
    assert np.all(err <= 4 * np.finfo(np.float32).eps * cond)
    # the batch-first entry kernel runs without moving the batch axis: no transpose
    hlo = jax.jit(S.solve).lower(a, b).as_text()
    assert "transpose" not in hlo and "lapack" not in hlo.lower()
    assert "msfunc_small_solve" not in hlo


def test_tiny_path_transforms_in_newton():
    # 2-D Newton steps with jacfwd + solve under vmap/jit reach the root found with scalar
    # unknowns; grad through the tiny solve matches jnp.linalg.solve's
    def residual(x, p):
        return jnp.stack(
            [
                x[0] ** 3 + x[0] + 0.5 * jnp.sin(x[1]) - p[0],
                x[1] ** 3 + x[1] + 0.5 * jnp.cos(x[0]) - p[1],
            ]
        )

    def newton(solve):
        def run(p):
            x = jnp.zeros(2)
            for _ in range(20):
                x = x - solve(ms.jacfwd(residual)(x, p), residual(x, p))
            return x

        return ms.jit(ms.vmap(run))

    p = np.random.default_rng(0).uniform(-2, 2, (50, 2)).astype(np.float32)
    roots = np.asarray(newton(mnp.linalg.solve)(p))
    np.testing.assert_allclose(jax.vmap(residual)(roots, p), 0.0, atol=1e-5)
    np.testing.assert_allclose(roots, newton(jnp.linalg.solve)(p), atol=1e-5)
    a = np.array([[[0.0, 2.0], [3.0, 1.0]]] * 3, np.float32) + np.arange(3)[:, None, None]
    b = np.ones((3, 2, 1), np.float32)
    for argnum in (0, 1):
        np.testing.assert_allclose(
            jax.grad(lambda a, b: jnp.sum(S.solve(a, b) ** 2), argnum)(a, b),
            jax.grad(lambda a, b: jnp.sum(jnp.linalg.solve(a, b) ** 2), argnum)(a, b),
            rtol=1e-5,
            atol=1e-6,
        )


def test_bench_small_solve_smoke():
    # the benchmark's quick mode runs, and what it times is right (errors vs float64,
    # Newton roots equal to the scalar-unknown solver's)
    from benchmarks import bench_small_solve

    out = bench_small_solve.main(quick=True)
    for n, row in out["sweep"].items():
        assert {
            "raw jnp.linalg.solve",
            "msfunc mnp.linalg.solve",
            "msfunc ms.vmap(scipy.linalg.solve)",
        } <= set(row["ratios"])
        for err in row["errors"].values():
            assert np.median(err) < 1e-5, n
    roots = out["newton"]["roots"]
    base = roots["raw scalar unknowns (Cramer)"]
    for r in roots.values():
        np.testing.assert_allclose(r, base, atol=1e-4)


def _compiler_present():
    return any(shutil.which(c) for c in ("c++", "g++", "clang++"))


@pytest.mark.skipif(not _compiler_present(), reason="no C++ compiler on this machine")
def test_native_kernel_builds_where_a_compiler_exists():
    # a silently failing build would only make the native tests skip: fail instead
    assert native.status("small_solve") == "available"
    assert available(np.float32) and available(np.float64) and not available(np.complex64)


@pytest.mark.parametrize("n", [4, 5, 8, 16, 33, 40, MAX_NATIVE_N])
def test_native_lowered_on_cpu_with_lapack_accuracy(n):
    if not available(np.float32):
        pytest.skip(f"native kernel: {native.status('small_solve')}")
    a, b = _systems(150, n, 2, seed=20 + n)
    text = jax.jit(lambda a, b: S.solve(a, b)).lower(a, b).as_text()
    assert "msfunc_small_solve_f32" in text and "while" not in text
    with native.disabled(clear_caches=False):  # a function traced afresh takes the JAX path
        text = jax.jit(lambda a, b: S.solve(a, b)).lower(a, b).as_text()
    assert "msfunc_small_solve" not in text
    assert ("while" in text) == (n > 8) and ("lapack" in text.lower()) == (n > 32)
    err = _rel_err(S.solve(a, b), a, b)
    ref = _rel_err(jnp.linalg.solve(a, b), a, b)
    assert np.median(err) <= 1.5 * np.median(ref) + 1e-7
    cond = np.linalg.cond(a.astype(np.float64))
    assert np.all(err <= n * np.finfo(np.float32).eps * cond)


@pytest.mark.parametrize(
    "batch,n,k",
    [
        ((1,), 6, 1),
        ((7,), 9, 3),
        ((9,), 16, 1),
        ((3, 5), 12, 2),
        ((2, 3, 4), 5, 1),
        ((4100,), 16, 1),
    ],
)
def test_native_lane_groups_and_batch_shapes(batch, n, k):
    # batches that leave a partial group of 8 lanes, several batch axes, and one large
    # enough to be shared with XLA's thread pool (4100 = 512 full groups + 4 systems)
    if not available(np.float32):
        pytest.skip(f"native kernel: {native.status('small_solve')}")
    rng = np.random.default_rng(n * k)
    a = (rng.standard_normal(batch + (n, n)) + 2 * np.sqrt(n) * np.eye(n)).astype(np.float32)
    b = rng.standard_normal(batch + (n, k)).astype(np.float32)
    ref = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(S.solve(a, b), ref, rtol=0, atol=2e-5 * np.abs(ref).max())
    np.testing.assert_allclose(
        jax.jit(lambda a, b: S.solve(a, b))(a, b), ref, rtol=0, atol=2e-5 * np.abs(ref).max()
    )


def test_singular_system_stays_in_its_lane(kernel):
    # an exactly singular system gives non-finite values, like LAPACK, and does not
    # disturb the systems solved beside it in the same group of lanes
    a, b = _systems(11, 10, 1, seed=7)
    a[3] = 0.0
    a[3, :, 0] = 1.0
    x = np.asarray(S.solve(a, b))
    assert not np.all(np.isfinite(x[3]))
    assert not np.all(np.isfinite(np.asarray(jnp.linalg.solve(a, b))[3]))
    keep = np.arange(11) != 3
    ref = np.linalg.solve(a[keep].astype(np.float64), b[keep])
    np.testing.assert_allclose(x[keep], ref, rtol=0, atol=1e-3 * np.abs(ref).max())


@pytest.mark.parametrize("platform", ["cuda", "tpu"])
def test_other_platforms_lower_the_pure_jax_kernel(platform):
    # the native call is CPU-only: a program exported for a GPU or TPU carries the
    # pure-JAX elimination loops instead (no accelerator is needed to lower for one)
    a, b = _systems(10, 16, 1, seed=8)
    text = jax.export.export(jax.jit(S.solve), platforms=[platform])(a, b).mlir_module()
    assert "msfunc_small_solve" not in text and "stablehlo.while" in text


def test_native_build_cache_lock_and_failure(tmp_path, monkeypatch):
    # builds once into the cache (atomic rename), reuses the file, and reports a failing
    # compile as unavailable with the compiler's message instead of raising
    if not _compiler_present():
        pytest.skip("no C++ compiler on this machine")
    src = tmp_path / "src"
    src.mkdir()
    (src / "probe.cc").write_text('extern "C" int msfunc_probe() { return 42; }\n')
    (src / "broken.cc").write_text("this is not C++\n")
    monkeypatch.setattr(native, "_SOURCES", src)
    monkeypatch.setenv("MSFUNC_CACHE_DIR", str(tmp_path / "cache"))
    built = native._build("probe")
    assert built.parent == tmp_path / "cache" and built.name.startswith("probe-")
    stamp = built.stat().st_mtime_ns
    assert native._build("probe") == built and built.stat().st_mtime_ns == stamp
    assert not [p for p in built.parent.iterdir() if p.suffix == ".so" and p != built]
    assert native._load("probe").msfunc_probe() == 42
    with pytest.raises(OSError, match="failed"):
        native._build("broken")
    assert native._load("broken") is None
    assert native.status("broken").startswith("build failed")
    assert list((tmp_path / "cache").glob("tmp*")) == []  # no half-written file left
    monkeypatch.setenv("MSFUNC_NATIVE", "0")
    assert native.library("probe") is None and native.status("probe").startswith("disabled")


def test_first_build_says_it_is_compiling(tmp_path, monkeypatch, caplog):
    """A build (about 10 s) is announced before it starts, never silent."""
    monkeypatch.setenv("MSFUNC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(native, "_compiler", lambda: "/bin/false")  # fails at once
    with caplog.at_level("WARNING", logger="msfunc"), pytest.raises(OSError, match="failed"):
        native._build("small_solve")
    assert "compiling msfunc's native small_solve kernel once" in caplog.text
    assert "python -m msfunc.kernels.build" in caplog.text
