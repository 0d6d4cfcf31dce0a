"""``mindspore.experimental.optim`` (optimizers with Parameter rates and the lr_scheduler
classes) gives MindSpore 2.10's rates, weights and exception classes
(tests/golden/experimental_optim.json, from tests/oracle/experimental_optim_cases.py run here
with msfunc), eagerly and with the schedulers stepped inside a GRAPH_MODE Cell."""

import numpy as np
import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import nn
from msfunc.experimental import optim

_TABLE = case_table("experimental_optim_cases")
_GOLDEN = golden("experimental_optim")


@pytest.mark.parametrize("name", sorted(set(_TABLE.CASES) - {"bad_arguments"}))
def test_case_matches_mindspore(name):
    got = _TABLE.CASES[name](ms)
    np.testing.assert_allclose(
        np.array(got, np.float64), np.array(_GOLDEN[name]), rtol=2e-5, atol=1e-6
    )


def test_bad_arguments_raise_mindspores_exception_classes():
    assert _TABLE.CASES["bad_arguments"](ms) == _GOLDEN["bad_arguments"]


@pytest.mark.parametrize(
    "name",
    [
        "step_lr",
        "cosine_annealing_lr",
        "cyclic_triangular",
        "warm_restarts_epochs",
        "plateau_min_rel",
    ],
)
def test_schedulers_step_inside_a_compiled_cell(name):
    """The schedulers keep their state in Parameters: stepped in a GRAPH_MODE Cell (as
    MindSpore's own programs do) they give the eager rates."""
    make = {
        "step_lr": lambda o: optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5),
        "cosine_annealing_lr": lambda o: optim.lr_scheduler.CosineAnnealingLR(
            o, T_max=3, eta_min=0.01
        ),
        "cyclic_triangular": lambda o: optim.lr_scheduler.CyclicLR(
            o, 0.01, 0.1, step_size_up=2, step_size_down=3
        ),
        "warm_restarts_epochs": lambda o: optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=2),
        "plateau_min_rel": lambda o: optim.lr_scheduler.ReduceLROnPlateau(
            o, patience=1, factor=0.5, cooldown=1
        ),
    }[name]
    args = {
        "warm_restarts_epochs": [0.5, 1.5, 2.0, 3.25, 0.0, 4.5],
        "plateau_min_rel": [3.0, 2.0, 2.5, 2.6, 2.7, 2.8, 1.0, 1.1],
    }.get(name)
    want = _GOLDEN[name]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        sched = make(optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=0.1))

        class Step(nn.Cell):
            def construct(self, *arg):
                sched.step(*arg)
                return sched.get_last_lr()

        step = Step()
        got = [
            float(step(*([] if args is None else [ms.Tensor(args[i])]))[0])
            for i in range(len(want))
        ]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(got, [row[0] for row in want], rtol=2e-5, atol=1e-6)
