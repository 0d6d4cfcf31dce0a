"""msfunc's MindData profiler (``_c_dataengine.GlobalContext.profiling_manager()``) against
MindSpore 2.10: the operations, CPU and memory fields and traced batches of the files it saves
(tests/oracle/gen_dataset_profiling_golden.py, whose scenarios run here with msfunc's modules)."""

import importlib.util
import json
import os

import pytest
from _paths import TESTS

import msfunc.dataset as ds
from msfunc.compat import dataengine
from msfunc.dataset import transforms

_spec = importlib.util.spec_from_file_location(
    "gen_dataset_profiling_golden", TESTS / "oracle" / "gen_dataset_profiling_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "dataset_profiling.json").read_text())


@pytest.fixture(scope="module")
def ours():
    out = {}
    before = os.environ.get("RANK_ID")
    try:
        gen.run(ds, dataengine, transforms, out.__setitem__)
    finally:
        if before is None:
            os.environ.pop("RANK_ID", None)
        else:
            os.environ["RANK_ID"] = before
    return out


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(ours, key):
    assert json.loads(json.dumps(ours[key])) == GOLDEN[key]


def test_files_hold_timings_and_memory(tmp_path):
    prof = dataengine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    data = ds.GeneratorDataset(gen._gen(20), ["c"]).map(lambda c: c + 1, input_columns=["c"])
    for _ in data.batch(5).create_tuple_iterator(num_epochs=1):
        pass
    prof.stop()
    prof.save(str(tmp_path))
    cpu = json.loads((tmp_path / "minddata_cpu_utilization_0.json").read_text())
    assert cpu["process_memory_info"]["rss_mbytes"][0] > 0
    assert cpu["system_memory_info"]["total_sys_memory_mbytes"][0] > 0
    for op in cpu["op_info"]:
        assert all(0 <= u for u in op["metrics"]["user_utilization"])
    lines = (tmp_path / "dataset_iterator_profiling_0.txt").read_text().split("\n")[:-1]
    assert [line.split()[2] for line in lines] == [str(b // 4 + 1) for b in range(16)]


def test_init_while_running_resets():
    # a deliberate difference: MindSpore's init raises RuntimeError while the profiler runs
    prof = dataengine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    prof.init()
    with pytest.raises(RuntimeError):
        prof.stop()  # not started since the init
