"""MindData's profiler over msfunc's pipelines (``mindspore._c_dataengine.GlobalContext.
profiling_manager()``): the operation tree of the profiled iterator, the time each operation
spends producing rows, each batch's fetch time and CPU/memory samples, saved as MindSpore's
three files (``pipeline_profiling_<rank>.json``, ``minddata_cpu_utilization_<rank>.json``,
``dataset_iterator_profiling_<rank>.txt``).

msfunc's operations pull rows on demand, so no rows wait in queues between them: every
operation's queue reads empty. An operation's CPU use is its own time producing rows (its
children's time taken out) over the sampling period, split between user and system time as
the process's are.
"""

from __future__ import annotations

import functools
import os
import threading
import time
import warnings
import weakref

from . import bridge

__all__ = ["ProfilingManager", "profiling_manager", "timed_rows"]

SAMPLING_INTERVAL_MS = 1000
_TIMER = "profiling timer"  # the key of a profiled iterator's timer in its epoch streams

# MindSpore's operation name for the msfunc nodes whose class name does not give it
# ("Map" -> "MapOp", "Cifar10Dataset" -> "Cifar10Op" do)
_OP_TYPES = {
    "NumpySlicesDataset": "GeneratorOp",
    "_RandomAccessGenerator": "GeneratorOp",
    "_BatchSampled": "GeneratorOp",
    "PaddedDataset": "GeneratorOp",
    "TFRecordDataset": "TFReaderOp",
    "MindDataset": "MindRecordOp",
    "RandomDataset": "RandomDataOp",
    "BucketBatch": "BucketBatchByLengthOp",
    "SyncWait": "BarrierOp",
    "TransferDataset": "DataQueueOp",
}
# operations that pass rows through without a worker and queue of their own: MindSpore gives
# them no queue metrics
_INLINE = {
    "EpochCtrlOp",
    "ProjectOp",
    "ConcatOp",
    "TakeOp",
    "RepeatOp",
    "SkipOp",
    "RenameOp",
    "ZipOp",
}


def op_type(node):
    """MindSpore's name of the operation `node` stands for.

    >>> import numpy as np, msfunc.dataset as ds
    >>> op_type(ds.NumpySlicesDataset({"x": np.arange(2)}).batch(1))
    'BatchOp'
    """
    name = type(node).__name__
    if name in _OP_TYPES:
        return _OP_TYPES[name]
    name = name.lstrip("_")
    return (name[: -len("Dataset")] if name.endswith("Dataset") else name) + "Op"


def _tree(dataset, num_epochs):
    """``(order, nodes, kids)``: the op ids in MindSpore's order, the node of each op id (None
    for the epoch control that an iterator of more than one epoch adds at the root) and each
    op's children. An iterator in independent mode sees one op: the bridge its rows come by.

    Ids number the tree depth first, first child first; the records list it depth first
    with the last child first, as MindSpore's file does."""
    if bridge.independent():
        return [0], [None], [[]]
    nodes, kids = [], []

    def number(node):
        op_id = len(nodes)
        nodes.append(node)
        kids.append([])
        for child in getattr(node, "children", ()):
            kids[op_id].append(number(child))
        return op_id

    if num_epochs != 1:
        nodes.append(None)
        kids.append([])
        kids[0].append(number(dataset))
    else:
        number(dataset)
    order, stack = [], [0]
    while stack:
        op_id = stack.pop()
        order.append(op_id)
        stack.extend(kids[op_id])
    return order, nodes, kids


class _Timer:
    """Each operation's own time producing rows: the time in its rows' `next` less the time
    its children's `next` took inside it (per thread, as map workers pull in threads)."""

    def __init__(self, nodes):
        self.op_of = {id(node): i for i, node in enumerate(nodes) if node is not None}
        self.busy = [0.0] * len(nodes)
        self.counting = False
        self._lock = threading.Lock()
        self._local = threading.local()

    def wrap(self, node, rows):
        op_id = self.op_of.get(id(node))
        return rows if op_id is None else self._timed(op_id, iter(rows))

    def _timed(self, op_id, rows):
        stack = self._local.__dict__.setdefault("stack", [])
        try:
            while True:
                stack.append(op_id)
                start = time.perf_counter()
                try:
                    row = next(rows)
                except StopIteration:
                    return
                finally:
                    spent = time.perf_counter() - start
                    stack.pop()
                    if self.counting:
                        with self._lock:
                            self.busy[op_id] += spent
                            if stack:
                                self.busy[stack[-1]] -= spent
                yield row
        finally:
            close = getattr(rows, "close", None)
            if close is not None:
                close()

    def add(self, op_id, seconds):
        if self.counting:
            with self._lock:
                self.busy[op_id] += seconds

    def take(self):
        """The seconds each operation spent since the last `take`."""
        with self._lock:
            busy, self.busy = self.busy, [0.0] * len(self.busy)
        return [max(b, 0.0) for b in busy]


