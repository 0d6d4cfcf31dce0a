"""Data-parallel training steps/s on 1, 2, 4 and 8 simulated CPU devices.

Run: ``python -m benchmarks.bench_data_parallel`` (``MSFUNC_BENCH_QUICK=1`` or
``run(quick=True)`` for a smoke run).

Each device count runs in its own subprocess (the simulated device count must be set
before JAX starts): an MLP (64-256-256-10) trained by a `msfunc.jit` step with Adam
on batches of 256 split across the devices (`parallel.distribute_batch`, Parameters
replicated by `parallel.prepare`), plus the same with ZeRO-1 optimizer state
(``enable_parallel_optimizer=True``). Simulated devices share the host's cores, so
this measures the partitioner's overhead, not a speed-up. Each step is waited for before
the next (see `_worker`).

Figures (2026-11-24, x86_64, 2 CPU cores shared with other jobs, jax 0.10.2; best of 3
rounds of 100 steps; runs vary by up to 2x with the machine's load):

    devices     steps/s    ZeRO-1 steps/s
          1       208.6             204.0
          2       230.9             253.7
          4        98.4             242.8
          8       105.9             125.5
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_COUNTS = (1, 2, 4, 8)
BATCH = 256


def _worker(devices, steps, zero):
    """Inside the subprocess: time `steps` data-parallel steps; print steps/s."""
    import jax
    import numpy as np

    import msfunc as ms
    from msfunc import nn, parallel

    assert jax.device_count() == devices, jax.devices()
    ms.set_seed(0)
    net = nn.SequentialCell(
        [nn.Dense(64, 256), nn.ReLU(), nn.Dense(256, 256), nn.ReLU(), nn.Dense(256, 10)]
    )
    opt = nn.Adam(net.trainable_params(), learning_rate=1e-3)
    loss_fn = nn.CrossEntropyLoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL, enable_parallel_optimizer=zero
    )
    parallel.prepare(net, opt)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, 64)).astype(np.float32)
    y = rng.integers(0, 10, BATCH).astype(np.int32)
    xs, ys = parallel.distribute_batch(x, y)
    for _ in range(3):
        jax.block_until_ready(step(xs, ys))
    best = 0.0
    for _ in range(3):  # best of 3 rounds: the host's cores are shared
        start = time.perf_counter()
        for _ in range(steps):
            # One step in flight at a time: queueing many steps of a program with collectives
            # on simulated CPU devices can starve XLA's shared thread pool and deadlock.
            jax.block_until_ready(step(xs, ys))
        best = max(best, steps / (time.perf_counter() - start))
    return best


def _measure(devices, steps, zero):
    env = dict(
        os.environ, PYTHONPATH=ROOT, XLA_FLAGS=f"--xla_force_host_platform_device_count={devices}"
    )
    cmd = [
        sys.executable,
        "-m",
        "benchmarks.bench_data_parallel",
        "--worker",
        str(devices),
        str(steps),
        "1" if zero else "0",
    ]
    out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    for line in out.stdout.splitlines():
        if line.startswith("STEPS_PER_S "):
            return float(line.split()[1])
    raise RuntimeError(
        f"bench_data_parallel worker ({devices} devices) failed:\n"
        f"{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    )


def run(quick=None):
    """Rows of (devices, steps/s replicated optimizer state, steps/s ZeRO-1)."""
    if quick is None:
        quick = os.environ.get("MSFUNC_BENCH_QUICK", "") not in ("", "0")
    steps = 5 if quick else 100
    counts = (1, 2) if quick else DEVICE_COUNTS
    return [
        {
            "devices": n,
            "steps_per_s": round(_measure(n, steps, False), 1),
            "zero1_steps_per_s": round(_measure(n, steps, True), 1),
        }
        for n in counts
    ]


def main():
    import jax

    rows = run()
    print(
        f"data-parallel MLP 64-256-256-10, Adam, batch {BATCH}; simulated CPU devices on "
        f"{os.cpu_count()} cores, jax {jax.__version__}, {time.strftime('%Y-%m-%d')}"
    )
    print(f"{'devices':>8}{'steps/s':>12}{'ZeRO-1 steps/s':>18}")
    for row in rows:
        print(f"{row['devices']:>8}{row['steps_per_s']:>12}{row['zero1_steps_per_s']:>18}")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        rate = _worker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1")
        print(f"STEPS_PER_S {rate}")
    else:
        main()
