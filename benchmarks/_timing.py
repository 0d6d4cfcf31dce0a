"""Shared timing helper: interleaved per-call timings, medians and msfunc/raw ratios."""

from __future__ import annotations

import os
import platform
import statistics
import time
from dataclasses import dataclass, field

import jax

__all__ = ["Result", "compare", "print_table", "quick_mode", "machine_line", "block"]


def quick_mode(quick=None):
    """True when asked for a smoke run: `quick=True` or the env var MSFUNC_BENCH_QUICK=1.

    Example:
        >>> quick_mode(True)
        True
    """
    if quick is not None:
        return bool(quick)
    return os.environ.get("MSFUNC_BENCH_QUICK", "") not in ("", "0")


def block(x):
    """Wait until every array in `x` is computed and return `x` (a timing fence).

    Example:
        >>> import jax.numpy as jnp
        >>> float(block(jnp.ones(2)).sum())
        2.0
    """
    return jax.block_until_ready(x)


def machine_line():
    """One line naming the machine, the cores and the jax version (for the tables)."""
    devices = ", ".join(sorted({d.platform for d in jax.devices()}))
    return (
        f"{platform.machine()} {os.cpu_count()} cores, jax {jax.__version__} on "
        f"{devices}, {time.strftime('%Y-%m-%d')}"
    )


@dataclass
class Result:
    """Per-call times (seconds) of one case, all rounds together and per round."""

    name: str
    times: list = field(default_factory=list)
    rounds: list = field(default_factory=list)

    @property
    def median(self):
        return statistics.median(self.times)

    def quantile(self, q):
        """The q-quantile (0..1) of all per-call times."""
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def round_medians(self):
        return [statistics.median(r) for r in self.rounds]


def compare(cases, *, calls, rounds=5, chunk=None, warmup=3):
    """Time each zero-argument callable in `cases` (a dict name -> fn), interleaved.

    Every case is warmed up `warmup` times, then each of `rounds` rounds times
    `calls` calls of every case, one call at a time (each call must block until
    its result is ready; wrap with `block`). Within a round the cases alternate
    in chunks of `chunk` calls (A B A B ...), with the order rotated every chunk
    so that no case always runs right after the same other one.

    Example:
        >>> res = compare({"a": lambda: None, "b": lambda: None}, calls=4, rounds=2)
        >>> len(res["a"].times), len(res["b"].rounds)
        (8, 2)
    """
    if calls < 1 or rounds < 1:
        raise ValueError(f"compare: `calls` and `rounds` must be >= 1, got {calls}, {rounds}")
    chunk = chunk or max(1, min(calls, 25))
    names = list(cases)
    results = {n: Result(n) for n in names}
    for name in names:
        for _ in range(warmup):
            cases[name]()
    clock = time.perf_counter
    for _ in range(rounds):
        per_round = {n: [] for n in names}
        done, k = 0, 0
        while done < calls:
            n_now = min(chunk, calls - done)
            order = names[k % len(names) :] + names[: k % len(names)]
            for name in order:
                fn, sink = cases[name], per_round[name]
                for _ in range(n_now):
                    t0 = clock()
                    fn()
                    sink.append(clock() - t0)
            done += n_now
            k += 1
        for name in names:
            results[name].times.extend(per_round[name])
            results[name].rounds.append(per_round[name])
    return results


def _fmt(seconds):
    us = seconds * 1e6
    if us >= 1000:
        return f"{us / 1000:9.3f} ms"
    return f"{us:9.1f} us"


def print_table(title, results, baseline, target=None, notes=()):
    """Print medians and the ratio of every case to `baseline`; returns {name: ratio}.

    The ratio is median(case) / median(baseline) over all calls; the bracket
    gives the smallest and largest per-round ratio, a measure of the noise. The
    10th percentile and its ratio follow: on a loaded machine they show the cost
    with the least interference from other processes.
    """
    base = results[baseline]
    base_rounds = base.round_medians()
    print(f"\n== {title}")
    print(f"   ({machine_line()}; {len(base.times)} calls per case in {len(base.rounds)} rounds)")
    print(
        f"   {'case':40s} {'median':>12s} {'ratio':>6s} {'per-round ratios':>16s} "
        f"{'p10':>12s} {'ratio':>6s}"
    )
    ratios = {}
    for name, res in results.items():
        ratio = res.median / base.median
        ratios[name] = ratio
        per_round = [m / b for m, b in zip(res.round_medians(), base_rounds, strict=True)]
        spread = f"[{min(per_round):.3f}, {max(per_round):.3f}]"
        mark = ""
        if target is not None and name != baseline and name.startswith("msfunc"):
            mark = "  ok" if ratio <= target else f"  ABOVE TARGET {target}x"
        low = res.quantile(0.1) / base.quantile(0.1)
        print(
            f"   {name:40s} {_fmt(res.median)} {ratio:6.3f} {spread:>16s} "
            f"{_fmt(res.quantile(0.1))} {low:6.3f}{mark}"
        )
    for note in notes:
        print(f"   note: {note}")
    return ratios
