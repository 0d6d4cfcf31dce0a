"""Write tests/golden/scipy_linalg.json: real MindSpore 2.10's ``scipy.linalg.lstsq`` on tall,
square, wide and rank-deficient systems with every driver (solution, residues, rank, singular
values and their shapes); read by tests/scipy/test_scipy_linalg.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py scipy_linalg
"""

import json
import pathlib

import numpy as np
from mindspore import Tensor
from mindspore.scipy.linalg import lstsq

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "scipy_linalg.json"


def main():
    rng = np.random.RandomState(0)
    cases = {
        "tall_1d": (rng.randn(5, 3), rng.randn(5)),
        "tall_2d": (rng.randn(5, 3), rng.randn(5, 2)),
        "square": (rng.randn(3, 3), rng.randn(3)),
        "wide": (rng.randn(2, 4), rng.randn(2)),
        "rank_deficient": (
            np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]]),
            np.array([1.0, 2.0, 4.0]),
        ),
    }
    out = {}
    for name, (a, b) in cases.items():
        for driver in (None, "gelsy", "gelsd", "gelss", "gels"):
            x, res, rank, s = lstsq(
                Tensor(a.astype(np.float32)), Tensor(b.astype(np.float32)), driver=driver
            )
            out[f"{name}/{driver}"] = {
                "a": a.tolist(),
                "b": b.tolist(),
                "x": x.asnumpy().tolist(),
                "residues": res.asnumpy().tolist(),
                "residues_shape": list(res.shape),
                "rank": rank.asnumpy().tolist(),
                "rank_shape": list(rank.shape),
                "rank_dtype": str(rank.dtype),
                "s": s.asnumpy().tolist(),
                "s_shape": list(s.shape),
            }
    OUT.write_text(json.dumps({"lstsq": out}, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
