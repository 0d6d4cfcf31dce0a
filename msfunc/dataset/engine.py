"""`Dataset`: the base of every pipeline node, its chaining methods and its iterators.

A pipeline is a tree of nodes; iterating it walks the tree once per epoch, each
node yielding rows (tuples of numpy arrays, one per column). Random choices are
drawn from generators derived from the seed fixed when the iterator is created
(`ds.config.set_seed`, else `msfunc.set_seed`), the epoch and the node's place
in the tree, so two iterators over the same pipeline with the same seed agree.
"""

from __future__ import annotations

import copy
import time

import numpy as np

from ..common.shown_type import ShownTypeMeta
from . import bridge, config, consumers, profiling
from ._random import EpochContext
from ._workers import check_max_rowsize
from .given_args import record_init
from .iterators import track
from .node_table import NODES  # noqa: F401  (the node modules register through engine.NODES)
from .pipeline_methods import PipelineMethods
from .python_objects import column_value, output_value
from .read_ahead import ReadAhead, rows_read_ahead

__all__ = ["Dataset", "TupleIterator", "DictIterator", "as_row", "check_columns"]


def as_row(value, width, who):
    """One sample as a tuple of numpy arrays, `width` columns wide (None: any)."""
    if isinstance(value, dict) and width != 1:
        value = tuple(value.values())  # a dict of columns; with one column, a dict column
    elif isinstance(value, list) and width not in (None, 1):
        value = tuple(value)
    elif not isinstance(value, tuple):
        value = (value,)
    if width is not None and len(value) != width:
        # (found while the pipeline runs: MindSpore's engine raises RuntimeError)
        raise RuntimeError(f"{who}: a sample has {len(value)} columns, expected {width}")
    row = tuple(column_value(v) for v in value)
    for i, column in enumerate(row):
        if getattr(column, "dtype", None) is np.dtype(object):
            # (sets, ragged lists, None inside arrays: no numeric or string dtype)
            raise RuntimeError(
                f"{who}: column {i} converts to no numeric or string array (got {value[i]!r})"
            )
    return row


