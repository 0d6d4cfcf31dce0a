"""The pipeline operations: map, batch, shuffle, repeat, take, skip, zip, concat, project,
rename, and the parts of a split."""

from __future__ import annotations

import itertools
import math
import types
from contextlib import nullcontext

import numpy as np

from ..common.stdlib_random import Mt19937_64
from . import config
from ._random import RowTurns, sample_scope, worker_generators
from ._workers import ordered_map
from .compound_transforms import refuse_class
from .engine import NODES, Dataset, check_columns
from .error_samples import FAILED, replace_failed, skip_failed
from .pipeline_methods import sync_nodes
from .python_objects import WholeBatch, column_value, per_batch_columns, stack_column

__all__ = [
    "Map",
    "Batch",
    "Shuffle",
    "Repeat",
    "Take",
    "Skip",
    "Project",
    "Rename",
    "Subset",
]


def _count(value, who, arg, minimum=0, allow_all=False):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{arg}` must be an int, got {value!r}")
    if allow_all and value == -1:
        return -1
    if value < minimum:
        raise ValueError(
            f"{who}: `{arg}` must be >= {minimum}{' or -1' if allow_all else ''}, got {value}"
        )
    return int(value)


def _workers(num, who):
    if num is None:
        return config.get_num_parallel_workers()
    return config.workers_arg(num, who)


_NETWORK_MODULES = ("mindspore.nn", "mindspore.ops", "mindspore.numpy", "mindspore.compression")


def _computes_with_mindspore(op):
    """Whether `op` is a plain Python function whose source or closure names one of
    MindSpore's network modules (MindSpore's test for map operations it runs on one worker).

    >>> def f(x):
    ...     import mindspore.ops as ops
    ...     return ops.abs(x)
    >>> _computes_with_mindspore(f), _computes_with_mindspore(lambda x: x + 1)
    (True, False)
    """
    import inspect
    import types

    if not isinstance(op, types.FunctionType):
        return False
    try:
        text = str(inspect.getclosurevars(op)) + inspect.getsource(op)
    except (OSError, TypeError):
        return False
    return any(name in text for name in _NETWORK_MODULES)


# Rows per worker task: amortises the thread hand-off over cheap per-row operations.
_CHUNK = 8


def _op_name(op):
    return getattr(op, "__name__", None) or type(op).__name__


def _run_hooks(hooks, values, op_name, first):
    """Pass a transform's inputs (`first`) or outputs through the debug-mode hooks."""
    for hook in hooks:
        hook.set_previous_op_name(op_name)
        hook.is_first_op = first
        result = hook(*values)
        values = result if isinstance(result, tuple) else (result,)
    return values


class Map(Dataset):
    """Rows with `operations` applied to some columns, by `num_parallel_workers` threads."""

    _mindspore_name = "MapDataset"

    def __init__(
        self, child, operations, input_columns, output_columns, num_parallel_workers, callbacks=None
    ):
        ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        if not ops:
            raise ValueError("map: `operations` is empty")
        for i, op in enumerate(ops):
            refuse_class(op, f"map: `operations` item {i}")
            if not callable(op):  # (a ValueError in MindSpore, as a class is)
                raise ValueError(f"map: `operations` item {i} is not callable: {op!r}")
        self.children = (child,)
        self._ops = ops
        self._callbacks = []
        if callbacks is not None:
            from .callback import check_callbacks  # (it imports msfunc.train)

            self._callbacks = check_callbacks(callbacks)
        names = child.get_col_names()
        inputs = (
            names[:1]
            if input_columns is None
            else check_columns(input_columns, "map", "input_columns")
        )
        missing = [c for c in inputs if c not in names]
        if missing:
            raise ValueError(f"map: `input_columns` {missing} are not among the columns {names}")
        outputs = (
            list(inputs)
            if output_columns is None
            else check_columns(output_columns, "map", "output_columns")
        )
        self._inputs = [names.index(c) for c in inputs]
        self._input_names = inputs
        # as given (None: the defaults), for serialize
        self.given_columns = (input_columns, output_columns)
        self._outputs = outputs
        # each result column: (True, k) the map's output k, (False, i) the child's column i
        kept = [(False, i) for i in range(len(names)) if i not in self._inputs]
        if len(outputs) == len(inputs):  # each output takes its input's place
            picks = [
                (True, self._inputs.index(i)) if i in self._inputs else (False, i)
                for i in range(len(names))
            ]
            wins = True  # an output named like a kept column hides that column
        else:  # MindSpore puts the outputs first, then the columns the map keeps
            picks = [(True, k) for k in range(len(outputs))] + kept
            wins = False  # a kept column hides an output of its name
        if len(set(outputs)) != len(outputs):
            raise ValueError(f"map: `output_columns` {outputs} repeat a name")
        kept_names = {names[i] for _, i in kept}
        shadowed = [c for c in outputs if c in kept_names]
        picks = [
            (is_out, k)
            for is_out, k in picks
            if (outputs[k] if is_out else names[k]) not in shadowed or is_out == wins
        ]
        self._picks = picks
        # MindSpore's debug (pull) mode refuses a hidden output when the column count changes
        self._hidden_output = shadowed if not wins else []
        layout = [outputs[k] if is_out else names[k] for is_out, k in picks]
        self.column_names = layout
        self._num_workers = _workers(num_parallel_workers, "map")
        if not isinstance(operations, (list, tuple)) and _computes_with_mindspore(operations):
            # MindSpore runs such a function on one worker (its network operators do not
            # compile on several threads); msfunc keeps the setting it reports
            num_parallel_workers = self._num_workers = 1
        self.num_parallel_workers = num_parallel_workers

    def _size(self):
        return self.children[0]._size()

    def _apply(
        self, index, row, key, draws=(None, None, None), slot=0, tolerate=False, python=None
    ):
        """The row with the operations applied; FAILED where one raises and `tolerate`;
        `python`: the workers' own Python and numpy generators (see `worker_generators`)."""
        values = tuple(row[i] for i in self._inputs)
        hooks = config.debug_hooks()
        with (
            sample_scope((*key, index), draws[0], draws[1], draws[2], index, slot),
            (
                nullcontext()
                if python is None
                else worker_generators(python, slot, draws[1], draws[2], index)
            ),
        ):
            for position, op in enumerate(self._ops):
                if hooks and position == 0:
                    values = _run_hooks(hooks, values, _op_name(op), first=True)
                try:
                    result = op(*values)
                    if isinstance(result, types.GeneratorType):
                        # (MindSpore refuses it: a column holds arrays, not a lazy iterator)
                        raise TypeError("it returned a generator, not arrays")
                except Exception as exc:
                    if tolerate:  # the error-samples mode drops or replaces it
                        return FAILED
                    raise RuntimeError(
                        f"map: operation {_op_name(op)} failed on column(s) {self._input_names} "
                        f"of sample {index}: {type(exc).__name__}: {exc}"
                    ) from exc
                values = result if isinstance(result, tuple) else (result,)
                if hooks:
                    values = _run_hooks(hooks, values, _op_name(op), first=False)
        if len(values) != len(self._outputs):
            raise RuntimeError(
                f"map: the operations returned {len(values)} columns for sample "
                f"{index}, but `output_columns` names {len(self._outputs)}: "
                f"{self._outputs}"
            )
        values = tuple(column_value(v) for v in values)
        return tuple(values[k] if is_out else row[k] for is_out, k in self._picks)

    def _callback_runner(self, ctx):
        """This iterator's caller of the map's callbacks, told that a pass starts."""
        from .callback import CallbackRunner

        runner = ctx.streams.get(("callbacks", id(self)))
        if runner is None:
            runner = ctx.streams["callbacks", id(self)] = CallbackRunner(self._callbacks)
            ctx.streams["epoch_end"].append(runner.end_epoch)
        runner.enter_epoch(ctx.path[0])
        return runner

    def _rows(self, ctx):
        if self._hidden_output and config.get_debug_mode():
            raise RuntimeError(
                f"map: in debug mode, output column(s) {self._hidden_output} cannot share a name "
                "with a column the map keeps"
            )
        key = ctx.entropy(self)
        # The random transforms' engines, kept for the iterator's life as MindSpore keeps
        # its operations: one copy per worker, worker k's seeded with the pipeline seed
        # plus k, and the rows dealt to the workers in turn, the end of every pass taking
        # a turn too (MindSpore's end-of-epoch message); this pass's turns keep the draws
        # in row order whatever the thread timing.
        engines = ctx.streams.setdefault(("transforms", id(self)), {})
        dealt = ctx.streams.get(("dealt", id(self)), 0)
        # (debug mode runs the pipeline on one thread: one worker's engines and generators)
        workers = 1 if config.get_debug_mode() else self._num_workers
        draws = (engines, ctx.seed, RowTurns() if workers > 1 else None)
        count = 0
        iterating = "epoch_end" in ctx.streams  # not a get_dataset_size pass
        runner = self._callback_runner(ctx) if self._callbacks and iterating else None

        # debug mode runs every map strictly: the error-samples mode is ignored there
        mode = config.ErrorSamplesMode.RETURN
        if not config.get_debug_mode():
            mode = config.get_error_samples_mode()
        tolerate = mode != config.ErrorSamplesMode.RETURN

        python = None
        seeded = config.get_seed() != config._DEFAULT_SEED  # noqa: SLF001
        if getattr(self, "python_processes", False) and seeded:
            # MindSpore seeds its worker processes only when a seed was set
            python = ctx.streams.setdefault(("python generators", id(self)), {})

        def apply(item):
            slot = (dealt + item[0]) % workers
            return self._apply(item[0], item[1], key, draws, slot, tolerate, python)

        # Below a sync_wait gate the rows come only as fast as the consumer releases them:
        # workers reading ahead would wait on rows the gate holds until the consumer has
        # seen the ones they hold (each engine still draws for its own rows, in turn).
        gated = bool(sync_nodes(self.children[0]))
        outputs = ordered_map(
            apply,
            enumerate(self.children[0]._rows(ctx)),
            1 if gated else workers,
            chunk=_CHUNK,
            lookahead=config.get_prefetch_size() // _CHUNK,
        )
        if mode == config.ErrorSamplesMode.SKIP:
            outputs = skip_failed(outputs)
        elif mode == config.ErrorSamplesMode.REPLACE:
            outputs = replace_failed(outputs)
        for out in outputs:
            count += 1
            if runner is not None:
                runner.row()
            yield out
        ctx.streams[("dealt", id(self))] = dealt + count + 1


class Batch(Dataset):
    """`batch_size` consecutive rows stacked into one."""

    _mindspore_name = "BatchDataset"

    def __init__(
        self,
        child,
        batch_size,
        drop_remainder,
        pad_info,
        per_batch_map=None,
        input_columns=None,
        output_columns=None,
    ):
        self.children = (child,)
        # a callable batch_size gives each batch's size from its _BatchInfo
        self._size_fn = batch_size if callable(batch_size) else None
        if isinstance(batch_size, bool):  # (MindSpore takes True as a size of 1)
            batch_size = int(batch_size)
        # batch (not padded_batch) takes -1, and refuses it only when it runs, as MindSpore
        allow_all = pad_info is None
        self.padded = pad_info is not None  # padded_batch's node (MindSpore's PaddedBatchDataset)
        self._size_per_batch = (
            None
            if self._size_fn
            else _count(batch_size, "batch", "batch_size", 1, allow_all=allow_all)
        )
        if not isinstance(drop_remainder, bool):
            raise TypeError(f"batch: `drop_remainder` must be a bool, got {drop_remainder!r}")
        self._drop = drop_remainder
        names = child.get_col_names()
        self.column_names = names
        self._pad = {}
        if pad_info is not None and not isinstance(pad_info, dict):
            raise TypeError(f"padded_batch: `pad_info` must be a dict, got {pad_info!r}")
        for name, spec in (pad_info or {}).items():
            if name not in names:
                raise ValueError(f"batch: `pad_info` names column {name!r}, not among {names}")
            shape, value = spec if spec is not None else (None, 0)
            self._pad[names.index(name)] = (None if shape is None else tuple(shape), value)
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError("batch: `per_batch_map` must be callable")
        self._per_batch_map = per_batch_map
        self._map_inputs, self._splice, self._missing_inputs = None, None, []
        if per_batch_map is not None:
            inputs = (
                names
                if input_columns is None
                else check_columns(input_columns, "batch", "input_columns")
            )
            # MindSpore builds such a pipeline and refuses it when it runs (RuntimeError)
            self._missing_inputs = [c for c in inputs if c not in names]
            self._map_inputs = [names.index(c) for c in inputs if c in names]
            if output_columns is not None and not self._missing_inputs:
                outputs = check_columns(output_columns, "batch", "output_columns")
                self._outputs = len(outputs)
                if len(outputs) == len(inputs):  # each output takes its input's place
                    layout = list(names)
                    for i, n in zip(self._map_inputs, outputs):
                        layout[i] = n
                else:  # as map: the outputs go where the first input was
                    kept = [n for i, n in enumerate(names) if i not in self._map_inputs]
                    first = min(self._map_inputs)
                    self._splice = sum(1 for i in range(first) if i not in self._map_inputs)
                    layout = kept[: self._splice] + outputs + kept[self._splice :]
                self.column_names = layout

    def _size(self):
        n = self.children[0]._size()
        if n is None or self._size_fn is not None:
            return None
        if self._size_per_batch == -1:  # (refused when it runs; MindSpore counts the rows)
            return n
        return n // self._size_per_batch if self._drop else math.ceil(n / self._size_per_batch)

    def _batch_size(self):
        return -1 if self._size_fn is not None else self._size_per_batch

    def _stack(self, rows, first_index, info=None):
        columns = [list(c) for c in zip(*rows)]
        if self._per_batch_map is not None:
            picked = [columns[i] for i in self._map_inputs]
            info = info or _BatchInfo(first_index // len(rows))
            result = self._per_batch_map(*picked, info)
            result = result if isinstance(result, tuple) else (result,)
            made = per_batch_columns(result)
            if self._splice is None:
                for i, values in zip(self._map_inputs, made):
                    columns[i] = values
            else:
                if len(made) != self._outputs:
                    raise ValueError(
                        f"batch: `per_batch_map` returned {len(made)} columns, "
                        f"but `output_columns` names {self._outputs}"
                    )
                kept = [c for i, c in enumerate(columns) if i not in self._map_inputs]
                columns = kept[: self._splice] + made + kept[self._splice :]
        out = []
        for c, values in enumerate(columns):
            if isinstance(values, WholeBatch):
                out.append(values.value)
                continue
            if c in self._pad:
                values = _pad(values, *self._pad[c])
            shape, dtype = np.shape(values[0]), getattr(values[0], "dtype", None)
            for k, v in enumerate(values):
                if (
                    dtype is not None
                    and dtype.kind in "biufc"
                    and getattr(v, "dtype", dtype) != dtype
                ):
                    raise RuntimeError(  # MindSpore does not promote within a batch
                        f"batch: column '{self.column_names[c]}' of sample {first_index + k} "
                        f"is {v.dtype}, but sample {first_index} of the same batch is {dtype}"
                    )
                if np.shape(v) != shape:
                    name = self.column_names[c]
                    raise RuntimeError(
                        f"batch: column '{name}' of sample {first_index + k} has shape "
                        f"{np.shape(v)}, but sample {first_index} of the same batch has {shape}; "
                        "samples of a batch must have equal shapes (resize them, or use "
                        f"padded_batch with pad_info={{'{name}': (None, 0)}})"
                    )
            out.append(stack_column(values))
        return tuple(out)

    def _next_size(self, info):
        if self._size_fn is None:
            return int(self._size_per_batch or 0)  # (always set when there is no function)
        try:
            size = self._size_fn(info)
        except Exception as exc:  # (StopIteration too: it must not end the pass silently)
            raise RuntimeError(
                f"batch: the `batch_size` function failed: {type(exc).__name__}: {exc}"
            ) from exc
        return _count(size, "batch", "batch_size (as the function returned it)", 1)

    def _rows(self, ctx):
        if self._size_per_batch == -1:
            raise RuntimeError("batch: a `batch_size` of -1 cannot be used without a batch sampler")
        if self._missing_inputs:
            raise RuntimeError(
                f"batch: `input_columns` {self._missing_inputs} are not among the columns "
                f"{self.children[0].get_col_names()}"
            )
        rows = self.children[0]._rows(ctx)
        # BatchInfo's epoch is the iterator's (a repeat after the batch does not count)
        epoch = ctx.path[0]
        start = batch_num = 0
        while True:
            info = _BatchInfo(batch_num, epoch)
            size = self._next_size(info)
            chunk = list(itertools.islice(rows, size))
            if not chunk or (self._drop and len(chunk) < size):
                return
            yield self._stack(chunk, start, info)
            start += len(chunk)
            batch_num += 1


class _BatchInfo:
    def __init__(self, batch_num, epoch_num=0):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self):
        return self._batch_num

    def get_epoch_num(self):
        return self._epoch_num


def _pad(values, shape, pad_value):
    ndim = max(np.ndim(v) for v in values)
    target = tuple(max(np.shape(v)[d] for v in values) for d in range(ndim))
    if shape is not None:
        target = tuple(t if s is None else s for s, t in zip(shape, target))
    padded = []
    for v in values:
        v = np.asarray(v)
        if pad_value is None:
            pad_value = "" if v.dtype.kind in "US" else 0
        # a sample larger than the pad shape is cut to it, as MindSpore does
        v = v[tuple(slice(0, t) for t in target[: v.ndim])]
        widths = [(0, t - s) for s, t in zip(v.shape, target)]
        if any(w for _, w in widths):
            if v.dtype.kind in "US":  # a text pad value longer than the texts widens the column
                v = v.astype(np.result_type(v.dtype, np.asarray(pad_value).dtype))
            v = np.pad(v, widths, constant_values=pad_value)
        padded.append(v)
    return padded


class Shuffle(Dataset):
    """Rows shuffled through a buffer, as MindSpore's shuffle(buffer_size)."""

    _mindspore_name = "ShuffleDataset"

    def __init__(self, child, buffer_size, reshuffle_each_epoch=True):
        self.children = (child,)
        self._buffer = _count(buffer_size, "shuffle", "buffer_size", 2)
        # False (as split uses it): every pass draws the same slots, from a fresh engine
        self._reshuffle = reshuffle_each_epoch
        self.column_names = child.get_col_names()

    def _size(self):
        return self.children[0]._size()

    def _rows(self, ctx):
        # MindSpore's buffer: fill it, then repeatedly emit a random slot, move the last row
        # into that slot and refill the last one from the child; once the child is done,
        # the buffer shrinks from the end. Slots come from one mt19937_64 per iterator.
        engine = ctx.buffer_engine(self) if self._reshuffle else Mt19937_64(ctx.seed & 0xFFFFFFFF)
        rows = self.children[0]._rows(ctx)
        buffer = []
        for row in rows:
            buffer.append(row)
            if len(buffer) == self._buffer:
                break
        active = len(buffer) == self._buffer
        last = len(buffer) - 1
        while last >= 0:
            slot = engine.next() % (last + 1)
            yield buffer[slot]
            buffer[slot] = buffer[last]
            if active:
                row = next(rows, None)
                if row is None:
                    active = False
                else:
                    buffer[last] = row
            if not active:
                last -= 1


class Repeat(Dataset):
    """The child's rows `count` times over (each pass with its own random draws)."""

    _mindspore_name = "RepeatDataset"

    def __init__(self, child, count):
        self.children = (child,)
        count = -1 if count is None else _count(count, "repeat", "count", 1, allow_all=True)
        self._times = count
        self.column_names = child.get_col_names()

    def _size(self):
        if self._times == -1:
            raise ValueError("get_dataset_size: the dataset repeats forever (repeat(-1))")
        n = self.children[0]._size()
        return None if n is None else n * self._times

    def get_repeat_count(self):
        return self._times

    def _rows(self, ctx):
        passes = itertools.count() if self._times == -1 else range(self._times)
        for i in passes:
            yield from self.children[0]._rows(ctx.repeated(i))


class Take(Dataset):
    _mindspore_name = "TakeDataset"

    def __init__(self, child, count):
        self.children = (child,)
        self._n = _count(count, "take", "count", 1, allow_all=True)
        if self._n > 2**31 - 1:
            raise ValueError(f"take: `count` must be at most 2**31 - 1, got {count}")
        self.column_names = child.get_col_names()

    def _size(self):
        n = self.children[0]._size()
        if self._n == -1 or n is None:
            return n
        return min(n, self._n)

    def _rows(self, ctx):
        rows = self.children[0]._rows(ctx)
        yield from rows if self._n == -1 else itertools.islice(rows, self._n)


class Skip(Dataset):
    _mindspore_name = "SkipDataset"

    def __init__(self, child, count):
        self.children = (child,)
        self._n = _count(count, "skip", "count")
        self.column_names = child.get_col_names()

    def _size(self):
        n = self.children[0]._size()
        return None if n is None else max(0, n - self._n)

    def _rows(self, ctx):
        yield from itertools.islice(self.children[0]._rows(ctx), self._n, None)


class Project(Dataset):
    _mindspore_name = "ProjectDataset"

    def __init__(self, child, columns):
        self.children = (child,)
        columns = check_columns(columns, "project", "columns")
        names = child.get_col_names()
        missing = [c for c in columns if c not in names]
        if missing:
            raise ValueError(f"project: columns {missing} are not among {names}")
        self._pick = [names.index(c) for c in columns]
        self.column_names = columns

    def _size(self):
        return self.children[0]._size()

    def _rows(self, ctx):
        for row in self.children[0]._rows(ctx):
            yield tuple(row[i] for i in self._pick)


class Rename(Dataset):
    _mindspore_name = "RenameDataset"

    def __init__(self, child, input_columns, output_columns):
        self.children = (child,)
        old = check_columns(input_columns, "rename", "input_columns")
        new = check_columns(output_columns, "rename", "output_columns")
        if len(old) != len(new):
            raise ValueError("rename: `input_columns` and `output_columns` differ in length")
        names = child.get_col_names()
        missing = [c for c in old if c not in names]
        if missing:
            raise ValueError(f"rename: columns {missing} are not among {names}")
        mapping = dict(zip(old, new))
        self.column_names = [mapping.get(n, n) for n in names]

    def _size(self):
        return self.children[0]._size()

    def _rows(self, ctx):
        return self.children[0]._rows(ctx)


class Subset(Dataset):
    """The rows of a dataset at fixed positions (one part of a split)."""

    def __init__(self, child, indices):
        # (the parts of a split share their dataset without consuming it, as MindSpore's
        # copies do)
        self.__dict__["_children"] = (child,)
        self._indices = np.asarray(indices, dtype=np.int64)
        self.column_names = child.get_col_names()

    def _size(self):
        return len(self._indices)

    def _rows(self, ctx):
        child = self.children[0]
        if hasattr(child, "_get"):  # random access: read only this part, reshuffled if asked
            order = self._indices
            if getattr(child, "_shuffle", False):
                order = order[ctx.rng(self).permutation(len(order))]
            for i in order:
                yield child._get(int(i))
            return
        wanted = set(self._indices.tolist())
        for i, row in enumerate(child._rows(ctx)):
            if i in wanted:
                yield row


NODES.update(
    {cls.__name__: cls for cls in (Batch, Map, Project, Rename, Repeat, Shuffle, Skip, Take)}
)
