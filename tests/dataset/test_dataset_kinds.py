"""The pipeline node classes and abstract dataset kinds of ``mindspore.dataset.engine.datasets``
(``isinstance(data, BatchDataset)``, ``issubclass(ds.CSVDataset, MappableDataset)``) against real
MindSpore 2.10: tests/golden/dataset_kinds.json from tests/oracle/gen_dataset_kinds_golden.py."""

import json
import os
import sys

from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_kinds_cases as cases  # noqa: E402

from msfunc.compat import alias_mindspore, unalias_mindspore  # noqa: E402
from msfunc.dataset import engine_classes  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_kinds.json")) as _f:
    GOLDEN = json.load(_f)


def test_pipeline_nodes_and_source_classes_have_mindspores_kinds(tmp_path):
    # (the names a MindSpore program sees: msfunc's own msfunc.dataset does not export them)
    alias_mindspore()
    try:
        import mindspore.dataset as ds
        import mindspore.dataset.engine.datasets as engine_datasets

        got = json.loads(json.dumps(cases.kinds(ds, engine_datasets, str(tmp_path))))
    finally:
        unalias_mindspore()
    assert got["nodes"] == GOLDEN["nodes"]
    # every public dataset class msfunc has, against MindSpore's. Not in msfunc:
    # OBSMindDataset (cloud storage) and DeserializedDataset (msfunc's deserialize rebuilds the
    # described nodes themselves)
    missing = set(GOLDEN["sources"]) - set(got["sources"])
    assert missing <= {"OBSMindDataset", "DeserializedDataset"}
    assert got["sources"] == {k: v for k, v in GOLDEN["sources"].items() if k not in missing}
    assert got["same_objects"] == GOLDEN["same_objects"]


def test_a_programs_subclass_of_a_kind_is_that_kind():
    class Mine(engine_classes.MappableDataset):
        pass

    assert issubclass(Mine, engine_classes.SourceDataset)
    assert issubclass(Mine, engine_classes.MappableDataset)
    assert not issubclass(Mine, engine_classes.BatchDataset)
    assert not isinstance(3, engine_classes.UnionBaseDataset)
