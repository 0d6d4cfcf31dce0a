"""save_checkpoint / load_checkpoint / load_param_into_net: round trips, CRC, bad files,
mismatches that leave the network unchanged, atomic writes under SIGKILL, async saves,
optimizer state that resumes training exactly."""

import os
import pathlib
import signal
import subprocess
import sys
import time

import jax.numpy as jnp
import numpy as np
import pytest
from _paths import REPO

import msfunc as ms
from msfunc import nn
from msfunc.train import _ckpt_proto, _files, serialization
from msfunc.train.serialization import CheckpointMismatchError

ROOT = str(REPO)


def small_net(seed=0):
    rng = np.random.default_rng(seed)
    net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 2)])
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.standard_normal(p.shape).astype(np.float32)))
    return net


def values_of(net):
    return {p.name: np.asarray(p.value()).copy() for p in net.get_parameters()}


def assert_values(net, want):
    got = values_of(net)
    assert list(got) == list(want)
    for k in want:
        np.testing.assert_array_equal(got[k], want[k], err_msg=k)


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_cell_round_trip_and_selection(tmp_path, fmt):
    src, dst = small_net(0), small_net(1)
    path = str(tmp_path / "net")
    ms.save_checkpoint(src, path, format=fmt, append_dict={"epoch": 7})
    suffix = "." + fmt
    assert os.path.exists(path + suffix)  # the suffix is added, as MindSpore does
    loaded = ms.load_checkpoint(path + suffix, net=dst, format=fmt)
    assert_values(dst, values_of(src))
    assert int(loaded["epoch"]) == 7 and loaded["epoch"].name == "epoch"
    names = [p.name for p in src.get_parameters()]
    only_0 = ms.load_checkpoint(path + suffix, format=fmt, specify_prefix="0.")
    assert sorted(only_0) == sorted(n for n in names if n.startswith("0."))
    no_0 = ms.load_checkpoint(path + suffix, format=fmt, filter_prefix=["0.", "epoch"])
    assert sorted(no_0) == sorted(n for n in names if not n.startswith("0."))
    picked = ms.load_checkpoint(path + suffix, format=fmt, choice_func=lambda n: "bias" in n)
    assert sorted(picked) == sorted(n for n in names if "bias" in n)
    with pytest.raises(ValueError, match="no values left"):
        ms.load_checkpoint(path + suffix, format=fmt, specify_prefix="nothing")
    ms.save_checkpoint(src, path + "_w", format=fmt, choice_func=lambda n: n.endswith("weight"))
    assert sorted(ms.load_checkpoint(path + "_w" + suffix, format=fmt)) == sorted(
        n for n in names if n.endswith("weight")
    )


def test_save_objects_list_and_dict(tmp_path):
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    ms.save_checkpoint(
        [
            {"name": "a", "data": ms.Tensor(arr)},
            {"name": "b", "data": ms.Parameter(ms.Tensor(2), name="ignored")},
        ],
        str(tmp_path / "l.ckpt"),
    )
    ms.save_checkpoint({"a": arr, "b": ms.Tensor(2)}, str(tmp_path / "d.ckpt"))
    a = (tmp_path / "l.ckpt").read_bytes()
    assert a == (tmp_path / "d.ckpt").read_bytes()
    with pytest.raises(TypeError, match="'name' and 'data'"):
        ms.save_checkpoint([{"name": "a"}], str(tmp_path / "x.ckpt"))
    with pytest.raises(TypeError, match="save_obj"):
        ms.save_checkpoint(3, str(tmp_path / "x.ckpt"))
    with pytest.raises(ValueError, match="'a' appears twice"):
        ms.save_checkpoint([{"name": "a", "data": ms.Tensor(arr)}] * 2, str(tmp_path / "x.ckpt"))
    with pytest.raises(ValueError, match="enc_key"):
        ms.save_checkpoint({"a": arr}, str(tmp_path / "x.ckpt"), enc_key=b"0" * 15)
    with pytest.raises(ValueError, match="enc_mode"):
        ms.save_checkpoint({"a": arr}, str(tmp_path / "x.ckpt"), enc_key=b"0" * 16, enc_mode="X")
    with pytest.raises(ValueError, match="format"):
        ms.save_checkpoint({"a": arr}, str(tmp_path / "x.ckpt"), format="pickle")
    with pytest.raises(ValueError, match="str"):
        ms.save_checkpoint({"a": "text"}, str(tmp_path / "x"), format="safetensors")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        ms.save_checkpoint({"a": arr}, str(tmp_path / "missing" / "x.ckpt"))
    assert not any(tmp_path.glob("x*")), "a refused save must write nothing"


