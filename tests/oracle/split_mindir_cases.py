"""Split MINDIR export scenarios shared by gen_split_mindir_golden.py and msfunc's test.

With ``serialization.TOTAL_SAVE`` at 0 KB every network's weights are written apart from
its graph; each scenario `case(ms, folder, rec)` exports a small network with three weights
under a given ``PARAMETER_SPLIT_SIZE`` and records the weight files (names, bytes, modes),
the graph file's mode and the loaded graph's output, or the exception type.
"""

import os

import numpy as np


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.zeta = ms.Parameter(ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3)))
            self.alpha = ms.Parameter(ms.Tensor(np.full((2, 5), 0.5, np.float32)))
            self.mid = ms.Parameter(ms.Tensor(np.array([3, 1, 4, 1, 5, 9, 2], np.int32)))

        def construct(self, x):
            scaled = ms.ops.matmul(x, self.zeta) + self.alpha.sum()
            return scaled * self.mid.astype(ms.float32).sum()

    return Net()


def _export(ms, folder, rec, key, split_kb):
    serialization = ms.train.serialization
    saved = serialization.TOTAL_SAVE, serialization.PARAMETER_SPLIT_SIZE
    serialization.TOTAL_SAVE, serialization.PARAMETER_SPLIT_SIZE = 0, split_kb
    try:
        net = _net(ms)
        x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))
        name = os.path.join(folder, "net")
        try:
            ms.export(net, x, file_name=name, file_format="MINDIR")
        except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
            rec(key, ["error", type(exc).__name__])
            return
        variables = os.path.join(folder, "net_variables")
        files = {}
        for file in sorted(os.listdir(variables)):
            with open(os.path.join(variables, file), "rb") as f:
                files[file] = [
                    f.read().hex(),
                    oct(os.stat(os.path.join(variables, file)).st_mode)[-3:],
                ]
        graph = os.path.join(folder, "net_graph.mindir")
        rec(key + "/files", files)
        rec(key + "/graph_mode", oct(os.stat(graph).st_mode)[-3:])
        out = ms.nn.GraphCell(ms.load(graph))(x)
        rec(key + "/output", out.asnumpy().tolist())
    finally:
        serialization.TOTAL_SAVE, serialization.PARAMETER_SPLIT_SIZE = saved


def case_one_file(ms, folder, rec):
    _export(ms, folder, rec, "one_file", 1024)


def case_split_files(ms, folder, rec):
    _export(ms, folder, rec, "split_files", 200 / 1024)


def case_too_small(ms, folder, rec):
    _export(ms, folder, rec, "too_small", 0)


SCENARIOS = (case_one_file, case_split_files, case_too_small)
