"""Dataset methods that regroup or gate rows (apply, bucket_batch_by_length, sync_wait) or
describe them (output_shapes, output_types)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from . import config
from .node_table import NODES
from .samplers import DistributedSampler, RandomSampler


def _walk(dataset):
    """`dataset` and every dataset below it."""
    yield dataset
    for child in getattr(dataset, "children", ()):
        yield from _walk(child)


def sync_nodes(dataset):
    """The `sync_wait` gates in `dataset`'s pipeline, by condition name."""
    return {d.condition_name: d for d in _walk(dataset) if hasattr(d, "condition_name")}


class PipelineMethods:
    """Mixed into `Dataset`: operations that regroup rows or hold them back."""

    if TYPE_CHECKING:  # (Dataset's, which mixes this in)

        def get_batch_size(self) -> int | None: ...

        def epoch_rows(self, seed, epoch, streams=None) -> Iterator[tuple]: ...

        def _first_row(self) -> tuple: ...

        def create_tuple_iterator(
            self, columns=None, num_epochs=-1, output_numpy=False
        ) -> Iterator[list]: ...

        def concat(self, datasets) -> PipelineMethods: ...

    def apply(self, apply_func):
        """The dataset `apply_func(self)` returns (a way to reuse a chain of operations).

        Raises:
            TypeError: `apply_func` is not callable or does not return a Dataset.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False)
            >>> d.apply(lambda data: data.batch(2)).get_dataset_size()
            3
        """
        if not callable(apply_func):
            raise TypeError(
                f"apply: `apply_func` must be callable, got {type(apply_func).__name__}"
            )
        result = apply_func(self)
        if not isinstance(result, PipelineMethods):  # every Dataset is one
            raise TypeError(
                f"apply: `apply_func` must return a Dataset, got {type(result).__name__}"
            )
        return result

    def bucket_batch_by_length(
        self,
        column_names,
        bucket_boundaries,
        bucket_batch_sizes,
        element_length_function=None,
        pad_info=None,
        pad_to_bucket_boundary=False,
        drop_remainder=False,
    ):
        """Batch rows of similar length: a row whose length (the first axis of the one column
        in `column_names`, or `element_length_function` of those columns) lies in
        ``[bucket_boundaries[i-1], bucket_boundaries[i])`` joins bucket ``i``, which is padded
        (`pad_info`; an empty one pads every column to its longest sample) and emitted once it
        holds ``bucket_batch_sizes[i]`` rows. `pad_to_bucket_boundary` pads unknown lengths to
        the bucket's upper boundary less one.

        Raises:
            TypeError: an argument has the wrong type.
            ValueError: boundaries empty, non-positive or not increasing; batch sizes not one
                more than the boundaries or not positive.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> rows = [np.arange(n) for n in (1, 3, 2, 4)]
            >>> d = ds.GeneratorDataset(lambda: ((r,) for r in rows), ["x"], shuffle=False)
            >>> d = d.bucket_batch_by_length(["x"], [3], [2, 2])
            >>> [b["x"].shape for b in d.create_dict_iterator(output_numpy=True)]
            [(2, 2), (2, 4)]
        """
        from .bucket_args import check_bucket_args  # (kept light: no engine import)

        check_bucket_args(
            column_names,
            bucket_boundaries,
            bucket_batch_sizes,
            element_length_function,
            pad_to_bucket_boundary,
            drop_remainder,
        )
        return _nodes()["BucketBatch"](
            self,
            column_names,
            bucket_boundaries,
            bucket_batch_sizes,
            element_length_function,
            pad_info,
            pad_to_bucket_boundary,
            drop_remainder,
        )

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """Keep the rows for which `predicate(*columns)` is true (`input_columns`, default
        all, are the columns it gets, as numpy arrays). `num_parallel_workers` is accepted;
        the predicate runs in row order.

        Raises:
            TypeError: `predicate` is not callable.
            ValueError: a column of `input_columns` is unknown.
            RuntimeError: when iterating, the predicate raised.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False)
            >>> d = d.filter(lambda x: x % 2 == 0)
            >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
            [0, 2, 4]
        """
        if num_parallel_workers is not None:
            config.workers_arg(num_parallel_workers, "filter")
        return _nodes()["Filter"](self, predicate, input_columns)

    def use_sampler(self, new_sampler):
        """Read the rows through `new_sampler`: a source's sampler is replaced; a
        concatenation of sources takes a `DistributedSampler` without shuffle or
        `num_samples`, and deals its rows to the shards in turn (shards may differ in size),
        or a `RandomSampler`: each row then comes from a child drawn at random, weighted by
        the rows the children have left.

        Raises:
            TypeError: the sampler does not fit the dataset (a concatenation of anything but
                sources, or another sampler).
            ValueError: a concatenation's sampler shuffles or has `num_samples`, or one of
                the sources it joins has `num_samples`.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> a = ds.PaddedDataset([{"x": np.array(i)} for i in range(3)])
            >>> d = a + ds.PaddedDataset([{"x": np.array(9)}])
            >>> d.use_sampler(ds.DistributedSampler(2, 1, shuffle=False))
            >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
            [1, 9]
        """
        if not hasattr(new_sampler, "order"):
            raise TypeError(f"use_sampler: expected a sampler, got {type(new_sampler).__name__}")
        if self._takes_sampler():
            self._sampler = new_sampler
            return
        if isinstance(new_sampler, RandomSampler) and hasattr(self, "global_shuffle"):
            self.global_shuffle = True  # a concatenation draws each row's child at random
            return
        if not isinstance(new_sampler, DistributedSampler):
            raise TypeError(
                "use_sampler: a concatenation takes a DistributedSampler or a RandomSampler, got"
                f" {type(new_sampler).__name__}"
            )
        if new_sampler.shuffle or new_sampler.num_samples is not None:
            raise ValueError(
                "use_sampler: a concatenation's DistributedSampler must not shuffle or set"
                " num_samples"
            )
        if not _sources_joined(self):
            raise TypeError("use_sampler: only a source or a concatenation of sources takes one")
        for child in getattr(self, "children", ()):
            limit = getattr(child, "_num_samples", None)
            if limit is None:
                limit = getattr(getattr(child, "_sampler", None), "num_samples", None)
            if limit is not None:  # (MindSpore shards the children's full rows)
                raise ValueError(
                    "use_sampler: a concatenation shards whole sources; "
                    f"{type(child).__name__} has num_samples={limit}"
                )
        self.shard = (new_sampler.num_shards, new_sampler.shard_id)

    def _takes_sampler(self):
        """Whether this node reads its rows through a sampler of its own (a source does)."""
        return False

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        """Hold the pipeline after `num_batch` batches until `sync_update(condition_name)`
        releases the next ones, calling `callback(data)` with the data `sync_update` gives
        (a `batch` built over it counts in its batches; the gate waits at most 60 s, then
        opens for good).

        Raises:
            TypeError: `condition_name` is not a str or `num_batch` not an int.
            ValueError: `num_batch` is not positive.
            RuntimeError: the pipeline already has a gate of that name.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
            >>> d = d.sync_wait("step").batch(2)
            >>> for row in d.create_tuple_iterator(output_numpy=True):
            ...     d.sync_update("step")
        """
        if not isinstance(condition_name, str):
            raise TypeError(f"sync_wait: `condition_name` must be a str, got {condition_name!r}")
        if isinstance(num_batch, bool) or not isinstance(num_batch, int):
            raise TypeError(f"sync_wait: `num_batch` must be an int, got {num_batch!r}")
        if num_batch <= 0:
            raise ValueError(f"sync_wait: `num_batch` must be positive, got {num_batch}")
        if callback is not None and not callable(callback):
            raise TypeError("sync_wait: `callback` must be callable")
        if condition_name in sync_nodes(self):
            raise RuntimeError(f"sync_wait: the condition {condition_name!r} is already used")
        return _nodes()["SyncWait"](self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        """Release the `sync_wait` gate `condition_name` for `num_batch` more batches
        (default: its own count), calling its callback with `data`.

        Raises:
            TypeError: `condition_name` is not a str.
            RuntimeError: `num_batch` is not a positive int or no gate has that name (both
                open every gate of the pipeline first, so that it cannot hang).
        """
        if num_batch is not None and (
            isinstance(num_batch, bool) or not isinstance(num_batch, int) or num_batch <= 0
        ):
            self.disable_sync()
            raise RuntimeError(f"sync_update: `num_batch` must be a positive int, got {num_batch}")
        if not isinstance(condition_name, str):
            raise TypeError(
                f"sync_update: `condition_name` must be a str, got {type(condition_name).__name__}"
            )
        gates = sync_nodes(self)
        if condition_name not in gates:
            self.disable_sync()
            raise RuntimeError(f"sync_update: no sync_wait condition named {condition_name!r}")
        batch_size = self.get_batch_size()
        rows = None if num_batch is None else num_batch * (batch_size or 1)
        gates[condition_name].release(rows, data)

    def disable_sync(self):
        """Open every `sync_wait` gate of the pipeline for good."""
        for gate in sync_nodes(self).values():
            gate.disable()

    def flat_map(self, func):
        """The concatenation of the datasets `func(*row)` returns for each row (numpy
        arrays) of one epoch, read now.

        Raises:
            TypeError: `func` is not callable or returns something other than a dataset.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset([[0, 1], [2, 3]], shuffle=False)
            >>> d = d.flat_map(lambda a: ds.NumpySlicesDataset(a * 10, shuffle=False))
            >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
            [0, 10, 20, 30]
        """
        if not callable(func):
            raise TypeError(f"flat_map: `func` must be callable, got {type(func).__name__}")
        parts = []
        for row in self.create_tuple_iterator(num_epochs=1, output_numpy=True):
            part = func(*row)
            if not isinstance(part, PipelineMethods):
                raise TypeError(
                    f"flat_map: `func` must return a dataset, got {type(part).__name__}"
                )
            parts.append(part)
        if not parts:
            raise ValueError("flat_map: the dataset has no rows to map")
        return parts[0] if len(parts) == 1 else parts[0].concat(parts[1:])

    @property
    def input_indexs(self):
        """The network input order recorded on the pipeline: this node's own setting, else
        the first one set below it (depth first), else ``()``.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset([1, 2], column_names=["c"])
            >>> d.input_indexs = (1, 0)
            >>> d.shuffle(2).input_indexs
            (1, 0)
        """
        own = getattr(self, "_input_indexs", ())
        if own != ():
            return own
        for child in getattr(self, "children", ()):
            found = child.input_indexs
            if found != ():
                return found
        return ()

    @input_indexs.setter
    def input_indexs(self, value):
        self._input_indexs = value

    def output_shapes(self, estimate=False):
        """The shape of each column of the first row, as lists ([] for an empty dataset);
        with `estimate`, over the whole epoch, a dimension that varies given as None.

        Raises:
            TypeError: `estimate` is not a bool.
            RuntimeError: with `estimate`, a column's rank varies between rows.

        Example:
            >>> import msfunc.dataset as ds
            >>> d = ds.GeneratorDataset(lambda: ((np.ones((2, i)),) for i in (1, 3)), ["x"])
            >>> d.output_shapes(), d.output_shapes(estimate=True)
            ([[2, 1]], [[2, None]])
        """
        if not isinstance(estimate, bool):
            raise TypeError(f"output_shapes: `estimate` must be a bool, got {estimate!r}")
        if not estimate:
            first = self._saved("shapes", lambda: [_shape(c) for c in self._first_row()])
            return [list(shape) for shape in first]
        shapes: list[list[int | None]] | None = None
        for row in self.epoch_rows(config.pipeline_seed(), 0):
            if shapes is None:
                shapes = [list[int | None](_shape(c)) for c in row]
                continue
            for i, column in enumerate(row):
                shape = _shape(column)
                if len(shape) != len(shapes[i]):
                    raise RuntimeError(
                        f"output_shapes: column {i} has rank {len(shapes[i])} in one row and "
                        f"{len(shape)} in another"
                    )
                shapes[i] = [a if a == b else None for a, b in zip(shapes[i], shape)]
        return [] if shapes is None else shapes

    def output_types(self):
        """The numpy dtype of each column of the first row ([] for an empty dataset); text
        columns report ``np.str_`` and bytes ``np.bytes_`` (whatever their length), as
        MindSpore does."""
        kinds = {"U": np.str_, "S": np.bytes_}
        types = self._saved(
            "types",
            lambda: [kinds.get(c.dtype.kind, c.dtype) for c in map(_typed, self._first_row())],
        )
        return list(types)

    def _saved(self, name, compute):
        """The answer of getter `name`, computed once and kept: like MindSpore's, each
        getter runs the pipeline (which may decode images) only on its first call."""
        saved = self.__dict__.setdefault("_saved_getters", {})
        if name not in saved:
            saved[name] = compute()
        return saved[name]

    def get_class_indexing(self):
        """Class name -> label of the first source below with classes by name, else {}.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> ds.NumpySlicesDataset({"x": np.arange(3)}).shuffle(2).get_class_indexing()
            {}
        """
        for child in getattr(self, "children", ()):  # (Dataset's, which mixes this in)
            found = child.get_class_indexing()
            if found:
                return found
        return {}


def _sources_joined(dataset):
    """Whether `dataset` concatenates sources (or concatenations of them)."""
    concat = _nodes()["Concat"]
    return isinstance(dataset, concat) and all(
        not child.children or _sources_joined(child) for child in dataset.children
    )


def _nodes():
    return NODES


def _shape(column) -> tuple[int, ...]:
    """A column's shape as MindSpore reports it: a Python dict (held whole) is [0].

    Example:
        >>> _shape({"a": 1}), _shape(np.zeros((2, 3)))
        ((0,), (2, 3))
    """
    return (0,) if isinstance(column, dict) else np.shape(column)


def _typed(column):
    """A column as something with a dtype: a Python dict is an object array."""
    return np.empty(0, object) if isinstance(column, dict) else column