def test_entry_framing_is_protobufs_and_large_tensors_are_sliced(monkeypatch):
    # Entries are framed by hand around the raw tensor bytes; the result must be exactly
    # what protobuf serializes (long names and >127-byte contents need multi-byte varints).
    for name, value in [
        ("w", np.arange(3, dtype=np.float32)),
        ("n" * 200, np.ones((40, 5))),
        ("s", np.array(True)),
        ("e", np.zeros((0, 2), np.int8)),
    ]:
        msg = _ckpt_proto.Checkpoint()
        e = msg.entries.add(name=name)
        e.tensor.dims.extend(value.shape)
        e.tensor.dtype = _ckpt_proto._NAME_OF[value.dtype.name]
        e.tensor.content = value.tobytes()
        assert b"".join(_ckpt_proto.encode_entry(name, value)) == msg.SerializeToString(), name
    monkeypatch.setattr(_ckpt_proto, "SLICE_BYTES", 8)
    value = np.arange(7, dtype=np.float32).reshape(7, 1)
    data = b"".join(_ckpt_proto.encode_entry("big", value))
    parsed = _ckpt_proto.Checkpoint.FromString(data)
    assert [len(e.tensor.content) for e in parsed.entries] == [8, 8, 8, 4]
    assert all(list(e.tensor.dims) == [7, 1] for e in parsed.entries)
    np.testing.assert_array_equal(_ckpt_proto.decode_entries(data, "x")["big"], value)


def test_crc_detects_corruption(tmp_path):
    path = str(tmp_path / "c.ckpt")
    values = np.linspace(-1, 1, 16, dtype=np.float32)
    ms.save_checkpoint({"w": values}, path, crc_check=True)
    data = bytearray(pathlib.Path(path).read_bytes())
    body, stored = _ckpt_proto.split_crc(bytes(data))
    import zlib

    assert stored == zlib.crc32(body)  # the CRC covers everything before the trailer
    np.testing.assert_array_equal(ms.load_checkpoint(path, crc_check=True)["w"].asnumpy(), values)
    data[len(body) - 3] ^= 0x40  # a flipped bit inside the tensor bytes still parses ...
    pathlib.Path(path).write_bytes(bytes(data))
    with pytest.raises(ValueError, match="CRC check failed"):
        ms.load_checkpoint(path, crc_check=True)
    # ... so only the CRC catches it (MindSpore does the same without crc_check)
    assert not np.array_equal(ms.load_checkpoint(path)["w"].asnumpy(), values)
    plain = str(tmp_path / "p.ckpt")
    ms.save_checkpoint({"w": values}, plain)
    with pytest.warns(UserWarning, match="has no CRC"):
        ms.load_checkpoint(plain, crc_check=True)


