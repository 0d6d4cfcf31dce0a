"""Saved-graph scenarios shared by gen_save_graphs_golden.py (MindSpore) and msfunc's test.

Each `scenario(ms, folder, rec)` is a plain MindSpore program that asks for saved graphs into
`folder` (by environment variable or `set_context`) and records which files appeared: the
stage names and counters MindSpore's naming ``NN_<stage>_<counter>.ir`` carries, and counts
by file kind. The environment variables are removed and the context reset afterwards.
"""

import os
import re

import numpy as np

_STAGE_FILE = re.compile(r"^\d+_(.+)_(\d+)\.ir$")
_ENV = (
    "MS_DEV_SAVE_GRAPHS",
    "MS_DEV_SAVE_GRAPHS_PATH",
    "MS_DEV_DUMP_IR_PASSES",
    "MS_DEV_DUMP_IR_INTERVAL",
)


def _stages(folder):
    """(stage name, counter) of each top-level stage file in `folder`."""
    found = [_STAGE_FILE.match(name) for name in sorted(os.listdir(folder))]
    return [(m.group(1), int(m.group(2))) for m in found if m]


def _count(folder, suffix):
    return sum(name.endswith(suffix) for name in os.listdir(folder))


def _loop_net(ms):
    class LoopNet(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.update = ms.Parameter(ms.Tensor(1, ms.float32), "update")

        def construct(self, x, y, z):
            out1 = z
            i = self.update
            while x < y:
                i = i + 1
                out1 = out1 + 1
                x = x + 1
            return out1, self.update

    return LoopNet()


def _run_loop_net(ms):
    net = _loop_net(ms)
    scalars = [ms.Tensor(v, ms.float32) for v in (0, 10, 100)]
    return net(*scalars)


def _with_env(ms, folder, extra, body):
    ms.set_context(mode=ms.GRAPH_MODE)
    os.environ.update({"MS_DEV_SAVE_GRAPHS": "1", "MS_DEV_SAVE_GRAPHS_PATH": folder, **extra})
    try:
        return body()
    finally:
        for name in _ENV:
            os.environ.pop(name, None)
        ms.set_context(mode=ms.PYNATIVE_MODE)


def interval(ms, folder, rec):
    """MS_DEV_DUMP_IR_INTERVAL=3: the residues of (counter + 1) mod 3 among the files kept."""
    _with_env(ms, folder, {"MS_DEV_DUMP_IR_INTERVAL": "3"}, lambda: _run_loop_net(ms))
    rec("interval", sorted({(counter + 1) % 3 for _, counter in _stages(folder)}))


def passes(ms, folder, rec):
    """MS_DEV_DUMP_IR_PASSES: only the stages whose names hold one of the listed parts."""
    _with_env(
        ms, folder, {"MS_DEV_DUMP_IR_PASSES": "_validate,type_inf"}, lambda: _run_loop_net(ms)
    )
    rec("passes", sorted({name for name, _ in _stages(folder)}))


def unsetenv(ms, folder, rec):
    """``os.unsetenv`` (which leaves os.environ's copy) stops the saving: nothing written."""

    def body():
        os.unsetenv("MS_DEV_SAVE_GRAPHS")
        _run_loop_net(ms)
        return _count(folder, ".ir") if os.path.isdir(folder) else 0

    rec("unsetenv", _with_env(ms, folder, {}, body))


def context_level3(ms, folder, rec):
    """set_context(save_graphs=3): IR and Graphviz files, no .dat files."""
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs=3, save_graphs_path=folder)
    try:
        net = ms.nn.Dense(2, 1, weight_init="ones")
        net(ms.Tensor(np.ones((1, 2), np.float32)))
    finally:
        ms.set_context(save_graphs=False, mode=ms.PYNATIVE_MODE)
    rec(
        "context_level3",
        {
            "ir": _count(folder, ".ir") > 0,
            "dot": _count(folder, ".dot") > 0,
            "dat": _count(folder, ".dat"),
            "validate": any(name == "validate" for name, _ in _stages(folder)),
        },
    )


def jit_class(ms, folder, rec):
    """jit on a Cell class gives the class back; its instances compile in PyNative mode."""

    class AddNet(ms.nn.Cell):
        def construct(self, x, y):
            return x + y

    def body():
        ms.set_context(mode=ms.PYNATIVE_MODE)
        same = ms.jit(AddNet) is AddNet
        out = AddNet()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
        names = {name for name, _ in _stages(folder)} if os.path.isdir(folder) else set()
        return [same, out.asnumpy().tolist(), "validate" in names]

    rec("jit_class", _with_env(ms, folder, {}, body))


def parameter_in_loop(ms, folder, rec):
    """A variable holding a Parameter before a loop on tensors and a tensor in it."""
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out, update = _run_loop_net(ms)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    rec("parameter_in_loop", [float(out), float(update), type(update).__name__])


SCENARIOS = (interval, passes, unsetenv, context_level3, jit_class, parameter_in_loop)
