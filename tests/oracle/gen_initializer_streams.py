"""Raw initializer draws from real MindSpore 2.10 (tests/golden/initializer_streams.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py initializer_streams

Each case is a function ``case(ms)`` of the framework module that builds initialized arrays
or layers; `tests/common/test_initializer_streams.py` runs the same functions with ``ms = msfunc``.
Before a case numpy's global generator is seeded (or ``ms.set_seed`` is called, for the
``set_seed`` cases); after it one more ``np.random.randint`` is recorded, so a case that
takes a different number of numpy draws shows. The npz holds ``<case>/<name>`` arrays.
This module must not import MindSpore or msfunc at top level: the msfunc test imports it.
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "initializer_streams.npz"
)
SEEDS = (0, 1, 20240)

# Orthogonal goes through LAPACK's QR: another build may round its last bits differently.
LAPACK_CASES = ("orthogonal_wide", "orthogonal_tall")


def _init(shape, dtype=None, make=None, name=None):
    def case(ms):
        from importlib import import_module

        init_mod = import_module(ms.__name__ + ".common.initializer")
        init = getattr(init_mod, name)(*make) if name else make[0]
        args = (init, shape) if dtype is None else (init, shape, getattr(ms, dtype))
        return {"value": init_mod.initializer(*args).init_data()}

    return case


def _layer(build):
    def case(ms):
        net = build(ms.nn)
        return {name: p for name, p in net.parameters_and_names()}

    return case


CASES = {
    "normal_default": _init([3, 4], name="Normal", make=()),
    "normal_mean_odd": _init([5], name="Normal", make=(0.5, 1.0)),
    "normal_large": _init([33, 40], name="Normal", make=(2.0, -1.0)),
    "uniform_default": _init([2, 3], name="Uniform", make=()),
    "uniform_large": _init([7, 11, 15], name="Uniform", make=(2.5,)),
    "truncated_default": _init([4, 5], name="TruncatedNormal", make=()),
    "truncated_shifted": _init([9], name="TruncatedNormal", make=(1.0, 0.5, -1.0, 3.0)),
    "truncated_tails": _init([3000], name="TruncatedNormal", make=(1.0, 0.0, -5.0, 5.0)),
    "he_uniform_default": _init([3, 4, 2, 2], name="HeUniform", make=()),
    "he_uniform_relu_out": _init([4, 6], name="HeUniform", make=(0.2, "fan_out", "relu")),
    "he_normal_default": _init([4, 3], name="HeNormal", make=()),
    "he_normal_tanh": _init([2, 3, 5], name="HeNormal", make=(0, "fan_in", "tanh")),
    "xavier_uniform": _init([3, 5], name="XavierUniform", make=()),
    "xavier_normal_gain": _init([3, 2, 3], name="XavierNormal", make=(2.0,)),
    "orthogonal_wide": _init([3, 4], name="Orthogonal", make=()),
    "orthogonal_tall": _init([6, 2, 2], name="Orthogonal", make=(0.5,)),
    "sparse": _init([5, 3], name="Sparse", make=(0.4,)),
    "dirac": _init([4, 2, 3], name="Dirac", make=(2,)),
    "variance_scaling_default": _init([3, 4], name="VarianceScaling", make=()),
    "variance_scaling_normal": _init(
        [3, 4, 2], name="VarianceScaling", make=(2.0, "fan_avg", "untruncated_normal")
    ),
    "identity": _init([2, 3], name="Identity", make=()),
    "by_name_normal": _init([2, 3], make=("normal",)),
    "by_name_xavier": _init([3, 2], make=("xavier_uniform",)),
    "by_name_he": _init([2, 2], make=("he_uniform",)),
    "dtype_float16": _init([3, 4], "float16", name="Normal", make=(1.0,)),
    "dtype_float64": _init([5], "float64", name="Uniform", make=(1.0,)),
    "dtype_int32": _init([6], "int32", name="Normal", make=(3.0,)),
    "dense": _layer(lambda nn: nn.Dense(3, 2)),
    "dense_no_bias": _layer(lambda nn: nn.Dense(5, 4, has_bias=False)),
    "conv1d": _layer(lambda nn: nn.Conv1d(2, 3, 3, has_bias=True)),
    "conv2d": _layer(lambda nn: nn.Conv2d(2, 4, 3, has_bias=True)),
    "conv2d_no_bias": _layer(lambda nn: nn.Conv2d(3, 2, (2, 3))),
    "conv3d": _layer(lambda nn: nn.Conv3d(1, 2, 2, has_bias=True)),
    "conv1d_transpose": _layer(lambda nn: nn.Conv1dTranspose(2, 3, 3, has_bias=True)),
    "conv2d_transpose": _layer(lambda nn: nn.Conv2dTranspose(2, 3, 3, has_bias=True)),
    "conv3d_transpose": _layer(lambda nn: nn.Conv3dTranspose(2, 1, 2, has_bias=True)),
    "embedding": _layer(lambda nn: nn.Embedding(5, 3)),
    "embedding_padding": _layer(lambda nn: nn.Embedding(5, 3, padding_idx=1)),
    "lstm": _layer(lambda nn: nn.LSTM(3, 4, num_layers=2, bidirectional=True)),
    "gru": _layer(lambda nn: nn.GRU(3, 4)),
    "rnn": _layer(lambda nn: nn.RNN(2, 3, has_bias=False)),
    "lstm_cell": _layer(lambda nn: nn.LSTMCell(3, 2)),
    "gru_cell": _layer(lambda nn: nn.GRUCell(2, 3)),
    "rnn_cell": _layer(lambda nn: nn.RNNCell(2, 2)),
    "batchnorm2d": _layer(lambda nn: nn.BatchNorm2d(3)),
    "mlp": _layer(lambda nn: nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])),
}
SET_SEED_CASES = ("dense", "conv2d", "normal_default")


def run_case(ms, name, seed, use_set_seed=False):
    """The arrays case `name` makes after seeding with `seed`, plus the next numpy draw."""
    if use_set_seed:
        ms.set_seed(seed)
    else:
        np.random.seed(seed)
    out = {k: np.asarray(v.asnumpy()) for k, v in CASES[name](ms).items()}
    out["__after__"] = np.array(np.random.randint(0, 2**31 - 1), np.int64)
    return out


def all_keys():
    """(case, seed, use_set_seed, key prefix) for every recorded run."""
    for name in CASES:
        for seed in SEEDS:
            yield name, seed, False, f"{name}/np{seed}"
    for name in SET_SEED_CASES:
        for seed in SEEDS:
            yield name, seed, True, f"{name}/ms{seed}"


def main():
    import mindspore as ms

    arrays = {}
    for name, seed, use_set_seed, prefix in all_keys():
        for key, value in run_case(ms, name, seed, use_set_seed).items():
            arrays[f"{prefix}/{key}"] = value
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