def test_bad_files_give_clear_errors(tmp_path):
    good = str(tmp_path / "g.ckpt")
    ms.save_checkpoint(small_net(), good)
    data = pathlib.Path(good).read_bytes()
    bad = tmp_path / "b.ckpt"
    for cut in (1, 7, len(data) // 2, len(data) - 1):
        bad.write_bytes(data[:cut])
        with pytest.raises(ValueError, match="not a valid MindSpore checkpoint"):
            ms.load_checkpoint(str(bad))
    for junk in (b"PK\x03\x04 a zip file", b"\x80\x04\x95 a pickle", b'{"json": 1}'):
        bad.write_bytes(junk)
        with pytest.raises(ValueError, match="not a valid MindSpore checkpoint"):
            ms.load_checkpoint(str(bad))
    st = str(tmp_path / "s.safetensors")
    ms.save_checkpoint(small_net(), st, format="safetensors")
    bad.write_bytes(pathlib.Path(st).read_bytes())  # safetensors bytes under a .ckpt name
    with pytest.raises(ValueError, match="not a valid MindSpore checkpoint"):
        ms.load_checkpoint(str(bad))
    badst = tmp_path / "b.safetensors"
    badst.write_bytes(data)
    with pytest.raises(ValueError, match="not a valid safetensors file"):
        ms.load_checkpoint(str(badst), format="safetensors")
    with pytest.raises(ValueError, match="ending in '.safetensors'"):
        ms.load_checkpoint(good, format="safetensors")
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "missing.ckpt"))
    # a well-formed message with a size that does not match its shape, and an unknown dtype
    for dims, dtype, content, why in [
        ((2, 2), "Float32", b"\0" * 12, "needs 16"),
        ((1,), "Float8", b"\0", "unknown dtype"),
    ]:
        msg = _ckpt_proto.Checkpoint()
        e = msg.entries.add(name="w")
        e.tensor.dims.extend(dims)
        e.tensor.dtype, e.tensor.content = dtype, content
        bad.write_bytes(msg.SerializeToString())
        with pytest.raises(ValueError, match=why):
            ms.load_checkpoint(str(bad))


def test_loading_never_unpickles(tmp_path, monkeypatch):
    import pickle

    def refuse(*args, **kwargs):
        raise AssertionError("a checkpoint load reached pickle")

    for name in ("load", "loads", "Unpickler"):
        monkeypatch.setattr(pickle, name, refuse)
    monkeypatch.setattr(np, "load", refuse)
    net = small_net(0)
    for fmt in ("ckpt", "safetensors"):
        path = str(tmp_path / f"n.{fmt}")
        ms.save_checkpoint(net, path, format=fmt)
        ms.load_checkpoint(path, net=small_net(1), format=fmt)


def test_mismatches_leave_the_network_unchanged(tmp_path):
    net = small_net(0)
    before = values_of(net)
    good = {k: ms.Parameter(ms.Tensor(v + 1), name=k) for k, v in before.items()}
    last = list(before)[-1]
    wrong_shape = dict(good, **{last: ms.Parameter(ms.Tensor(np.ones(5, np.float32)))})
    with pytest.raises(CheckpointMismatchError, match=f"'{last}' has shape"):
        ms.load_param_into_net(net, wrong_shape)
    assert_values(net, before)  # the earlier, valid entries were not written either
    wrong_dtype = dict(good, **{last: np.ones(before[last].shape, np.int32)})
    with pytest.raises(RuntimeError, match="int32 in the checkpoint"):
        ms.load_param_into_net(net, wrong_dtype)
    assert_values(net, before)
    path = str(tmp_path / "w.ckpt")
    ms.save_checkpoint({k: (v if k != last else v[:1]) for k, v in good.items()}, path)
    with pytest.raises(ValueError, match="shape"):
        ms.load_checkpoint(path, net=net)
    assert_values(net, before)


def test_not_loaded_lists_casts_and_prefixes():
    net = small_net(0)
    names = [p.name for p in net.get_parameters()]
    half = {names[0]: np.full((4, 3), 0.5, np.float16), "unknown": np.ones(2, np.float32)}
    assert ms.load_param_into_net(net, half) == (names[1:], ["unknown"])
    assert net.get_parameters().__next__().dtype == jnp.float32  # float16 cast to the net's
    np.testing.assert_array_equal(values_of(net)[names[0]], np.full((4, 3), 0.5, np.float32))
    # A network saved inside a wrapper (names gain a prefix) loads into the bare network
    # unless strict_load is set.
    src = small_net(3)
    wrapped = {"backbone." + k: v for k, v in values_of(src).items()}
    dst = small_net(4)
    before = values_of(dst)
    assert ms.load_param_into_net(dst, wrapped, strict_load=True) == (names, list(wrapped))
    assert_values(dst, before)
    assert ms.load_param_into_net(dst, wrapped) == ([], [])
    assert_values(dst, values_of(src))
    with pytest.raises(TypeError, match="`net` must be a Cell"):
        ms.load_param_into_net({}, {})
    with pytest.raises(TypeError, match="`parameter_dict` must be a dict"):
        ms.load_param_into_net(net, [])


