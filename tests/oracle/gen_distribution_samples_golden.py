"""Golden values from real MindSpore 2.10 for seeded samples of nn.probability's Normal, Uniform
and Bernoulli (each draws ops.normal / ops.uniform with the distribution's seed): default and
explicit seeds, repeated calls, batch shapes from array parameters and parameters given at
sampling time.

Writes tests/golden/distribution_samples.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py distribution_samples

`cases(ms)` is a plain MindSpore program; tests/nn/test_distribution_samples.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "distribution_samples.npz")


def cases(ms):
    """name -> list of sample arrays for the framework `ms`."""
    msd = ms.nn.probability.distribution
    Tensor = ms.Tensor
    out = {}
    ms.set_seed(0)
    limit = 1.0 / ms.ops.sqrt(Tensor(10.0))
    u = msd.Uniform(-limit, limit)
    out["uniform"] = [u.sample((4, 1)), u.sample((2,)), u.sample()]
    ms.set_seed(0)
    n = msd.Normal(0.0, 1.0)
    out["normal"] = [n.sample((3,)), n.sample((2, 2))]
    ms.set_seed(3)
    n = msd.Normal(0.0, 1.0, seed=5)
    out["normal_seed"] = [n.sample((3,))]
    ms.set_seed(1)
    mean, sd = np.array([0.0, 10.0], np.float32), np.array([1.0, 0.1], np.float32)
    n = msd.Normal(Tensor(mean), Tensor(sd))
    out["normal_batch"] = [n.sample((3,))]
    ms.set_seed(2)
    n = msd.Normal(dtype=ms.float32)
    out["normal_args"] = [n.sample((2,), Tensor(1.0), Tensor(2.0))]
    ms.set_seed(1)
    low, high = np.array([0.0, -5.0], np.float32), np.array([1.0, 5.0], np.float32)
    u = msd.Uniform(Tensor(low), Tensor(high))
    out["uniform_batch"] = [u.sample((3,))]
    ms.set_seed(0)
    b = msd.Bernoulli(0.3, dtype=ms.int32)
    out["bernoulli"] = [b.sample((6,)), b.sample((2, 3))]
    ms.set_seed(4)
    b = msd.Bernoulli(Tensor(np.array([0.1, 0.5, 0.9], np.float32)), dtype=ms.float32)
    out["bernoulli_batch"] = [b.sample((4,))]
    return {name: [r.asnumpy() for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
