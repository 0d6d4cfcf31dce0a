"""Benchmark reports: the machine description, the Markdown table and the ratio plot."""

from __future__ import annotations

import os
import platform
import tempfile
import time
from importlib import metadata

import jax

__all__ = ["machine", "markdown", "plot", "write_atomic", "fmt_seconds", "from_markdown"]


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
    lines = [
        "# msfunc benchmarks: side by side with hand-written raw JAX",
        "",
        f"Command: `{command}`",
        "",
        f"- Measured: {info['date']}",
        f"- CPU: {info['cpu']}, {info['cores']} cores "
        f"(load average at start {info['load']}"
        + (f", at end {load_after})" if load_after else ")"),
        f"- Device jax used: {info['device']}",
        f"- Versions: {info['versions']}",
    ]
    if elapsed is not None:
        lines.append(f"- Run time: {elapsed:.0f} s")
    lines += [
        "",
        "Every case is compiled and warmed up, then all cases of a table are timed "
        "interleaved in one process (chunks of calls, order rotated). *median* is over all "
        "calls; *ratio* is median / median of the baseline (below 1: faster); *rounds* "
        "gives the smallest and largest per-round ratio (the noise); *p10 ratio* compares "
        "10th percentiles (least disturbed by other processes); *first call* is trace + "
        "compile + one run; *max diff* is the largest |output - baseline output| on the "
        "first call. On a shared machine read ratios within ~5% of 1 as equal.",
        "",
        "## Summary: msfunc's ratio to the baseline",
        "",
        "| workload | table | msfunc case | ratio | p10 ratio |",
        "|---|---|---|---|---|",
    ]
    for res in results:
        for row in res.rows:
            if row.name.startswith("msfunc"):
                lines.append(
                    f"| {res.workload} | {res.title} | {row.name} | {row.ratio:.3f} | "
                    f"{row.p10_ratio:.3f} |"
                )
    for name, reason in skipped:
        lines.append(f"| {name} | skipped: {reason} | | | |")
    current = None
    for res in results:
        if res.workload != current:
            lines += ["", f"## {res.workload}"]
            current = res.workload
        lines += [
            "",
            f"### {res.title}",
            "",
            f"{res.calls} calls per case in {res.rounds} rounds; baseline: `{res.baseline}`.",
            "",
            "| case | median | ratio | rounds | p10 | p10 ratio | first call | max diff |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in res.rows:
            spread = f"{min(row.round_ratios):.2f}-{max(row.round_ratios):.2f}"
            diff = "" if row.max_diff is None else f"{row.max_diff:.1e}"
            lines.append(
                f"| {row.name} | {fmt_seconds(row.median)} | "
                f"{_ratio_cell(row, res.baseline)} | {spread} | {fmt_seconds(row.p10)} | "
                f"{row.p10_ratio:.3f} | {fmt_seconds(row.first_call)} | {diff} |"
            )
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


# Each case's bar is coloured by what it runs on; grey: another raw-JAX variant.
_PALETTE = (
    ("msfunc", "msfunc", "#d95f02"),
    ("flax", "Flax NNX", "#1b9e77"),
    ("equinox", "Equinox", "#7570b3"),
    ("", "other raw JAX variant", "#999999"),
)
_NEAR = 8.0  # ratios within [1/8, 8] share the main panel; the rest get a panel of their own
_FLOOR = 5e-4  # a ratio printed as 0.000 (below the table's precision) is drawn here


def _plot_rows(results):
    """Rows of the plot, in table order: ('table', heading) or ('case', name, ratio, colour)."""
    rows = []
    for res in results:
        cases = [row for row in res.rows if row.name != res.baseline]
        if cases:
            rows.append(("table", f"{res.workload}: {res.title}"))
        for row in cases:
            colour = next(c for prefix, _, c in _PALETTE if row.name.startswith(prefix))
            rows.append(("case", row.name, max(row.ratio, _FLOOR), colour))
    return rows


def _split(rows):
    """(near, far): the tables whose cases all lie within [1/_NEAR, _NEAR], and the others
    (a table with one far case goes whole to the far panel, its cases kept together)."""
    near, far, block = [], [], []
    for row in rows + [("table", None)]:
        if row[0] == "table" and block:
            far_block = any(not 1 / _NEAR <= r[2] <= _NEAR for r in block if r[0] == "case")
            (far if far_block else near).extend(block)
            block = []
        block.append(row)
    return near, far


def _ratio_label(x, _pos=None):
    if x >= 1:
        return f"{x:g}x"
    return f"1/{1 / x:g}"


def _panel(ax, rows, title):
    import matplotlib.ticker as mticker
    import numpy as np

    ys, labels, bold = [], [], []
    for i, row in enumerate(rows):
        ys.append(i)
        if row[0] == "table":
            labels.append(row[1] if len(row[1]) <= 70 else row[1][:67] + "...")
            bold.append(True)
            continue
        labels.append(row[1] if len(row[1]) <= 60 else row[1][:57] + "...")
        bold.append(False)
        ratio = row[2]
        ax.barh(i, ratio - 1.0, left=1.0, color=row[3], height=0.7)
        text = (
            "<0.001"
            if ratio <= _FLOOR
            else f"{ratio:.0f}"
            if ratio >= 100
            else f"{ratio:.2f}"
            if ratio >= 0.01
            else f"{ratio:.1g}"
        )
        ax.text(
            ratio * (1.08 if ratio >= 1 else 1 / 1.08),
            i,
            text,
            va="center",
            ha="left" if ratio >= 1 else "right",
            fontsize=7,
        )
    ratios = [r[2] for r in rows if r[0] == "case"]
    reach = max(1.0, max(abs(np.log2(r)) for r in ratios)) + 2.0  # room for the value text
    ax.set_xscale("log", base=2)
    top = int(np.ceil(reach))
    step = -(-2 * top // 10)  # at most ~10 ticks, powers of 2 symmetric about 1
    ax.set_xlim(2.0**-top, 2.0**top)
    ax.xaxis.set_major_locator(
        mticker.FixedLocator([2.0 ** (i * step) for i in range(-(top // step), top // step + 1)])
    )
    ax.xaxis.set_major_formatter(mticker.FuncFormatter(_ratio_label))
    ax.xaxis.set_minor_locator(mticker.NullLocator())
    ax.axvline(1.0, color="black", lw=0.9)
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    ax.set_axisbelow(True)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontsize=7)
    for tick, is_table in zip(ax.get_yticklabels(), bold):
        if is_table:
            tick.set_fontweight("bold")
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_title(title, fontsize=8, loc="left")
    ax.set_xlabel(
        "median time / median time of the table's raw-JAX baseline (log2 scale; left of 1: faster)",
        fontsize=8,
    )


def plot(results, info, path):
    """A bar chart to `path` (PNG) of every non-baseline case's ratio to its table's raw-JAX
    baseline: a log2 axis centred at 1, cases under their table's heading, coloured by
    framework (with a legend); tables with a ratio beyond 8x or 1/8 get a panel of their
    own, so they do not squeeze the others."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    near, far = _split(_plot_rows(results))
    panels = [
        (rows, title)
        for rows, title in (
            (near, f"within 1/{_NEAR:g} and {_NEAR:g}x of the baseline"),
            (far, "tables with a case beyond that range (own scale)"),
        )
        if rows
    ]
    heights = [len(rows) + 3 for rows, _ in panels]
    fig, axes = plt.subplots(
        len(panels),
        1,
        figsize=(10, 0.2 * sum(heights) + 1.4),
        dpi=90,
        gridspec_kw={"height_ratios": heights},
        squeeze=False,
    )
    for ax, (rows, title) in zip(axes[:, 0], panels):
        _panel(ax, rows, title)
    used = {r[3] for rows, _ in panels for r in rows if r[0] == "case"}
    fig.legend(
        handles=[Patch(color=c, label=label) for _, label, c in _PALETTE if c in used],
        loc="upper right",
        fontsize=8,
        ncol=4,
        frameon=False,
    )
    fig.suptitle(
        f"msfunc vs raw JAX, time ratio per case: {info['cpu'].split(' (')[0]}, "
        f"{info['cores']} cores, {info.get('backend') or jax.default_backend()}, "
        f"{info['date']}",
        fontsize=9,
        x=0.01,
        ha="left",
    )
    fig.tight_layout(rect=(0, 0, 1, 0.97))
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


def from_markdown(text):
    """``(results, info)`` read back from a report `markdown` wrote: enough to redraw its plot
    (``python -m benchmarks --replot``) without measuring again.

    Example:
        >>> md = markdown([], [], {"date": "d", "cpu": "c", "cores": 2, "load": "0",
        ...                        "device": "cpu", "versions": "v"}, "cmd")
        >>> from_markdown(md + "## w\\n### t\\nbaseline: `raw`.\\n| raw | 1 ms | 1 (baseline) |"
        ...               "\\n| msfunc | 2 ms | **2.000** |")[0][0].rows[1]
        namespace(name='msfunc', ratio=2.0)
    """
    from types import SimpleNamespace

    info, results, workload = {}, [], ""
    for line in text.splitlines():
        if line.startswith("- Measured: "):
            info["date"] = line[len("- Measured: ") :]
        elif line.startswith("- CPU: "):
            cpu, _, rest = line[len("- CPU: ") :].partition(" cores")[0].rpartition(", ")
            info["cpu"], info["cores"] = cpu, rest
        elif "jax default backend: " in line:
            info["backend"] = line.split("jax default backend: ")[1].rstrip(")")
        elif line.startswith("## "):
            workload = line[3:].strip()
        elif line.startswith("### "):
            results.append(
                SimpleNamespace(workload=workload, title=line[4:].strip(), baseline=None, rows=[])
            )
        elif results and "baseline: `" in line:
            results[-1].baseline = line.split("baseline: `")[1].split("`")[0]
        elif results and line.startswith("| ") and not line.startswith("| case"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            ratio = 1.0 if "baseline" in cells[2] else float(cells[2].strip("*"))
            results[-1].rows.append(SimpleNamespace(name=cells[0], ratio=ratio))
    return results, info