def test_int64_outside_int32_needs_x64(tmp_path):
    import jax

    path = str(tmp_path / "i.ckpt")
    ms.save_checkpoint({"big": np.array([2**40], np.int64), "small": np.array([5])}, path)
    if jax.config.jax_enable_x64:  # msfunc's default
        assert int(ms.load_checkpoint(path)["big"].asnumpy()[0]) == 2**40
        return
    with pytest.raises(ValueError, match="jax_enable_x64"):
        ms.load_checkpoint(path)
    assert ms.load_checkpoint(path, specify_prefix="small")["small"].tolist() == [5]


def test_async_save_snapshots_values(tmp_path):
    net = small_net(0)
    want = values_of(net)
    path = str(tmp_path / "a.ckpt")
    ms.save_checkpoint(net, path, async_save=True)
    for p in net.get_parameters():  # changes after the call are not in the file
        p.set_data(p.value() * 0)
    ms.save_checkpoint(net, str(tmp_path / "b.ckpt"), async_save=True)
    arr = np.arange(4.0)
    ms.save_checkpoint({"arr": arr}, str(tmp_path / "c.ckpt"), async_save=True)
    arr[:] = -1  # numpy inputs are copied before the call returns
    serialization.wait_for_saves()
    assert ms.load_checkpoint(str(tmp_path / "c.ckpt"))["arr"].tolist() == [0.0, 1.0, 2.0, 3.0]
    assert not ms.async_ckpt_thread_status()
    loaded = ms.load_checkpoint(path)
    for k, v in want.items():
        np.testing.assert_array_equal(loaded[k].asnumpy(), v)
    assert all(not v.asnumpy().any() for v in ms.load_checkpoint(str(tmp_path / "b.ckpt")).values())


_WRITER = """
import sys, numpy as np
import msfunc as ms
path = sys.argv[1]
for k in range(1, 1000):
    print("start", k, flush=True)
    ms.save_checkpoint({"w": np.full(4_000_000, k, np.float32), "k": np.array(k, np.int32)}, path)
"""


def test_sigkill_mid_save_keeps_previous_checkpoint(tmp_path):
    path = str(tmp_path / "big.ckpt")
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRITER, path], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            if line.startswith("start 3"):  # two saves done, the third one under way
                break
        else:
            pytest.fail("writer never started its third save")
        time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    loaded = ms.load_checkpoint(path)
    k = int(loaded["k"])
    # (a loaded machine may let the writer finish more saves before the signal lands: what
    # matters is that the file holds one whole checkpoint, never a torn one)
    assert k >= 2
    w = loaded["w"].asnumpy()
    assert w.shape == (4_000_000,) and (w == k).all()
    for stray in tmp_path.glob(".big.ckpt.*.tmp"):  # what a killed writer may leave behind
        stray.unlink()


def test_optimizer_state_resumes_training_exactly(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE)  # one compiled step per TrainOneStepCell
    rng = np.random.default_rng(0)
    xs = ms.Tensor(rng.standard_normal((6, 4, 3)).astype(np.float32))
    ys = ms.Tensor(rng.standard_normal((6, 4, 2)).astype(np.float32))

    def make():
        net = small_net(0)
        return nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.MSELoss()), nn.Adam(net.trainable_params(), learning_rate=0.05)
        )

    first = make()
    losses = [float(first(xs[i], ys[i])) for i in range(3)]
    path = str(tmp_path / "train.ckpt")
    ms.save_checkpoint(first, path)
    reference = losses + [float(first(xs[i], ys[i])) for i in range(3, 6)]  # uninterrupted
    saved = ms.load_checkpoint(path)
    assert any("moment" in n for n in saved) and any("step" in n for n in saved)
    resumed = make()
    assert ms.load_param_into_net(resumed, saved) == ([], [])
    losses += [float(resumed(xs[i], ys[i])) for i in range(3, 6)]
    assert losses == reference
    assert_values(resumed, values_of(first))


def test_atomic_write_failure_keeps_old_file(tmp_path):
    path = str(tmp_path / "f.bin")
    _files.atomic_write(path, lambda f: f.write(b"old"))

    def failing(f):
        f.write(b"partial")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        _files.atomic_write(path, failing)
    assert pathlib.Path(path).read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.bin"]
