"""What Model.train prints: LossMonitor's and TimeMonitor's lines in MindSpore 2.10's format,
each on a line of its own, and a progress bar only on a terminal.

The formats were read off real MindSpore 2.10 running the same Model.train with both
callbacks (``epoch: 1 step: 3, loss is 13.15...`` / ``Train epoch time: 754.577 ms, per step
time: 251.526 ms``; ``Eval ...`` for Model.eval; ``Eval result: epoch 1, metrics: {...}``
after an epoch of Model.fit).
"""

import io
import re
import sys

import _alias_scenarios
import numpy as np
import pytest

from msfunc import nn
from msfunc.train import LossMonitor, Model, TimeMonitor

LOSS_LINE = re.compile(r"epoch: (\d+) step: (\d+), loss is (\S+)")
TIME_LINE = re.compile(
    r"(Train|Eval) epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms"
    r"( \(data time: \d+\.\d{3} ms\))?"
)


def _model():
    net = nn.Dense(2, 1, "zeros", "zeros")
    return Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01), metrics={"mae"})


def _data():
    x = np.arange(24, dtype=np.float32).reshape(12, 2) / 10
    return [(x[i : i + 4], x[i : i + 4].sum(1, keepdims=True)) for i in range(0, 12, 4)]


def test_train_and_eval_print_mindspore_lines(capsys):
    model = _model()
    model.train(2, _data(), callbacks=[LossMonitor(2), TimeMonitor(data_time=True)])
    model.eval(_data(), callbacks=[TimeMonitor()])
    lines = capsys.readouterr().out.splitlines()
    # per_print_times=2 over 3 steps an epoch: global steps 2, 4 and 6
    assert [
        LOSS_LINE.fullmatch(line).groups()[:2] for line in lines if line.startswith("epoch:")
    ] == [("1", "2"), ("2", "1"), ("2", "3")]
    # zero weights: the first printed loss (step 2) is the mean squared target of batch 2
    # after one SGD step, a plain Python float as MindSpore prints it
    assert float(LOSS_LINE.fullmatch(lines[0]).group(3)) > 0
    times = [TIME_LINE.fullmatch(line) for line in lines if "epoch time" in line]
    assert [m.group(1) for m in times] == ["Train", "Train", "Eval"]
    assert all(m.group(2) for m in times[:2]) and not times[2].group(2)
    assert len(lines) == 6


def test_fit_prints_the_eval_result_after_the_epoch(capsys):
    _model().fit(1, _data(), _data(), callbacks=[LossMonitor(3)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("Eval result: epoch 1, metrics: {'mae': ")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_monitor_lines_never_share_the_progress_bar_line(monkeypatch):
    # stdout and stderr are one terminal: the bar (stderr) is cleared before each line
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    _model().train(2, _data() * 4, callbacks=[LossMonitor(5), TimeMonitor()])  # 12 steps
    text = terminal.getvalue()
    assert "epoch 2/2" in text  # the bar was drawn
    starts = [m.start() for m in re.finditer(r"epoch: \d+ step|Train epoch time", text)]
    assert len(starts) == 4 + 2 and all(text[i - 1] in "\r\n" for i in starts)


def test_no_progress_bar_when_stdout_is_not_a_terminal(capsys):
    _model().train(1, _data(), callbacks=[LossMonitor()])
    captured = capsys.readouterr()
    assert captured.err == "" and len(captured.out.splitlines()) == 3


# LossMonitor's eval line in `Model.fit`, against MindSpore 2.10
# (tests/oracle/gen_loss_monitor_golden.py, whose scenarios run here unchanged with ``ms = msfunc``
# under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("loss_monitor"))
def test_matches_mindspore(name):
    _alias_scenarios.check("loss_monitor", name)
