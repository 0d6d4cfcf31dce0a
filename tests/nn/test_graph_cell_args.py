"""nn.GraphCell's params_init of the wrong kind raises the exception type real MindSpore 2.10
raises (tests/golden/graph_cell_args.json from tests/oracle/gen_graph_cell_args_golden.py);
a well-formed one is refused (an exported graph holds its weights as constants)."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from tests._paths import golden

GOLDEN = golden("graph_cell_args")
BAD = {
    "array": lambda: np.ones((2, 3), np.float32),
    "array_value": lambda: {"weight": np.ones((2, 3), np.float32)},
    "int_key": lambda: {1: ms.Tensor(np.ones((2, 3), np.float32))},
    "list": lambda: [ms.Tensor(np.ones((2, 3), np.float32))],
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("graph") / "dense")
    x = ms.Tensor(np.ones((2, 3), np.float32))
    ms.export(nn.Dense(3, 2), x, file_name=path, file_format="MINDIR")
    return ms.load(path + ".mindir")


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_params_init_raises_mindspores_type(graph, name):
    with pytest.raises((TypeError, ValueError)) as info:
        nn.GraphCell(graph, params_init=BAD[name]())
    assert type(info.value).__name__ == GOLDEN[name]


def test_well_formed_params_init_is_refused(graph):
    params = {"weight": ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)), name="weight")}
    with pytest.raises(NotImplementedError):
        nn.GraphCell(graph, params_init=params)
