"""NumpySlicesDataset rows of different shapes, random crops and flips given several
images or frames, C-ordered output arrays, batch sizes True and -1, getters answered once,
operation checks, PadEnd of a scalar, an empty class_indexing, repeat counts and config.load,
against real MindSpore 2.10: tests/golden/dataset_misc16.json from
tests/oracle/gen_dataset_misc16_golden.py (cases in tests/oracle/dataset_misc16_cases.py)."""

import json
import os
import sys
import threading

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_misc16_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import transforms, vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_misc16.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _seed():
    seed = ds.config.get_seed()
    yield
    ds.config.set_seed(seed)


def _json(value):
    return json.loads(json.dumps(value))


def test_ragged_numpy_slices_match_mindspore():
    assert _json(cases.ragged_slices(ds)) == GOLDEN["ragged_slices"]


def test_several_images_share_one_draw_as_in_mindspore():
    assert _json(cases.several_images(ds, vision)) == GOLDEN["several_images"]


def test_iterator_arrays_are_c_ordered_as_in_mindspore():
    assert _json(cases.c_order(ds, vision)) == GOLDEN["c_order"]


def test_batch_sizes_match_mindspore():
    assert _json(cases.batch_sizes(ds)) == GOLDEN["batch_sizes"]


def test_getters_read_the_pipeline_once_as_in_mindspore():
    assert _json(cases.getters_once(ds)) == GOLDEN["getters_once"]


def test_operation_checks_match_mindspore():
    assert _json(cases.operation_checks(ds, transforms, vision)) == GOLDEN["operation_checks"]


def test_pad_end_of_a_scalar_matches_mindspore():
    assert _json(cases.pad_end(transforms)) == GOLDEN["pad_end"]


def test_empty_class_indexing_and_int_sampler_match_mindspore(tmp_path):
    assert _json(cases.empty_class_indexing(ds, str(tmp_path))) == GOLDEN["empty_class_indexing"]
    assert cases.int_sampler(ds, str(tmp_path)) == GOLDEN["int_sampler"]


def test_video_crops_match_mindspore():
    assert _json(cases.video_crops(ds, vision)) == GOLDEN["video_crops"]


def test_repeat_counts_match_mindspore():
    assert cases.repeat_counts(ds) == GOLDEN["repeat_counts"]


def test_config_load_matches_mindspore(tmp_path):
    assert cases.config_load(ds, str(tmp_path)) == GOLDEN["config_load"]


def test_an_iterator_stops_while_another_thread_reads_it():
    # (as a device queue's sender may be, when the iterators are cleaned up)
    inside, go_on = threading.Event(), threading.Event()

    def rows():
        for i in range(3):
            inside.set()
            go_on.wait(5)
            yield (np.array(i),)

    iterator = ds.GeneratorDataset(rows, ["x"]).create_tuple_iterator(output_numpy=True)
    got = []
    reader = threading.Thread(target=lambda: got.append(int(next(iterator)[0])))
    reader.start()
    inside.wait(5)
    iterator.stop()  # (the generator is running on the reader's thread)
    go_on.set()
    reader.join(5)
    assert got == [0]
    with pytest.raises(AttributeError):
        next(iterator)
