"""A MindSpore program's Python-sourced pipeline reads its rows ahead of the program as
MindSpore 2.10's does (tests/oracle/gen_pipeline_read_ahead_golden.py, run here under the
alias), and msfunc's own pipelines read each row when it is asked for."""

import _alias_scenarios
import numpy as np
import pytest

import msfunc.dataset as ds
from msfunc.context import mindspore_dtype_checks
from msfunc.dataset.read_ahead import ReadAhead, rows_read_ahead


@pytest.mark.parametrize("name", _alias_scenarios.names("pipeline_read_ahead"))
def test_draws_interleave_as_mindspores(name):
    _alias_scenarios.check("pipeline_read_ahead", name)


class _Counted:
    def __init__(self, rows):
        self.rows, self.read = rows, 0

    def __getitem__(self, index):
        self.read += 1
        return (np.array([index]),)

    def __len__(self):
        return self.rows


def test_msfuncs_own_pipelines_read_lazily():
    source = _Counted(50)
    data = ds.GeneratorDataset(source, ["x"], shuffle=False)
    assert rows_read_ahead(data) == 0
    next(data.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert source.read == 1


def test_depth_follows_prefetch_size_and_batch():
    before = mindspore_dtype_checks()
    size = ds.config.get_prefetch_size()
    try:
        mindspore_dtype_checks(True)
        ds.config.set_prefetch_size(4)
        data = ds.GeneratorDataset(_Counted(8), ["x"], shuffle=False)
        assert rows_read_ahead(data) == 30  # 6p + 6
        assert rows_read_ahead(data.batch(4)) == 14  # p + 5 batches and 5p rows
        assert rows_read_ahead(ds.NumpySlicesDataset({"x": np.arange(3)})) == 0
    finally:
        mindspore_dtype_checks(before)
        ds.config.set_prefetch_size(size)


def _epochs(*epochs):
    def open_epoch(epoch):
        for row in epochs[epoch]:
            if isinstance(row, Exception):
                raise row
            yield row

    return open_epoch


def _taken(ahead, count):
    got = []
    for _ in range(count):
        try:
            got.append(ahead.take())
        except StopIteration:
            got.append("end")
        except ValueError as exc:
            got.append(str(exc))
    return got


def test_an_error_comes_after_the_rows_read_before_it_and_ends_the_epoch():
    ahead = ReadAhead(_epochs([1, 2, ValueError("bad"), 9], [3]), 0, 2, depth=10)
    assert _taken(ahead, 6) == [1, 2, "bad", "end", 3, "end"]


def test_an_empty_pipeline_with_no_last_epoch_is_not_read_without_end():
    ahead = ReadAhead(lambda epoch: iter(()), 0, -1, depth=5)
    assert _taken(ahead, 3) == ["end", "end", "end"]


def test_closing_drops_the_rows_held():
    ahead = ReadAhead(_epochs([1, 2, 3]), 0, 1, depth=3)
    assert ahead.take() == 1
    ahead.close()
    assert _taken(ahead, 1) == ["end"]
