"""Smoke test: every benchmark runs with tiny counts and msfunc's numbers equal raw JAX's."""

import numpy as np
import pytest

from benchmarks import bench_train_step, bench_vmap


@pytest.fixture(scope="module")
def train_results():
    return bench_train_step.main(quick=True)


@pytest.fixture(scope="module")
def vmap_results():
    return bench_vmap.main(quick=True)


@pytest.mark.parametrize("kind", ["smoke", "tiny"])
def test_train_step_losses_match_raw_jax(train_results, kind):
    losses = train_results["checks"][kind]
    raw = np.asarray(losses["raw (ms formula)"])
    assert len(raw) == 3 and np.all(np.isfinite(raw))
    for name in ("msfunc jit", "msfunc TrainOneStepCell jit"):
        np.testing.assert_allclose(losses[name], raw, rtol=1e-5, atol=1e-6, err_msg=name)
    if kind == "tiny":  # momentum-free SGD: MindSpore's and optax's updates coincide
        np.testing.assert_allclose(losses["raw (optax)"], raw, rtol=1e-5, atol=1e-6)
    assert raw[-1] < raw[0]  # the steps really train


def test_train_step_tables_have_every_case(train_results):
    for key in ("large", "tiny"):
        ratios = train_results[key]
        assert {"msfunc jit fusion step", "msfunc TrainOneStepCell under ms.jit"} <= set(ratios)
        assert all(np.isfinite(r) and r > 0 for r in ratios.values())


def test_vmap_cases_match_raw_jax(vmap_results):
    for workload, tol in (("per_example", 1e-5), ("newton", 1e-4), ("linear", 1e-4)):
        diffs = vmap_results[workload]["diffs"]
        assert any(name.startswith("msfunc") for name in diffs)
        for name, d in diffs.items():
            assert d <= tol, f"{workload}: {name} differs from raw JAX by {d}"


def test_vmap_baselines_are_right(vmap_results):
    # per-example gradients: the batch mean of them is the gradient of the mean loss,
    # checked against central finite differences on one weight.
    params, x, y = vmap_results["per_example"]["args"]
    grads = vmap_results["per_example"]["baseline_out"]
    w0 = np.asarray(params[0][0], np.float64)

    def mean_loss(w):
        h = np.tanh(np.asarray(x, np.float64) @ w + np.asarray(params[0][1]))
        h = np.tanh(h @ np.asarray(params[1][0]) + np.asarray(params[1][1]))
        out = h @ np.asarray(params[2][0]) + np.asarray(params[2][1])
        return np.mean(np.sum((out - np.asarray(y)) ** 2, axis=1))

    e = np.zeros_like(w0)
    e[3, 5] = 1e-4
    fd = (mean_loss(w0 + e) - mean_loss(w0 - e)) / 2e-4
    np.testing.assert_allclose(np.mean(grads[0][0], axis=0)[3, 5], fd, rtol=1e-3, atol=1e-5)

    # Newton: the roots zero the residual.
    (ab,) = vmap_results["newton"]["args"]
    roots = vmap_results["newton"]["baseline_out"]
    r0 = roots[:, 0] ** 3 + roots[:, 0] + 0.5 * np.sin(roots[:, 1]) - np.asarray(ab[:, 0])
    r1 = roots[:, 1] ** 3 + roots[:, 1] + 0.5 * np.cos(roots[:, 0]) - np.asarray(ab[:, 1])
    assert max(np.max(np.abs(r0)), np.max(np.abs(r1))) < 1e-5

    # Linear solves: numpy's answer.
    a, b = vmap_results["linear"]["args"]
    np.testing.assert_allclose(
        vmap_results["linear"]["baseline_out"],
        np.linalg.solve(np.asarray(a), np.asarray(b)[..., None])[..., 0],
        rtol=1e-4,
        atol=1e-5,
    )


def test_entry_point_quick_run_writes_table_and_plot(tmp_path, capsys):
    from benchmarks.__main__ import main

    out = main(["--quick", "--only", "train_step_tiny,data_sink,eager_ops", "--out", str(tmp_path)])
    assert out["failed"] == [] and out["skipped"] == []
    assert [r.workload for r in out["results"]] == ["train_step_tiny", "data_sink", "eager_ops"]
    for res in out["results"]:
        names = [row.name for row in res.rows]
        assert res.baseline in names and any(n.startswith("msfunc") for n in names)
        for row in res.rows:  # every compared case agreed with raw JAX on its first call
            assert row.max_diff is not None and row.max_diff <= 1e-4, (res.title, row.name)
            assert row.median > 0 and row.first_call > 0
    table = (tmp_path / "partial.md").read_text()
    assert "Device jax used" in table and "| msfunc ms.jit fusion step" in table
    assert (tmp_path / "partial.png").read_bytes()[:4] == b"\x89PNG"
    assert not (tmp_path / "latest.md").exists()  # only a whole default run writes latest.*

    main(["--list"])
    listing = capsys.readouterr().out
    for name in (
        "train_step_large",
        "nested_grad",
        "small_solve_sweep",
        "import_time",
        "data_parallel",
        "cnn_step",
        "per_example_grads",
        "batch_solvers",
    ):
        assert name in listing


def test_bench_rejects_a_baseline_that_is_not_a_case():
    from benchmarks.registry import Bench

    with pytest.raises(ValueError, match="baseline"):
        Bench(title="t", cases={"a": lambda: 0}, baseline="b", calls=1)


def test_a_case_that_disagrees_with_the_baseline_fails_the_table():
    from benchmarks.registry import Bench, measure

    bench = Bench(
        title="t",
        cases={"raw": lambda: np.ones(3), "msfunc": lambda: np.zeros(3)},
        baseline="raw",
        calls=1,
        rounds=1,
        tol=1e-6,
    )
    with pytest.raises(AssertionError, match="differs"):
        measure("w", bench)


def test_cnn_step_implementations_agree_on_the_first_step():
    # msfunc, hand-written raw JAX, Flax NNX and Equinox (when installed) train the same
    # conv + BatchNorm CNN from the same weights: the table's first-call check compares the
    # loss, the BN running statistics and the updated weights (measure raises otherwise).
    from benchmarks.registry import measure, optional_module
    from benchmarks.workloads_cnn import cnn_step

    res = measure("cnn_step", cnn_step(True, anchors=True))
    rows = {row.name.split()[0]: row for row in res.rows}
    expected = {"raw", "msfunc", "flax"} | ({"equinox"} if optional_module("equinox") else set())
    assert set(rows) == expected
    assert all(row.max_diff <= 1e-5 for row in rows.values())
