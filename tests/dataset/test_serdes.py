"""serialize / deserialize / show against real MindSpore 2.10: tests/golden/serdes.json from
tests/oracle/gen_serdes_golden.py (cases in tests/oracle/serdes_cases.py). MindSpore's own
descriptions are read back by msfunc and must yield MindSpore's rows; msfunc's descriptions
must read back to the same description and rows."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import serdes_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import transforms, vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "serdes.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("serdes"))
    cases.write_inputs(path)
    return path


@pytest.fixture(autouse=True)
def _one_worker():
    workers = ds.config.get_num_parallel_workers()
    ds.config.set_num_parallel_workers(1)
    yield
    ds.config.set_num_parallel_workers(workers)


def _pipelines(folder):
    return {
        "csv": cases.csv_pipeline(ds, transforms, folder),
        "image": cases.image_pipeline(ds, vision, folder),
    }


@pytest.mark.parametrize("name", ["csv", "image"])
def test_mindspore_description_reads_back_as_in_mindspore(folder, name):
    text = json.dumps(GOLDEN[name]["json"]).replace("{folder}", folder)
    assert cases.read_back(ds, json.loads(text)) == GOLDEN[name]["read_back"]


@pytest.mark.parametrize("name", ["csv", "image"])
def test_own_description_round_trips(folder, name, tmp_path):
    data = _pipelines(folder)[name]
    assert cases.rows(data) == GOLDEN[name]["rows"]
    path = str(tmp_path / "pipeline.json")
    described = ds.serialize(data, path)
    again = ds.deserialize(json_filepath=path)
    assert ds.serialize(again) == described
    assert cases.rows(again) == GOLDEN[name]["rows"]


def test_operation_nodes_have_mindspore_keys(folder):
    assert cases.op_keys(ds.serialize(_pipelines(folder)["csv"])) == GOLDEN["op_keys"]


def test_refused_pipelines(folder):
    generated = ds.GeneratorDataset([1, 2, 3], ["c"]).repeat(2)
    filtered = cases.csv_pipeline(ds, transforms, folder).filter(lambda b: True, ["b"])
    assert cases.refused(ds, generated) == GOLDEN["refused"]["generator"]
    assert cases.refused(ds, filtered) == GOLDEN["refused"]["filter"]


def test_show_prints_the_description(folder, capsys):
    data = _pipelines(folder)["csv"]
    ds.show(data, indentation=None)
    assert json.loads(capsys.readouterr().out) == ds.serialize(data)


def test_bad_arguments():
    with pytest.raises(ValueError):
        ds.deserialize()
    with pytest.raises(TypeError):
        ds.deserialize(input_dict=[1])


def test_to_json_is_serialize(folder, tmp_path):
    data = _pipelines(folder)["image"]
    path = str(tmp_path / "image.json")
    assert data.to_json(path) == ds.serialize(data)
    with open(path) as f:
        assert json.load(f) == ds.serialize(data)


def test_autotune_configuration_reads_back(folder):
    data = _pipelines(folder)["image"]
    again = ds.deserialize(input_dict={"summary": [], "tree": ds.serialize(data)})
    assert cases.rows(again) == GOLDEN["image"]["rows"]
