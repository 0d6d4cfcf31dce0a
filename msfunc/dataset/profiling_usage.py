"""CPU and memory readings for the MindData profiler: the process's and the machine's, from
``os.times`` and Linux's ``/proc`` files (zeros where a platform has no ``/proc``)."""

from __future__ import annotations

import os

__all__ = ["UsageReader"]

_MB = 1024.0 * 1024.0


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def _fields_kb(text, names):
    """``{name: megabytes}`` of the ``Name:  123 kB`` lines of a /proc status-like file."""
    found = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in names and rest.split():
            found[key] = float(rest.split()[0]) / 1024.0
    return found


def memory():
    """``(process, system)`` memory in megabytes: pss/rss/vss of this process; the machine's
    total, available and used memory.

    >>> process, system = memory()
    >>> sorted(process), sorted(system)
    (['pss_mbytes', 'rss_mbytes', 'vss_mbytes'], ['available_sys_memory_mbytes', \
'total_sys_memory_mbytes', 'used_sys_memory_mbytes'])
    """
    status = _fields_kb(_read("/proc/self/status"), {"VmRSS", "VmSize"})
    pss = _fields_kb(_read("/proc/self/smaps_rollup"), {"Pss"})
    rss = status.get("VmRSS")
    if rss is None:  # no /proc: the peak resident size is the best reading left
        try:
            import resource

            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
        except (ImportError, OSError):
            rss = 0.0
    process = {
        "pss_mbytes": pss.get("Pss", rss),
        "rss_mbytes": rss,
        "vss_mbytes": status.get("VmSize", rss),
    }
    info = _fields_kb(_read("/proc/meminfo"), {"MemTotal", "MemAvailable"})
    total, available = info.get("MemTotal", 0.0), info.get("MemAvailable", 0.0)
    system = {
        "total_sys_memory_mbytes": total,
        "available_sys_memory_mbytes": available,
        "used_sys_memory_mbytes": total - available,
    }
    return process, system


def _machine_ticks():
    """(user, sys, idle, iowait, total) jiffies of every CPU together, and context switches
    and runnable processes, from /proc/stat (zeros without it)."""
    ticks, switches, runnable = [0] * 5, 0, 0
    for line in _read("/proc/stat").splitlines():
        parts = line.split()
        if parts and parts[0] == "cpu":
            values = [int(v) for v in parts[1:]]
            user, nice, system, idle, iowait = (values + [0] * 5)[:5]
            ticks = [user + nice, system, idle, iowait, sum(values)]
        elif parts and parts[0] == "ctxt":
            switches = int(parts[1])
        elif parts and parts[0] == "procs_running":
            runnable = int(parts[1])
    return ticks, switches, runnable


def _percent(part, whole):
    return int(round(100.0 * part / whole)) if whole > 0 else 0


class UsageReader:
    """Successive readings: each `read()` gives the CPU use since the previous one (percent,
    whole numbers, as MindSpore's files hold) and the memory now.

    >>> reader = UsageReader()
    >>> sorted(reader.read()["device"])[:2]
    ['context_switch_count', 'idle_utilization']
    """

    def __init__(self):
        self._last = self._now()

    @staticmethod
    def _now():
        times = os.times()
        ticks, switches, _ = _machine_ticks()
        return times.elapsed, times.user, times.system, ticks, switches

    def read(self):
        """``{"wall", "process", "device", "memory", "system_memory"}`` since the last read."""
        elapsed, user, system, ticks, switches = now = self._now()
        last_elapsed, last_user, last_system, last_ticks, last_switches = self._last
        self._last = now
        wall = max(elapsed - last_elapsed, 1e-9)
        spent = [a - b for a, b in zip(ticks, last_ticks)]
        process, system_memory = memory()
        return {
            "wall": wall,
            "process": {
                "user_utilization": _percent(user - last_user, wall),
                "sys_utilization": _percent(system - last_system, wall),
            },
            "process_seconds": (user - last_user, system - last_system),
            "device": {
                "user_utilization": _percent(spent[0], spent[4]),
                "sys_utilization": _percent(spent[1], spent[4]),
                "idle_utilization": _percent(spent[2], spent[4]),
                "io_utilization": _percent(spent[3], spent[4]),
                "context_switch_count": switches - last_switches,
                "runnable_process": _machine_ticks()[2],
            },
            "memory": process,
            "system_memory": system_memory,
        }
