"""Dict columns (MindSpore's Python-object columns) through GeneratorDataset, map, batch and
per_batch_map, as MindSpore 2.10's dataset tutorial prints them (recorded in
tests/programs/figures/tutorial_dataset_python_objects.json; values checked here by numpy)."""

import numpy as np
import pytest

import msfunc as ms
import msfunc.dataset as ds


def _rows(data, **kw):
    return list(data.create_dict_iterator(num_epochs=1, output_numpy=True, **kw))


def test_a_dict_column_keeps_its_keys_and_becomes_arrays():
    def gen():
        for i in range(3):
            yield {"number": i, "square": i**2}, i

    rows = _rows(ds.GeneratorDataset(gen, column_names=["col1", "col2"]))
    assert [sorted(r["col1"]) for r in rows] == [["number", "square"]] * 3
    assert [int(r["col1"]["square"]) for r in rows] == [0, 1, 4]
    assert all(isinstance(r["col1"]["number"], np.ndarray) for r in rows)


def test_map_hands_the_dict_over_and_batch_stacks_it_key_by_key():
    def gen():
        for i in range(5):
            yield {"nested": {"powers": np.power(i, [1, 2, 3])}}, i

    def pick(col):
        assert isinstance(col, dict)
        return col["nested"]

    data = ds.GeneratorDataset(gen, column_names=["col1", "col2"]).map(pick, ["col1"])
    assert _rows(data)[2]["col1"]["powers"].tolist() == [2, 4, 8]
    (batch,) = _rows(data.batch(5))
    np.testing.assert_array_equal(
        batch["col1"]["powers"], np.power(np.arange(5)[:, None], [1, 2, 3])
    )
    assert batch["col2"].tolist() == [0, 1, 2, 3, 4]


def test_per_batch_map_may_return_dicts_and_more_columns_than_it_took():
    def per_batch(col1, info):
        return {"original": col1, "index": np.arange(3)}, {"copied": col1}

    data = ds.GeneratorDataset(lambda: iter(range(9)), column_names=["col1"])
    data = data.batch(3, per_batch_map=per_batch, output_columns=["col1", "col2"])
    assert data.get_col_names() == ["col1", "col2"]
    rows = _rows(data)
    assert len(rows) == 3
    assert [int(v) for v in rows[1]["col1"]["original"]] == [3, 4, 5]  # a list, as given
    assert rows[2]["col1"]["index"].tolist() == [0, 1, 2]
    assert [int(v) for v in rows[0]["col2"]["copied"]] == [0, 1, 2]


def test_tensor_iterators_give_dicts_of_tensors_and_a_one_column_dict_stays_one_column():
    def gen():
        for i in range(2):
            yield {"a": np.array(i), "b": np.array(i + 1)}

    data = ds.GeneratorDataset(gen, column_names=["col1"])
    (first, second) = list(data)
    assert isinstance(first[0]["a"], ms.Tensor) and int(second[0]["b"]) == 2
    flat = data.map(lambda d: tuple(d.values()), ["col1"], ["a", "b"])
    assert [[int(t) for t in row] for row in flat] == [[0, 1], [1, 2]]


def test_per_batch_map_returning_too_few_columns_is_a_value_error():
    data = ds.GeneratorDataset(lambda: iter(range(4)), column_names=["x"])
    data = data.batch(2, per_batch_map=lambda x, info: (x,), output_columns=["x", "y"])
    with pytest.raises(ValueError, match="returned 1 columns"):
        _rows(data)
