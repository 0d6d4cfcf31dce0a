"""Checkpoints across frameworks: files saved by MindSpore 2.10 load into msfunc bit for bit,
and files msfunc saves load into MindSpore bit for bit (recorded by tests/oracle).

``PYTHONPATH=.:tests python tests/train/test_checkpoint_mindspore.py`` (msfunc's interpreter)
rewrites the ``msfunc_*`` fixtures that ``tests/oracle/gen_ckpt_fixtures.py verify`` loads into
MindSpore.
"""

import json
import os
import sys

import jax
import ml_dtypes
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn
from msfunc.train import encryption

HERE = str(TESTS)
sys.path.insert(0, os.path.join(HERE, "oracle"))
import ckpt_cases  # noqa: E402

DATA = os.path.join(HERE, "data", "ckpt")
GOLDEN = os.path.join(HERE, "golden", "ckpt_mindspore_loads.json")


def expected(dtype, values):
    return values.astype(ml_dtypes.bfloat16) if dtype == "bfloat16" else values.astype(dtype)


def assert_same_bits(got, want, name):
    got = np.asarray(got)
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    assert got.shape == want.shape, (name, got.shape, want.shape)
    assert got.tobytes() == want.tobytes(), name


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 2)
        self.body = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU(), nn.Dense(2, 1)])

    def construct(self, x):
        return self.body(self.fc1(x))


def reference_net():
    net = Net()
    c = ckpt_cases
    for p, v in zip(
        net.get_parameters(),
        [c.DENSE_W1, c.DENSE_B1, c.DENSE_W2, c.DENSE_B2, c.DENSE_W3, c.DENSE_B3],
    ):
        p.set_data(ms.Tensor(v))
    return net


def save_cases(path, **kwargs):
    """Save the fixture values with msfunc (as the MindSpore oracle saved them)."""
    entries = [{"name": n, "data": ms.Tensor(expected(d, v))} for n, d, v in ckpt_cases.cases()]
    append = dict(ckpt_cases.APPEND)
    if kwargs.get("format") == "safetensors":
        append = {k: v for k, v in append.items() if not isinstance(v, str)}
    ms.save_checkpoint(entries, path, append_dict=append, **kwargs)


def write_msfunc_fixtures(directory=DATA):
    with jax.enable_x64(True):
        save_cases(os.path.join(directory, "msfunc_values.ckpt"))
        save_cases(os.path.join(directory, "msfunc_values_crc.ckpt"), crc_check=True)
        save_cases(os.path.join(directory, "msfunc_values.safetensors"), format="safetensors")
        for tag, mode, key in ckpt_cases.ENCRYPTIONS:
            path = os.path.join(directory, f"msfunc_values_{tag}.ckpt")
            save_cases(path, enc_key=key, enc_mode=mode)
    ms.save_checkpoint(reference_net(), os.path.join(directory, "msfunc_net.ckpt"))


def check_loaded_cases(loaded, with_str=True):
    for name, dtype, values in ckpt_cases.cases():
        assert loaded[name].name == name
        assert_same_bits(loaded[name].value(), expected(dtype, values), name)
    for key, v in ckpt_cases.APPEND.items():
        if isinstance(v, str):
            assert loaded[key] == v if with_str else key not in loaded
            continue
        want = {bool: np.bool_, int: np.int64, float: np.float32}[type(v)]
        assert_same_bits(loaded[key].value(), np.array(v, want), key)


ENCRYPTED = [
    (f"ms_values_{tag}.ckpt", {"dec_key": key, "dec_mode": mode})
    for tag, mode, key in ckpt_cases.ENCRYPTIONS
]


@pytest.mark.parametrize("fname, kwargs", ENCRYPTED)
def test_mindspore_encrypted_files_load_bit_exact(fname, kwargs):
    with jax.enable_x64(True):
        check_loaded_cases(ms.load_checkpoint(os.path.join(DATA, fname), **kwargs))
    with pytest.raises(ValueError, match="encrypted"):
        ms.load_checkpoint(os.path.join(DATA, fname))
    wrong = {"dec_key": bytes(len(kwargs["dec_key"])), "dec_mode": kwargs["dec_mode"]}
    with pytest.raises(ValueError, match="cannot be decrypted"):
        ms.load_checkpoint(os.path.join(DATA, fname), **wrong)


@pytest.mark.parametrize(
    "fname, kwargs",
    [
        ("ms_values.ckpt", {}),
        ("ms_values_crc.ckpt", {"crc_check": True}),
        ("ms_values.safetensors", {"format": "safetensors"}),
    ],
)
def test_mindspore_files_load_bit_exact(fname, kwargs):
    with jax.enable_x64(True):
        loaded = ms.load_checkpoint(os.path.join(DATA, fname), **kwargs)
        check_loaded_cases(loaded, with_str=fname.endswith(".ckpt"))
    if fname.endswith(".ckpt"):
        assert list(loaded) == [n for n, _, _ in ckpt_cases.cases()] + list(ckpt_cases.APPEND)


def test_msfunc_writes_the_bytes_mindspore_writes(tmp_path):
    # Same values in, same file out: the strongest form of "MindSpore can read it".
    for fname, kwargs in [
        ("ms_values.ckpt", {}),
        ("ms_values_crc.ckpt", {"crc_check": True}),
        ("ms_values.safetensors", {"format": "safetensors"}),
    ]:
        with jax.enable_x64(True):
            save_cases(str(tmp_path / fname), **kwargs)
        with open(tmp_path / fname, "rb") as a, open(os.path.join(DATA, fname), "rb") as b:
            assert a.read() == b.read(), fname
    ms.save_checkpoint(reference_net(), str(tmp_path / "net.ckpt"))
    with open(tmp_path / "net.ckpt", "rb") as a, open(os.path.join(DATA, "ms_net.ckpt"), "rb") as b:
        assert a.read() == b.read()