def check_columns(names, who, arg):
    """`names` (a str or a list of str) as a list; raises TypeError naming `arg` otherwise,
    ValueError for an empty name."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise TypeError(f"{who}: `{arg}` must be a str or a list of str, got {names!r}")
    if "" in names:
        raise ValueError(f"{who}: `{arg}` holds an empty name: {names!r}")
    return list(names)


class Dataset(PipelineMethods, metaclass=ShownTypeMeta):
    """A node of a data pipeline. Subclasses give `column_names`, `_rows(ctx)` and `_size()`.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).batch(2)
        >>> isinstance(data, ds.Dataset), data.get_dataset_size()
        (True, 2)
        >>> [r[0].tolist() for r in data.create_tuple_iterator(output_numpy=True)]
        [[0, 1], [2, 3]]
    """

    column_names = ()
    # A node's MindSpore class name where it differs from msfunc's (``Batch`` is MindSpore's
    # ``BatchDataset``): ``type(data)`` prints MindSpore's path under the mindspore alias.
    _mindspore_name = "Dataset"

    @property
    def children(self):
        """The nodes this one reads from."""
        return self.__dict__.get("_children", ())

    @children.setter
    def children(self, nodes):
        self.__dict__["_children"] = nodes
        consumers.count(nodes)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        record_init(cls)  # its arguments, for serialize
        if "_rows" in cls.__dict__:  # so that the profiler can time each operation
            cls._rows = profiling.timed_rows(cls.__dict__["_rows"])

    # -- what subclasses implement --------------------------------------------
    def _rows(self, ctx):  # pragma: no cover - abstract
        raise NotImplementedError

    def _size(self):
        """Rows per epoch when known without iterating, else None."""
        return None

    def _batch_size(self):
        return self.children[0]._batch_size() if self.children else 1

    # -- chaining -----------------------------------------------------------------
    def map(
        self,
        operations,
        input_columns=None,
        output_columns=None,
        num_parallel_workers=None,
        **kwargs,
    ):
        """Apply `operations` (a callable or a list applied in order) to `input_columns`.

        `input_columns` defaults to the first column, `output_columns` to the input
        names. Outputs replace their inputs in place when there are as many;
        otherwise the outputs come first, then the columns the map does not read (as
        MindSpore). `num_parallel_workers` threads run the operations, results in
        order (`python_multiprocessing` also uses threads). `callbacks` (DSCallback or a
        list of them, from `msfunc.dataset.callback`) see the epochs and rows pass.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
            >>> [int(r[0]) for r in d.map(lambda x: x * 10, ["x"]).create_tuple_iterator()]
            [0, 10, 20]
        """
        # MindSpore's other options (no column_order since 2.0): unknown ones are a TypeError
        known = {"python_multiprocessing", "max_rowsize", "cache", "callbacks", "offload"}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise TypeError(f"map: unexpected arguments {unknown}")
        check_max_rowsize(kwargs.get("max_rowsize"), "map")
        Map = NODES["Map"]
        node = Map(
            self,
            operations,
            input_columns,
            output_columns,
            num_parallel_workers,
            callbacks=kwargs.get("callbacks"),
        )
        # (MindSpore's worker processes each hold their own Python and numpy generators)
        node.python_processes = bool(kwargs.get("python_multiprocessing", False))
        return node

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        """Stack `batch_size` consecutive rows into one, column by column.

        Also takes MindSpore's `per_batch_map`, `input_columns`, `output_columns`
        (and `python_multiprocessing`, `max_rowsize`, which have no effect).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False).batch(2)
            >>> [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
            [[0, 1], [2, 3], [4]]
        """
        if num_parallel_workers is not None:
            config.workers_arg(num_parallel_workers, "batch")
        Batch = NODES["Batch"]
        batch = Batch(self, batch_size, drop_remainder, None, **_batch_options(kwargs, "batch"))
        NODES["scale_gates"](batch, batch_size)
        return batch

    def padded_batch(
        self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None
    ):
        """`batch`, first padding the columns in `pad_info` to a common shape.

        `pad_info` maps a column to ``(shape, pad_value)``; a None shape (or None
        entries in it) pads to the largest in the batch, a None value with 0 ('' for
        text). An empty `pad_info` pads every column so.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.GeneratorDataset(lambda: iter([np.ones(1), np.ones(2)]), ["v"])
            >>> next(d.padded_batch(2, pad_info={"v": (None, 0)}).create_tuple_iterator(
            ...     output_numpy=True))[0].tolist()
            [[1.0, 0.0], [1.0, 1.0]]
        """
        if num_parallel_workers is not None:
            config.workers_arg(num_parallel_workers, "padded_batch")
        Batch = NODES["Batch"]
        if not pad_info:  # MindSpore pads every column (0, or '' for text) to the longest
            pad_info = {name: (None, None) for name in self.get_col_names()}
        batch = Batch(self, batch_size, drop_remainder, pad_info)
        NODES["scale_gates"](batch, batch_size)
        return batch

    def shuffle(self, buffer_size):
        """Shuffle through a buffer of `buffer_size` rows (>= the dataset size: a full shuffle).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).shuffle(6)
            >>> sorted(int(r[0]) for r in d.create_tuple_iterator())
            [0, 1, 2, 3, 4, 5]
        """
        Shuffle = NODES["Shuffle"]
        NODES["refuse_shuffle_after_gate"](self)
        return Shuffle(self, buffer_size)

    def repeat(self, count=None):
        """Run the data `count` times per epoch (None or -1: forever).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(2)}).repeat(3).get_dataset_size()
            6
        """
        Repeat = NODES["Repeat"]
        return Repeat(self, count)

    def take(self, count=-1):
        """The first `count` rows (-1: all).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(5)}).take(2).get_dataset_size()
            2
        """
        Take = NODES["Take"]
        return Take(self, count)

    def skip(self, count):
        """All rows but the first `count`.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(5)}).skip(2).get_dataset_size()
            3
        """
        Skip = NODES["Skip"]
        return Skip(self, count)

    def zip(self, datasets):
        """Rows side by side with those of `datasets` (a Dataset or a tuple of them).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> a = ds.NumpySlicesDataset({"x": np.arange(3)})
            >>> a.zip(ds.NumpySlicesDataset({"y": np.arange(2)})).get_col_names()
            ['x', 'y']
        """
        Zip = NODES["Zip"]
        if not isinstance(datasets, (tuple, Dataset)):
            raise TypeError(
                "zip: `datasets` must be a Dataset or a tuple of them, got"
                f" {type(datasets).__name__}"
            )
        others = list(datasets) if isinstance(datasets, tuple) else [datasets]
        return Zip([self, *others])

    def concat(self, datasets):
        """These rows, then those of `datasets` (same columns).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> a = ds.NumpySlicesDataset({"x": np.arange(3)})
            >>> (a + ds.NumpySlicesDataset({"x": np.arange(2)})).get_dataset_size()
            5
        """
        Concat = NODES["Concat"]
        others = list(datasets) if isinstance(datasets, (tuple, list)) else [datasets]
        return Concat([self, *others])

    __add__ = concat

    def project(self, columns):
        """Keep only `columns`, in that order.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(2), "y": np.arange(2)})
            >>> d.project(["y"]).get_col_names()
            ['y']
        """
        Project = NODES["Project"]
        return Project(self, columns)

    def rename(self, input_columns, output_columns):
        """Rename columns.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(2)}).rename("x", "z").get_col_names()
            ['z']
        """
        Rename = NODES["Rename"]
        return Rename(self, input_columns, output_columns)

    def split(self, sizes, randomize=True):
        """Split into datasets of `sizes` rows (ints) or fractions (floats summing to 1).

        With `randomize`, rows are assigned to the parts by a permutation drawn from
        the dataset seed; each part keeps the source order.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> a, b = ds.NumpySlicesDataset({"x": np.arange(10)}).split([0.8, 0.2])
            >>> a.get_dataset_size(), b.get_dataset_size()
            (8, 2)
        """
        split = NODES["split"]
        return split(self, sizes, randomize)

    # -- iterating ------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        """An iterator over rows as lists of arrays; each full pass is one epoch.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(2)}, shuffle=False)
            >>> it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
            >>> [[int(r[0]) for r in it] for _ in range(2)]
            [[0, 1], [0, 1]]
        """
        _check_do_copy(do_copy)
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """An iterator over rows as ``{column name: array}``.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": np.arange(2)}, shuffle=False)
            >>> row = next(data.create_dict_iterator())
            >>> list(row), int(row["x"])
            (['x'], 0)
        """
        _check_do_copy(do_copy)
        return DictIterator(self, None, num_epochs, output_numpy)

    def __iter__(self):
        return self.create_tuple_iterator(num_epochs=1)

    def set_init_step(self, init_step):
        """Make the iterators created from now on start at global step `init_step`.

        The whole epochs before it are skipped (an iterator then runs ``num_epochs`` less
        those), and the first epoch begins `init_step` rows in; each epoch's shuffling is
        the one it would have had, so a resumed run sees the rows an unbroken run saw.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
            >>> d.set_init_step(4)
            >>> it = d.create_tuple_iterator(num_epochs=3, output_numpy=True)
            >>> [[int(r[0]) for r in it] for _ in range(2)]
            [[1, 2], [0, 1, 2]]
        """
        if isinstance(init_step, bool) or not isinstance(init_step, (int, np.integer)):
            raise TypeError(
                f"set_init_step: `init_step` must be an int, got {type(init_step).__name__}"
            )
        if init_step < 0:
            raise ValueError(f"set_init_step: `init_step` must be >= 0, got {init_step}")
        self._init_step = int(init_step)

    def get_init_step(self):
        """The global step iterators start at (see `set_init_step`)."""
        return getattr(self, "_init_step", 0)

    def epoch_rows(self, seed, epoch, streams=None):
        """The rows (tuples of numpy arrays) of one epoch under `seed`; `streams` is the
        random state an iterator carries from epoch to epoch (None: a fresh first pass)."""
        numbers = {}
        stack = [self]
        while stack:
            node = stack.pop()
            if id(node) not in numbers:
                numbers[id(node)] = len(numbers)
                stack.extend(reversed(node.children))
        return self._rows(EpochContext(seed, (epoch,), numbers, streams))

    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """Write the rows of one epoch to MindRecord files (`num_files` shards) that
        `MindDataset` (msfunc's or MindSpore's) reads; columns keep their names, integer
        columns become int32/int64, float16 float32.

        Example:
            >>> import os, tempfile, numpy as np, msfunc.dataset as ds
            >>> path = os.path.join(tempfile.mkdtemp(), "saved.mindrecord")
            >>> ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).save(path)
            >>> [int(r[0]) for r in ds.MindDataset(path, shuffle=False).create_tuple_iterator()]
            [0, 1, 2]
        """
        from .save import save_dataset

        save_dataset(self, file_name, num_files, file_type)

    # -- what the pipeline produces ------------------------------------------------------
    def get_dataset_size(self):
        """Rows per epoch (counted by iterating when the sources cannot tell).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(5)}).batch(2).get_dataset_size()
            3
        """
        size = self._size()
        if size is None:
            size = sum(1 for _ in self.epoch_rows(config.pipeline_seed(), 0))
        return size

    def __len__(self):
        """`get_dataset_size()`, as MindSpore's datasets give it (so an empty one is falsy)."""
        return self.get_dataset_size()

    def get_col_names(self) -> list[str]:
        """The column names, in order."""
        return list(self.column_names)

    def get_batch_size(self):
        """The batch size of the last `batch` in the pipeline (1 without one)."""
        return self._batch_size()

    def _first_row(self):
        """The first row of an epoch (no columns when the dataset is empty)."""
        for row in self.epoch_rows(config.pipeline_seed(), 0):
            return row
        return ()

    def get_repeat_count(self):
        """The count of the nearest `repeat` below, found as MindSpore finds it: through
        each node's last input (1 without one)."""
        return self.children[-1].get_repeat_count() if self.children else 1

    def num_classes(self):
        """The number of classes of the first source below that knows it, else None."""
        found = (child.num_classes() for child in self.children)
        return next((n for n in found if n is not None), None)

    def to_json(self, filename=""):
        """This pipeline as `serialize` describes it (a dict), also written to `filename`
        (JSON) when one is given.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(3)}).repeat(2).to_json()["op_type"]
            'Repeat'
        """
        from .serdes import serialize

        return serialize(self, filename)

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """This pipeline as a node whose `send` feeds a device queue (see `transfer`)."""
        return NODES["Transfer"](self, send_epoch_end, create_data_info_queue, queue_name)

    def __repr__(self):
        return f"<msfunc.dataset.{type(self).__name__} columns={self.get_col_names()}>"


