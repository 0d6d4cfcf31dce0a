"""`python -m benchmarks`: every workload side by side with raw JAX; a Markdown table and a plot.

Options: ``--list`` (the workloads and whether they can run here), ``--only a,b``,
``--quick`` (smoke sizes and counts, seconds), ``--out DIR`` (default
``benchmarks/results``), ``--replot`` (redraw ``latest.png`` from ``latest.md``). The full
default run writes ``latest.md``, ``latest.png``; runs with ``--only`` or ``--quick`` write
``partial.md``, ``partial.png``, so the committed table is always a whole run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback

import jax

from . import report
from .registry import BenchResult, measure, workloads

DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def _parse(argv):
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--only", default="", help="comma-separated workload names")
    parser.add_argument("--quick", action="store_true", help="smoke sizes and counts")
    parser.add_argument("--list", action="store_true", help="list the workloads and exit")
    parser.add_argument("--out", default=DEFAULT_OUT, help="folder for the table and the plot")
    parser.add_argument("--no-plot", action="store_true", help="write the table only")
    parser.add_argument(
        "--replot",
        action="store_true",
        help="redraw latest.png from latest.md in --out, measuring nothing",
    )
    return parser.parse_args(argv)


def _warm_up():
    """Pay the process's one-time costs (backend start, msfunc's first jit) before timing."""
    import msfunc as ms

    jax.block_until_ready(jax.jit(lambda x: x + 1)(1.0))
    jax.block_until_ready(ms.jit(lambda x: x * 2)(jax.numpy.ones(2)))


def _print(name, res):
    print(f"\n== {name}: {res.title}")
    for row in res.rows:
        print(
            f"   {row.name:56s} {report.fmt_seconds(row.median):>10s} "
            f"{row.ratio:7.3f}x  first call {report.fmt_seconds(row.first_call)}"
        )


def main(argv=None):
    """Run the chosen workloads and write the report; returns {'results': [BenchResult],
    'skipped': [(name, why)], 'failed': [(name, error)], 'table': path, 'plot': path}.
    Exits with status 1 after writing the report when a workload failed."""
    args = _parse(sys.argv[1:] if argv is None else argv)
    if args.replot:
        table, picture = os.path.join(args.out, "latest.md"), os.path.join(args.out, "latest.png")
        with open(table) as f:
            results, info = report.from_markdown(f.read())
        report.plot(results, info, picture)
        print(f"redrew {picture} from {table}")
        return {"results": results, "skipped": [], "failed": [], "table": table, "plot": picture}
    registry = workloads()
    if args.list:
        for name, w in registry.items():
            missing = w.missing()
            print(f"{name:22s} {w.description}" + (f"  [skipped: {missing}]" if missing else ""))
        return {"results": [], "skipped": [], "failed": [], "table": None, "plot": None}
    chosen = [n.strip() for n in args.only.split(",") if n.strip()] or list(registry)
    unknown = [n for n in chosen if n not in registry]
    if unknown:
        raise SystemExit(f"--only: unknown workload(s) {unknown}; known: {', '.join(registry)}")
    info = report.machine()
    print(f"msfunc benchmarks on {info['cpu']}, {info['cores']} cores, {info['device']}")
    _warm_up()
    results, skipped, failed = [], [], []
    started = time.perf_counter()
    for name in chosen:
        workload = registry[name]
        missing = workload.missing()
        if missing:
            skipped.append((name, missing))
            print(f"\n== {name}: skipped ({missing})")
            continue
        t0 = time.perf_counter()
        try:
            for bench in workload.benches(args.quick):
                # a workload run in a child process hands back results measured there
                if args.quick and not isinstance(bench, BenchResult):
                    bench = bench.smoke()
                res = bench if isinstance(bench, BenchResult) else measure(name, bench)
                results.append(res)
                _print(name, res)
        except Exception as exc:  # one broken workload must not void the others' figures
            failed.append((name, f"{type(exc).__name__}: {exc}"))
            traceback.print_exc()
        print(f"   ({time.perf_counter() - t0:.1f} s)")
    whole = not args.quick and not args.only
    stem = "latest" if whole else "partial"
    command = "python -m benchmarks" + (
        "" if whole else " " + " ".join(a for a in (sys.argv[1:] if argv is None else argv))
    )
    load_after = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    table = os.path.join(args.out, f"{stem}.md")
    report.write_atomic(
        table,
        report.markdown(
            results,
            skipped,
            info,
            command.strip(),
            load_after,
            failed,
            time.perf_counter() - started,
        ),
    )
    picture = None
    if not args.no_plot and results:
        try:
            import matplotlib  # noqa: F401  (the `bench` extra)
        except ImportError:
            print("matplotlib is not installed (pip install -e '.[bench]'): no plot")
        else:
            picture = os.path.join(args.out, f"{stem}.png")
            report.plot(results, info, picture)
    print(
        f"\n{len(results)} tables in {time.perf_counter() - started:.0f} s; wrote {table}"
        + (f" and {picture}" if picture else "")
    )
    out = {
        "results": results,
        "skipped": skipped,
        "failed": failed,
        "table": table,
        "plot": picture,
    }
    if failed:
        print("FAILED: " + "; ".join(f"{n} ({why})" for n, why in failed))
    return out


if __name__ == "__main__":
    sys.exit(1 if main()["failed"] else 0)
