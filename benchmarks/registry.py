"""The workload registry: each workload builds `Bench`es that the runner times side by side.

Adding a workload is one decorated function in any ``benchmarks/workloads_*.py`` module
(the modules are discovered by name, nothing else needs editing)::

    @register("my_workload", "what it measures", needs=lambda: None)
    def my_workload(quick):
        return Bench(title="...", cases={"raw jax ...": fn0, "msfunc ...": fn1},
                     baseline="raw jax ...", calls=100 if not quick else 3)

`needs` returns None when the workload can run here, or a sentence saying why not
(a part of msfunc not written yet, an optional library not installed); the report
then lists the workload as skipped with that sentence.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

from ._timing import compare

__all__ = [
    "Bench",
    "BenchResult",
    "Workload",
    "register",
    "workloads",
    "measure",
    "optional_module",
]


@dataclass
class Bench:
    """One table: zero-argument cases timed interleaved against `baseline`.

    Each case returns its output (the runner blocks on it). The first call of each
    case is timed on its own (trace + compile + one run); when `tol` is not None the
    first-call outputs of every case not in `unchecked` must equal the baseline's
    within `tol` (absolute), or the run fails: a benchmark of a wrong answer is void.
    """

    title: str
    cases: dict[str, Callable[[], Any]]
    baseline: str
    calls: int
    rounds: int = 5
    warmup: int = 2
    tol: float | None = 1e-5
    unchecked: tuple = ()
    notes: list = field(default_factory=list)
    short: str = ""  # a few words telling this table from its workload's others (plot labels)

    def smoke(self):
        """This table for ``--quick``: msfunc's cases and the baseline, without the other
        libraries' rows (Flax, Equinox), whose compiles would take most of a smoke run, and
        without warm-up calls (the timed first call has compiled each case already).

        Example:
            >>> b = Bench("t", {"raw": int, "msfunc x": int, "flax y": int}, "raw", calls=1)
            >>> sorted(b.smoke().cases)
            ['msfunc x', 'raw']
        """
        others = ("flax", "equinox")
        kept = {
            name: case
            for name, case in self.cases.items()
            if name == self.baseline or not name.lower().startswith(others)
        }
        notes = [*self.notes, "--quick: the Flax and Equinox rows are left out."]
        return dataclasses.replace(self, cases=kept, notes=notes, warmup=0)

    def __post_init__(self):
        if self.baseline not in self.cases:
            raise ValueError(
                f"Bench {self.title!r}: `baseline` {self.baseline!r} is not a case "
                f"(cases: {sorted(self.cases)})"
            )


@dataclass
class CaseResult:
    """Timings of one case: median, p10 (seconds), their ratios to the baseline."""

    name: str
    median: float
    p10: float
    ratio: float
    p10_ratio: float
    round_ratios: tuple
    first_call: float
    max_diff: float | None


@dataclass
class BenchResult:
    """A measured `Bench`: its title, baseline, per-case results and notes."""

    workload: str
    title: str
    baseline: str
    calls: int
    rounds: int
    rows: list
    notes: list
    short: str = ""


@dataclass
class Workload:
    """A registered workload: `build(quick)` returns a Bench or a list of them."""

    name: str
    description: str
    build: Callable[[bool], Any]
    needs: Callable[[], str | None]

    def missing(self):
        """None when the workload can run here, else the reason it cannot."""
        return self.needs()

    def benches(self, quick):
        built = self.build(quick)
        return [built] if isinstance(built, Bench) else list(built)


_REGISTRY: dict[str, Workload] = {}


def register(name, description, needs=None):
    """Decorator registering `build(quick) -> Bench | [Bench]` under `name`.

    Example:
        >>> @register("doc_example", "a no-op", needs=lambda: "only an example")
        ... def _example(quick):
        ...     return []
        >>> _REGISTRY["doc_example"].missing()
        'only an example'
        >>> _ = _REGISTRY.pop("doc_example")
    """

    def wrap(build):
        if name in _REGISTRY:
            raise ValueError(f"register: a workload named {name!r} is already registered")
        _REGISTRY[name] = Workload(name, description, build, needs or (lambda: None))
        return build

    return wrap


def workloads():
    """{name: Workload} from every ``benchmarks/workloads_*.py`` module, ordered by the
    modules' ``ORDER`` (a number, default 100), then by registration."""
    package = importlib.import_module(__package__)
    order = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("workloads_"):
            module = importlib.import_module(f"{__package__}.{info.name}")
            order[module.__name__] = getattr(module, "ORDER", 100)
    ranked = sorted(
        enumerate(_REGISTRY.values()),
        key=lambda iw: (order.get(iw[1].build.__module__, 100), iw[0]),
    )
    return {w.name: w for _, w in ranked}


def optional_module(name):
    """The module `name`, or None when it is not importable (an optional comparison)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _max_diff(out, ref):
    leaves, ref_leaves = jax.tree.leaves(out), jax.tree.leaves(ref)
    if len(leaves) != len(ref_leaves):
        return float("inf")
    diffs = [
        float(np.max(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))))
        if np.size(b)
        else 0.0
        for a, b in zip(leaves, ref_leaves)
    ]
    return max(diffs, default=0.0)


def measure(workload_name, bench: Bench) -> BenchResult:
    """Time `bench`: first calls one by one, then every case interleaved (`compare`)."""
    first, outputs = {}, {}
    for name, fn in bench.cases.items():
        t0 = time.perf_counter()
        outputs[name] = jax.block_until_ready(fn())
        first[name] = time.perf_counter() - t0
    diffs = {}
    if bench.tol is not None:
        ref = outputs[bench.baseline]
        for name, out in outputs.items():
            if name in bench.unchecked:
                continue
            diffs[name] = _max_diff(out, ref)
            if not diffs[name] <= bench.tol:
                raise AssertionError(
                    f"{workload_name}: {bench.title}: {name!r} differs from "
                    f"{bench.baseline!r} by {diffs[name]:.3g} > {bench.tol}"
                )
    cases = {name: (lambda fn=fn: jax.block_until_ready(fn())) for name, fn in bench.cases.items()}
    timed = compare(cases, calls=bench.calls, rounds=bench.rounds, warmup=bench.warmup)
    base = timed[bench.baseline]
    base_rounds = base.round_medians()
    rows = []
    for name, res in timed.items():
        rows.append(
            CaseResult(
                name=name,
                median=res.median,
                p10=res.quantile(0.1),
                ratio=res.median / base.median,
                p10_ratio=res.quantile(0.1) / base.quantile(0.1),
                round_ratios=tuple(m / b for m, b in zip(res.round_medians(), base_rounds)),
                first_call=first[name],
                max_diff=diffs.get(name),
            )
        )
    return BenchResult(
        workload_name,
        bench.title,
        bench.baseline,
        bench.calls,
        bench.rounds,
        rows,
        list(bench.notes),
        bench.short,
    )