def timed_rows(rows_method):
    """Wrap a node class's ``_rows(ctx)`` so that a profiled iterator times it (others pay one
    dict lookup per pass)."""

    @functools.wraps(rows_method)
    def rows(self, ctx):
        produced = rows_method(self, ctx)
        streams = getattr(ctx, "streams", None)
        timer = streams.get(_TIMER) if streams else None
        return produced if timer is None else timer.wrap(self, produced)

    return rows


class ProfilingManager:
    """The process's MindData profiler: `init` it, `start` and `stop` it around the batches to
    profile, `save` the files into a directory. The first iterator created after `init`
    is the one profiled (its operation tree, batches and samples); `start` begins a new
    window of batches and samples.

    Unlike MindSpore's, `init` while running stops and resets the profiler (MindSpore raises).

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> prof = profiling_manager()
        >>> prof.init(); prof.start()
        >>> data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).batch(2)
        >>> for _ in data.create_tuple_iterator(num_epochs=1):
        ...     pass
        >>> prof.stop()
        >>> with tempfile.TemporaryDirectory() as out:
        ...     prof.save(out)
        ...     sorted(os.listdir(out))  # doctest: +NORMALIZE_WHITESPACE
        ['dataset_iterator_profiling_0.txt', 'minddata_cpu_utilization_0.json',
         'pipeline_profiling_0.json']
    """

    def __init__(self):
        self._state = "unbegun"  # "unbegun" (after init) -> "running" -> "stopped"
        self._enabled = False
        self._reset()

    def _reset(self):
        self._ops = None  # (order, nodes, kids) of the profiled iterator's tree
        self._timer = None
        self._owner = None  # a weak reference to the profiled iterator
        self._batches = 0
        self._clear_window()

    def _clear_window(self):
        self._trace, self._samples = [], []
        self._usage = None
        self._last_sample = 0.0
        self._depth = 0  # rows waiting in the profiled iterator's bridge queue, last seen

    # -- the user's calls ------------------------------------------------------------
    def init(self):
        """Enable profiling for the next iterator created, forgetting what was recorded."""
        if self._timer is not None:
            self._timer.counting = False
        self._reset()
        self._enabled, self._state = True, "unbegun"

    def start(self):
        """Begin recording (a new window: earlier batches and samples are dropped).

        Raises:
            RuntimeError: the profiler is already running.
        """
        if self._state == "running":
            raise RuntimeError("profiling_manager.start: the profiler runs already; stop it first")
        self._clear_window()
        self._state = "running"
        if self._timer is not None:
            self._timer.counting = True
        self._sample(force=True)

    def stop(self):
        """Stop recording (a second stop only warns).

        Raises:
            RuntimeError: the profiler was not started since `init`.
        """
        if self._state == "unbegun":
            raise RuntimeError("profiling_manager.stop: the profiler was not started")
        if self._state == "stopped":
            warnings.warn("profiling_manager.stop: the profiler is stopped already", stacklevel=2)
            return
        self._sample(force=True)
        self._state = "stopped"
        if self._timer is not None:
            self._timer.counting = False

    def save(self, dir_path):
        """Write the three profiling files into the existing directory `dir_path` (none when
        no iterator was profiled; the iterator file only when batches were traced).

        Raises:
            RuntimeError: `dir_path` is not an existing directory.
        """
        path = os.path.realpath(str(dir_path))
        if not os.path.isdir(path):
            raise RuntimeError(f"profiling_manager.save: {dir_path!r} is not an existing directory")
        if self._ops is None:
            return
        import json

        rank = os.environ.get("RANK_ID") or os.environ.get("DEVICE_ID") or "0"
        with open(os.path.join(path, f"pipeline_profiling_{rank}.json"), "w") as f:
            json.dump(self._pipeline_json(), f)
        with open(os.path.join(path, f"minddata_cpu_utilization_{rank}.json"), "w") as f:
            json.dump(self._cpu_json(), f)
        if self._trace:
            with open(os.path.join(path, f"dataset_iterator_profiling_{rank}.txt"), "w") as f:
                f.writelines(" ".join(str(v) for v in line) + "\n" for line in self._trace)

    # -- what iterators report -------------------------------------------------------
    def watch(self, iterator, dataset, num_epochs, streams):
        """Profile `iterator` when the profiler is enabled and has no iterator yet; returns
        whether it does."""
        if not self._enabled or self._ops is not None:
            return False
        self._ops = _tree(dataset, num_epochs)
        self._owner = weakref.ref(iterator)
        self._timer = _Timer(self._ops[1])
        self._timer.counting = self._state == "running"
        streams[_TIMER] = self._timer
        return True

    def batch_done(self, iterator, seconds, depth=0):
        """`iterator` fetched a batch in `seconds`: when it is the profiled one, four trace
        lines (kind, detail, batch, value, time): push time, batch time, pipeline time
        (milliseconds), then queue capacity and `depth` (rows waiting)."""
        if self._owner is None or self._owner() is not iterator:
            return
        self._batches += 1
        if self._state != "running":
            return
        from . import config

        now = int(time.monotonic() * 1000)
        ms = int(seconds * 1000)
        step = self._batches
        self._trace += [
            (0, 1, step, 0, now),
            (0, 2, step, ms, now),
            (0, 0, step, ms, now),
            (1, config.get_prefetch_size(), step, depth, now),
        ]
        self._depth = depth
        ops, timer = self._ops, self._timer
        if ops is not None and timer is not None and ops[1] == [None]:
            timer.add(0, seconds)  # the bridge: its time is the iterator's wait for rows
        self._sample()

    # -- samples and files -----------------------------------------------------------
    def _sample(self, force=False):
        from .profiling_usage import UsageReader

        now = time.monotonic()
        if self._usage is None:
            self._usage, self._last_sample = UsageReader(), now
            if self._timer is not None:
                self._timer.take()
            return
        if not force and (now - self._last_sample) * 1000 < SAMPLING_INTERVAL_MS:
            return
        self._last_sample = now
        reading = self._usage.read()
        busy = self._timer.take() if self._timer is not None else []
        user_s, sys_s = reading["process_seconds"]
        user_share = user_s / (user_s + sys_s) if user_s + sys_s > 0 else 1.0
        ops = []
        for seconds in busy:
            percent = 100.0 * seconds / reading["wall"]
            ops.append((int(round(percent * user_share)), int(round(percent * (1 - user_share)))))
        reading["ops"] = ops
        reading["depth"] = self._depth
        reading["time_stamp"] = int(now * 1000)
        self._samples.append(reading)

    def _pipeline_json(self):
        from . import config

        assert self._ops is not None  # (save writes only a profiled tree)
        order, nodes, kids = self._ops
        depth = [s["depth"] for s in self._samples]
        records = []
        for op_id in order:
            node = nodes[op_id]
            if node is not None:
                name = op_type(node)
            else:
                name = "ReceiveBridgeOp" if nodes == [None] else "EpochCtrlOp"
            record = {"op_id": op_id, "op_type": name}
            if kids[op_id]:
                record["children"] = kids[op_id]
            record["num_workers"] = 1 if node is None else getattr(node, "_num_workers", 1)
            record["metrics"] = (
                None
                if name in _INLINE
                else {"output_queue": {"length": config.get_prefetch_size(), "size": depth}}
            )
            records.append(record)
        return {"op_info": records, "sampling_interval": SAMPLING_INTERVAL_MS}

    def _cpu_json(self):
        samples = self._samples
        assert self._ops is not None  # (save writes only a profiled tree)
        order = self._ops[0]

        def series(part, key):
            return [s[part][key] for s in samples]

        return {
            "cpu_processor_num": os.cpu_count() or 1,
            "sampling_interval": SAMPLING_INTERVAL_MS,
            "time_stamp": [s["time_stamp"] for s in samples],
            "device_info": {
                key: series("device", key)
                for key in (
                    "context_switch_count",
                    "idle_utilization",
                    "io_utilization",
                    "runnable_process",
                    "sys_utilization",
                    "user_utilization",
                )
            },
            "process_info": {
                key: series("process", key) for key in ("sys_utilization", "user_utilization")
            },
            "op_info": [
                {
                    "op_id": op_id,
                    "metrics": {
                        "user_utilization": [s["ops"][op_id][0] for s in samples],
                        "sys_utilization": [s["ops"][op_id][1] for s in samples],
                    },
                }
                for op_id in order
            ],
            "process_memory_info": {
                key: series("memory", key) for key in ("pss_mbytes", "rss_mbytes", "vss_mbytes")
            },
            "system_memory_info": {
                key: series("system_memory", key)
                for key in (
                    "available_sys_memory_mbytes",
                    "total_sys_memory_mbytes",
                    "used_sys_memory_mbytes",
                )
            },
        }


_MANAGER = None


def profiling_manager():
    """The process's one `ProfilingManager`.

    >>> profiling_manager() is profiling_manager()
    True
    """
    global _MANAGER
    if _MANAGER is None:
        _MANAGER = ProfilingManager()
    return _MANAGER


def active():
    """The manager when one was created and enabled (iterators ask before anything else)."""
    return _MANAGER if _MANAGER is not None and _MANAGER._enabled else None