def test_mindspore_loaded_msfunc_files_bit_exact(tmp_path):
    # The committed msfunc_* files are what msfunc writes today ...
    write_msfunc_fixtures(str(tmp_path))
    for fname in sorted(os.listdir(tmp_path)):
        with open(tmp_path / fname, "rb") as a, open(os.path.join(DATA, fname), "rb") as b:
            if "_values_" in fname and fname[-8:-5] in ("gcm", "cbc", "sm4"):
                continue  # encrypted under a fresh random IV: compared decrypted below
            assert a.read() == b.read(), fname
    with open(os.path.join(DATA, "msfunc_values.ckpt"), "rb") as f:
        plain = f.read()
    for tag, mode, key in ckpt_cases.ENCRYPTIONS:
        with open(os.path.join(DATA, f"msfunc_values_{tag}.ckpt"), "rb") as f:
            assert encryption.decrypt(f.read(), key, mode) == plain, tag
    # ... and real MindSpore loaded each of them bit for bit (tests/oracle/gen_ckpt_fixtures.py).
    with open(GOLDEN) as f:
        record = json.load(f)
    encrypted = [f"msfunc_values_{tag}.ckpt" for tag, _, _ in ckpt_cases.ENCRYPTIONS]
    for fname in (
        "msfunc_values.ckpt",
        "msfunc_values_crc.ckpt",
        "msfunc_values.safetensors",
        *encrypted,
    ):
        result = record[fname]
        assert result and all(result.values()), (fname, result)
        assert set(n for n, _, _ in ckpt_cases.cases()) <= set(result)
    assert record["msfunc_net.ckpt"] == {"not_loaded": [[], []], "values_equal": True}


def test_mindspore_network_checkpoint_loads_by_name():
    net = Net()
    params_not_loaded, ckpt_not_loaded = ms.load_param_into_net(
        net, ms.load_checkpoint(os.path.join(DATA, "ms_net.ckpt"))
    )
    assert (params_not_loaded, ckpt_not_loaded) == ([], [])
    for got, want in zip(net.get_parameters(), reference_net().get_parameters()):
        assert_same_bits(got.value(), np.asarray(want.value()), got.name)


def test_conversion_round_trip_is_bit_exact(tmp_path):
    import shutil

    src = tmp_path / "ms_net.ckpt"
    shutil.copy(os.path.join(DATA, "ms_net.ckpt"), src)
    ms.ckpt_to_safetensors(str(src), save_path=str(tmp_path / "st"))
    converted = str(tmp_path / "st" / "ms_net.safetensors")
    net = Net()
    ms.load_checkpoint(converted, net=net, format="safetensors")
    for got, want in zip(net.get_parameters(), reference_net().get_parameters()):
        assert_same_bits(got.value(), np.asarray(want.value()), got.name)
    ms.safetensors_to_ckpt(converted, save_path=str(tmp_path / "back"))
    back = ms.load_checkpoint(str(tmp_path / "back" / "ms_net.ckpt"))
    orig = ms.load_checkpoint(str(src))
    assert sorted(back) == sorted(orig)  # safetensors keeps names sorted, not in file order
    for k in orig:
        assert_same_bits(back[k].value(), np.asarray(orig[k].value()), k)
    with pytest.raises(ValueError, match="str"):  # a string entry has no safetensors form
        ms.ckpt_to_safetensors(os.path.join(DATA, "ms_values.ckpt"), save_path=str(tmp_path))


def _tree(root):
    return sorted(
        (os.path.relpath(r, root), sorted(f)) for r, _, f in os.walk(root) if r != str(root)
    )


def test_directory_of_rank_folders_converts_each_rank(tmp_path):
    # MindSpore 2.10 on this tree: only rank<N> folders are read, into save_path/rank<N>
    # (an empty folder where the regex keeps nothing); other files and folders are skipped;
    # a single file with a regex is a ValueError
    src = tmp_path / "src"
    for rel in ("rank0/a.ckpt", "rank0/b_x.ckpt", "rank1/c.ckpt", "top.ckpt", "other/d.ckpt"):
        os.makedirs(os.path.dirname(src / rel), exist_ok=True)
        ms.save_checkpoint({"w": np.ones(2, np.float32)}, str(src / rel))
    ms.ckpt_to_safetensors(str(src), str(tmp_path / "out"))
    assert _tree(tmp_path / "out") == [
        ("rank0", ["a.safetensors", "b_x.safetensors"]),
        ("rank1", ["c.safetensors"]),
    ]
    ms.ckpt_to_safetensors(str(src), str(tmp_path / "re"), file_name_regex="b_")
    assert _tree(tmp_path / "re") == [("rank0", ["b_x.safetensors"]), ("rank1", [])]
    ms.safetensors_to_ckpt(str(tmp_path / "out"), str(tmp_path / "back"))
    back = ms.load_checkpoint(str(tmp_path / "back" / "rank1" / "c.ckpt"))
    assert back["w"].asnumpy().tolist() == [1.0, 1.0]
    with pytest.raises(ValueError):
        ms.ckpt_to_safetensors(str(src / "top.ckpt"), file_name_regex="b_")


if __name__ == "__main__":
    write_msfunc_fixtures()
    print("wrote", sorted(f for f in os.listdir(DATA) if f.startswith("msfunc_")))