def _batch_options(kwargs, who):
    known = {
        "per_batch_map",
        "input_columns",
        "output_columns",
        "python_multiprocessing",
        "max_rowsize",
    }
    unknown = sorted(set(kwargs) - known)
    if unknown:
        raise TypeError(f"{who}: unexpected arguments {unknown}")
    check_max_rowsize(kwargs.get("max_rowsize"), who)
    return {k: kwargs.get(k) for k in ("per_batch_map", "input_columns", "output_columns")}


def _check_do_copy(do_copy):
    if not isinstance(do_copy, bool):
        raise TypeError(f"create_iterator: `do_copy` must be a bool, got {do_copy!r}")


class TupleIterator:
    """Iterates a dataset epoch by epoch: a `for` loop over it runs one epoch.

    Made by `Dataset.create_tuple_iterator`; each row is a list of the columns' values.

    Args:
        dataset (Dataset): The pipeline to iterate.
        columns (Union[str, list[str], None]): Columns to give, in this order; ``None`` gives
            them all.
        num_epochs (int): Epochs to run, positive, or -1 for no end.
        output_numpy (bool): Give numpy arrays instead of Tensors.

    Raises:
        TypeError: `num_epochs` is not an int or `output_numpy` not a bool.
        ValueError: `num_epochs` is below -1, or a column is unknown.
        RuntimeError: `num_epochs` is 0.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
        >>> it = data.create_tuple_iterator(output_numpy=True)
        >>> type(it).__name__, [int(row[0]) for row in it]
        ('TupleIterator', [0, 1, 2])
    """

    def __init__(
        self,
        dataset: Dataset,
        columns: str | list[str] | None,
        num_epochs: int,
        output_numpy: bool,
    ) -> None:
        if isinstance(num_epochs, bool) or not isinstance(num_epochs, int):
            raise TypeError(f"create_iterator: `num_epochs` must be an int, got {num_epochs!r}")
        if not -1 <= num_epochs <= 2**31 - 1:
            raise ValueError(
                f"create_iterator: `num_epochs` must be a positive int or -1, got {num_epochs!r}"
            )
        if num_epochs == 0:  # (MindSpore's check lets it through; its pipeline refuses it)
            raise RuntimeError("create_iterator: `num_epochs` must be a positive int or -1, got 0")
        if not isinstance(output_numpy, bool):
            raise TypeError(f"create_iterator: `output_numpy` must be a bool, got {output_numpy!r}")
        consumers.check_tree(dataset)
        self._dataset = dataset
        self._tree_copy = None
        self._num_epochs = int(num_epochs)
        self._output_numpy = output_numpy
        names = dataset.get_col_names()
        if columns is None and any(n.startswith("_meta-") for n in names):
            columns = [n for n in names if not n.startswith("_meta-")]  # (hidden until renamed)
        if columns is None:
            self._pick = None
        else:
            columns = check_columns(columns, "create_tuple_iterator", "columns")
            missing = [c for c in columns if c not in names]
            if missing:
                raise ValueError(
                    f"create_tuple_iterator: `columns` {missing} are not among "
                    f"the dataset's columns {names}"
                )
            self._pick = [names.index(c) for c in columns]
        self._names = names if columns is None else columns
        self._seed = config.pipeline_seed()
        # "epoch_end": what to call as each epoch ends (map callbacks run only in iterators,
        # never in the passes that get_dataset_size and output_shapes make)
        self._streams = {"epoch_end": []}
        self._epoch, self._skip = 0, 0
        self._rows = None
        self._stopped = False
        self._bridged = bridge.independent()  # MS_INDEPENDENT_DATASET: the pipeline on its own
        init_step = dataset.get_init_step()
        if init_step:
            self._resume_at(init_step)
            if self._num_epochs != -1:
                self._num_epochs += self._epoch  # epochs are counted from the first one
        if config.get_enable_autotune():
            from .serdes import autotune_config

            autotune_config(dataset)
        manager = profiling.active()
        self._profiler = (
            manager if manager and manager.watch(self, dataset, num_epochs, self._streams) else None
        )
        track(self)

    def __iter__(self):
        return self

    def __next__(self):
        if self._profiler is None:
            return self._next_row()
        start = time.perf_counter()
        row = self._next_row()
        depth = self._rows.depth() if isinstance(self._rows, bridge.Bridge) else 0
        self._profiler.batch_done(self, time.perf_counter() - start, depth)
        return row

    def _next_row(self):
        if self._stopped:
            raise AttributeError("iterator: it was stopped; create a new one to read the data")
        if self._rows is None or isinstance(self._rows, ReadAhead):
            if self._num_epochs != -1 and self._epoch >= self._num_epochs:
                raise RuntimeError(
                    f"iterator: all {self._num_epochs} epochs it was created for have been "
                    "read; create it with a larger num_epochs (-1: no end)"
                )
        if self._rows is None:
            depth = 0 if self._bridged else rows_read_ahead(self._dataset)
            if depth:  # (read from here on as MindSpore's threads read, across epochs)
                self._rows = ReadAhead(self._open_epoch, self._epoch, self._num_epochs, depth)
            else:
                self._rows = self._open_epoch(self._epoch)
        try:
            row = self._rows.take() if isinstance(self._rows, ReadAhead) else next(self._rows)
        except StopIteration:
            if not isinstance(self._rows, ReadAhead):  # (which goes on into the next epoch)
                self._rows = None
            self._epoch += 1
            for end_epoch in self._streams["epoch_end"]:
                end_epoch()
            raise
        if self._pick is not None:
            row = tuple(row[i] for i in self._pick)
        return self._convert(row)

    def _open_epoch(self, epoch):
        rows = self._dataset.epoch_rows(self._seed, epoch, self._streams)
        if self._bridged:
            rows = bridge.Bridge(rows, config.get_prefetch_size())
        for _ in range(self._skip):  # resuming inside an epoch (set_init_step)
            next(rows, None)
        self._skip = 0
        return rows

    def _convert(self, row):
        if self._output_numpy:
            # C order, as MindSpore's arrays always are (crops and flips give views)
            return [
                c.copy() if isinstance(c, np.ndarray) and not c.flags.c_contiguous else c
                for c in row
            ]
        # Tensors, as MindSpore's iterators give; text and bytes columns stay numpy arrays
        # (MindSpore's Tensors hold no strings either)
        return [output_value(c) for c in row]

    def _resume_at(self, step):
        """Continue from global step `step` of the run, the rows an unbroken run gives there."""
        self._release()
        epoch, self._skip = divmod(step, self._dataset.get_dataset_size())
        self._streams = {"epoch_end": []}
        for earlier in range(epoch):  # random state (shuffle buffers) carries across epochs
            for _ in self._dataset.epoch_rows(self._seed, earlier, self._streams):
                pass
        self._epoch = epoch

    def _release(self):
        if self._rows is not None:
            try:
                self._rows.close()
            except ValueError:  # running on another thread (a device queue's sender), which
                pass  # finds the iterator stopped when it asks for its next row
            self._rows = None

    def stop(self):
        """Release the epoch in progress (its worker threads); the iterator is then done with:
        reading it again raises AttributeError, as MindSpore's does."""
        self._release()
        self._stopped = True

    def release(self):
        """The same as `stop`."""
        self.stop()

    def get_col_names(self):
        return list(self._names)

    @property
    def dataset(self):
        """A copy of the iterated pipeline's tree (each node copied, the copies linked as
        the originals are), made on first use, as MindSpore's iterator holds one."""
        if self._stopped:  # (MindSpore's stop drops it)
            raise AttributeError("iterator: it was stopped and holds no dataset any more")
        if self._tree_copy is None:
            self._tree_copy = _copied_tree(self._dataset)
        return self._tree_copy


def _copied_tree(node):
    # (shallow copies, node by node: a tree's Python functions need not be picklable)
    twin = copy.copy(node)
    twin.__dict__["_consumers"] = 0  # (its copied parent, if any, counts itself in)
    if node.children:
        twin.children = type(node.children)(_copied_tree(child) for child in node.children)
    return twin


class DictIterator(TupleIterator):
    """Like TupleIterator, each row a dict keyed by column name.

    Made by `Dataset.create_dict_iterator`.

    Args:
        dataset (Dataset): The pipeline to iterate.
        columns (Union[str, list[str], None]): Columns to give, in this order; ``None`` gives
            them all.
        num_epochs (int): Epochs to run, positive, or -1 for no end.
        output_numpy (bool): Give numpy arrays instead of Tensors.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(2)}, shuffle=False)
        >>> [int(row["x"]) for row in data.create_dict_iterator(output_numpy=True)]
        [0, 1]
    """

    def _convert(self, row):
        return dict(zip(self._names, super()._convert(row)))
