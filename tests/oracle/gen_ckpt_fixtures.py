"""Cross-framework checkpoint fixtures: MindSpore 2.10 writes them, and reads msfunc's.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ckpt_fixtures write
    PYTHONPATH=.:tests python tests/train/test_checkpoint_mindspore.py   # msfunc writes msfunc_*
    python tests/oracle/run.py ckpt_fixtures verify

``write`` saves the values of ``ckpt_cases.py`` as ``tests/data/ckpt/ms_*`` (.ckpt with and
without CRC, encrypted in each cipher mode, .safetensors, a small network). ``verify`` loads
the ``msfunc_*`` files that msfunc saved from the same values into MindSpore, compares every
value bit for bit and records the outcome in ``tests/golden/ckpt_mindspore_loads.json``, which
the tests read.
"""

import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ckpt_cases  # noqa: E402

DATA = os.path.join(HERE, "..", "data", "ckpt")
GOLDEN = os.path.join(HERE, "..", "golden", "ckpt_mindspore_loads.json")


def ms_value(ms, dtype, values):
    if dtype == "bfloat16":
        return ms.Tensor(values).astype(ms.bfloat16)
    return ms.Tensor(values)


def build_net(ms, nn):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(3, 2)
            self.body = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU(), nn.Dense(2, 1)])

        def construct(self, x):
            return self.body(self.fc1(x))

    net = Net()
    c = ckpt_cases
    for p, v in [
        (net.fc1.weight, c.DENSE_W1),
        (net.fc1.bias, c.DENSE_B1),
        (net.body[0].weight, c.DENSE_W2),
        (net.body[0].bias, c.DENSE_B2),
        (net.body[2].weight, c.DENSE_W3),
        (net.body[2].bias, c.DENSE_B3),
    ]:
        p.set_data(ms.Tensor(v))
    return net


def write(ms, nn):
    entries = [{"name": n, "data": ms_value(ms, d, v)} for n, d, v in ckpt_cases.cases()]
    ms.save_checkpoint(
        entries, os.path.join(DATA, "ms_values.ckpt"), append_dict=dict(ckpt_cases.APPEND)
    )
    ms.save_checkpoint(
        entries,
        os.path.join(DATA, "ms_values_crc.ckpt"),
        crc_check=True,
        append_dict=dict(ckpt_cases.APPEND),
    )
    plain = {k: v for k, v in ckpt_cases.APPEND.items() if not isinstance(v, str)}
    ms.save_checkpoint(
        entries,
        os.path.join(DATA, "ms_values.safetensors"),
        format="safetensors",
        append_dict=plain,
    )
    ms.save_checkpoint(build_net(ms, nn), os.path.join(DATA, "ms_net.ckpt"))
    for tag, mode, key in ckpt_cases.ENCRYPTIONS:
        ms.save_checkpoint(
            entries,
            os.path.join(DATA, f"ms_values_{tag}.ckpt"),
            append_dict=dict(ckpt_cases.APPEND),
            enc_key=key,
            enc_mode=mode,
        )
    print("wrote", sorted(f for f in os.listdir(DATA) if f.startswith("ms_")))


def same_bits(ms, param, dtype, values):
    if dtype == "bfloat16":
        got = param.astype(ms.float32).asnumpy()
        return (
            str(param.dtype) == "BFloat16"
            and got.tobytes() == values.tobytes()
            and got.shape == values.shape
        )
    got = param.asnumpy()
    want = values.astype(dtype)
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


def verify(ms, nn):
    record = {}
    encrypted = [
        (f"msfunc_values_{tag}.ckpt", {"dec_key": key, "dec_mode": mode}, True)
        for tag, mode, key in ckpt_cases.ENCRYPTIONS
    ]
    for fname, kwargs, with_str in [
        ("msfunc_values.ckpt", {}, True),
        ("msfunc_values_crc.ckpt", {"crc_check": True}, True),
        ("msfunc_values.safetensors", {"format": "safetensors"}, False),
        *encrypted,
    ]:
        loaded = ms.load_checkpoint(os.path.join(DATA, fname), **kwargs)
        result = {n: same_bits(ms, loaded[n], d, v) for n, d, v in ckpt_cases.cases()}
        for k, v in ckpt_cases.APPEND.items():
            if isinstance(v, str):
                if with_str:
                    result[k] = loaded.get(k) == v
                continue
            want = {
                bool: ("Bool", np.bool_),
                int: ("Int64", np.int64),
                float: ("Float32", np.float32),
            }[type(v)]
            got = loaded[k]
            result[k] = (
                str(got.dtype) == want[0]
                and got.asnumpy().tobytes() == np.array(v, want[1]).tobytes()
            )
        names = [n for n, _, _ in ckpt_cases.cases()] + [
            k for k, v in ckpt_cases.APPEND.items() if with_str or not isinstance(v, str)
        ]
        # MindSpore lists a .ckpt in file order, a .safetensors sorted by name.
        result["__names__"] = list(loaded) == (names if with_str else sorted(names))
        record[fname] = result
    net = build_net(ms, nn)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(np.zeros(p.shape, np.float32)))
    not_loaded = ms.load_param_into_net(
        net, ms.load_checkpoint(os.path.join(DATA, "msfunc_net.ckpt"))
    )
    ref = build_net(ms, nn)
    record["msfunc_net.ckpt"] = {
        "not_loaded": [list(not_loaded[0]), list(not_loaded[1])],
        "values_equal": all(
            a.asnumpy().tobytes() == b.asnumpy().tobytes()
            for a, b in zip(net.get_parameters(), ref.get_parameters())
        ),
    }
    record["__meta__"] = {"mindspore": ms.__version__}
    with open(GOLDEN, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    import mindspore as ms
    from mindspore import nn

    {"write": write, "verify": verify}[sys.argv[1]](ms, nn)
