"""The README's demo runs and both training loops drive the loss down."""

import numpy as np

from msfunc.examples import quickstart


def test_quickstart_trains(capsys):
    history = quickstart.main(steps=60)
    assert "functional paradigm" in capsys.readouterr().out
    for name, losses in history.items():
        assert len(losses) == 61, name
        assert np.all(np.isfinite(losses)), name
        assert losses[-1] < 0.3 * losses[0], (name, losses[0], losses[-1])
