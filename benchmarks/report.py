"""Benchmark reports: the machine description, the Markdown table and the ratio plot."""

from __future__ import annotations

import os
import platform
import tempfile
import time
from importlib import metadata

import jax

__all__ = ["machine", "markdown", "plot", "write_atomic", "fmt_seconds"]


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine():
    """{field: text} describing where the numbers were measured (CPU, cores, device, versions).

    Example:
        >>> sorted(machine())[:3]
        ['cores', 'cpu', 'date']
    """
    devices = jax.devices()
    kinds = sorted({f"{d.platform} ({d.device_kind})" for d in devices})
    try:
        load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    except OSError:
        load = "n/a"
    versions = [f"jax {jax.__version__}", f"python {platform.python_version()}"]
    for name in ("flax", "equinox", "optax"):
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} not installed")
    return {
        "cpu": f"{_cpu_model()} ({platform.machine()})",
        "cores": str(os.cpu_count()),
        "device": f"{len(devices)} x {', '.join(kinds)} (jax default backend: "
                  f"{jax.default_backend()})",
        "versions": ", ".join(versions),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": load,
    }


def fmt_seconds(seconds):
    """Seconds as a short human string: us, ms or s.

    Example:
        >>> fmt_seconds(0.0000421), fmt_seconds(0.0123), fmt_seconds(2.5)
        ('42.1 us', '12.30 ms', '2.50 s')
    """
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def _ratio_cell(row, baseline):
    if row.name == baseline:
        return "1 (baseline)"
    return f"**{row.ratio:.3f}**" if row.name.startswith("msfunc") else f"{row.ratio:.3f}"


def markdown(results, skipped, info, command, load_after=None, failed=(), elapsed=None):
    """The report as Markdown: machine, a summary of msfunc's ratios, one table per Bench."""
    lines = ["# msfunc benchmarks: side by side with hand-written raw JAX", "",
             f"Command: `{command}`", "",
             f"- Measured: {info['date']}",
             f"- CPU: {info['cpu']}, {info['cores']} cores "
             f"(load average at start {info['load']}"
             + (f", at end {load_after})" if load_after else ")"),
             f"- Device jax used: {info['device']}",
             f"- Versions: {info['versions']}"]
    if elapsed is not None:
        lines.append(f"- Run time: {elapsed:.0f} s")
    lines += ["",
             "Every case is compiled and warmed up, then all cases of a table are timed "
             "interleaved in one process (chunks of calls, order rotated). *median* is over all "
             "calls; *ratio* is median / median of the baseline (below 1: faster); *rounds* "
             "gives the smallest and largest per-round ratio (the noise); *p10 ratio* compares "
             "10th percentiles (least disturbed by other processes); *first call* is trace + "
             "compile + one run; *max diff* is the largest |output - baseline output| on the "
             "first call. On a shared machine read ratios within ~5% of 1 as equal.", "",
             "## Summary: msfunc's ratio to the baseline", "",
             "| workload | table | msfunc case | ratio | p10 ratio |", "|---|---|---|---|---|"]
    for res in results:
        for row in res.rows:
            if row.name.startswith("msfunc"):
                lines.append(f"| {res.workload} | {res.title} | {row.name} | {row.ratio:.3f} | "
                             f"{row.p10_ratio:.3f} |")
    for name, reason in skipped:
        lines.append(f"| {name} | skipped: {reason} | | | |")
    current = None
    for res in results:
        if res.workload != current:
            lines += ["", f"## {res.workload}"]
            current = res.workload
        lines += ["", f"### {res.title}", "",
                  f"{res.calls} calls per case in {res.rounds} rounds; baseline: "
                  f"`{res.baseline}`.", "",
                  "| case | median | ratio | rounds | p10 | p10 ratio | first call | max diff |",
                  "|---|---|---|---|---|---|---|---|"]
        for row in res.rows:
            spread = f"{min(row.round_ratios):.2f}-{max(row.round_ratios):.2f}"
            diff = "" if row.max_diff is None else f"{row.max_diff:.1e}"
            lines.append(f"| {row.name} | {fmt_seconds(row.median)} | "
                         f"{_ratio_cell(row, res.baseline)} | {spread} | {fmt_seconds(row.p10)} | "
                         f"{row.p10_ratio:.3f} | {fmt_seconds(row.first_call)} | {diff} |")
        for note in res.notes:
            lines.append(f"\n{note}")
    if failed:
        lines += ["", "## Failed", ""]
        lines += [f"- `{name}`: {why}" for name, why in failed]
    if skipped:
        lines += ["", "## Skipped", ""]
        lines += [f"- `{name}`: {reason}" for name, reason in skipped]
    return "\n".join(lines) + "\n"


def write_atomic(path, data):
    """Write `data` (str or bytes) to `path` through a temporary file and a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a report is for everyone
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def plot(results, info, path):
    """A horizontal bar chart of every non-baseline case's ratio (log scale) to `path` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, ratios, colors = [], [], []
    palette = {"msfunc": "#d95f02", "flax": "#1b9e77", "equinox": "#7570b3"}
    for res in results:
        for row in res.rows:
            if row.name == res.baseline:
                continue
            where = f"{res.workload} {res.short}".strip()
            labels.append(f"{where}: {row.name}"[:75])
            ratios.append(row.ratio)
            colors.append(next((c for k, c in palette.items() if row.name.startswith(k)),
                               "#999999"))
    fig, ax = plt.subplots(figsize=(9, 0.22 * len(labels) + 1.2), dpi=80)
    y = range(len(labels))
    ax.barh(list(y), ratios, color=colors)
    ax.axvline(1.0, color="black", lw=0.8)
    ax.set_xscale("log")
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("median time / median of the table's baseline (log; < 1 is faster)")
    ax.set_title(f"msfunc vs raw JAX: {info['cpu'].split(' (')[0]}, {info['cores']} cores, "
                 f"{jax.default_backend()}, {info['date']}", fontsize=8)
    fig.tight_layout()
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".png")
    os.close(fd)
    try:
        fig.savefig(tmp, format="png")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        plt.close(fig)
        if os.path.exists(tmp):
            os.unlink(tmp)
