"""export / load / nn.GraphCell: a network frozen to serialized StableHLO runs with the same
numbers (also under MindSpore's file_format='MINDIR'); AIR/ONNX requests and bad files get
clear errors."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn


def test_export_load_graphcell_round_trip(tmp_path):
    rng = np.random.default_rng(0)
    net = nn.SequentialCell([nn.Dense(3, 5, activation="relu"), nn.Dense(5, 2)])
    x = ms.Tensor(rng.standard_normal((4, 3)).astype(np.float32))
    path = str(tmp_path / "net")
    ms.export(net, x, file_name=path, file_format="STABLEHLO")
    graph = ms.load(path + ".stablehlo")
    want = np.asarray(net(x))
    for p in net.get_parameters():  # the exported graph holds the weights it was given
        p.set_data(p.value() * 0)
    cell = nn.GraphCell(graph)
    np.testing.assert_array_equal(np.asarray(cell(x)), want)
    x2 = ms.Tensor(rng.standard_normal((4, 3)).astype(np.float32))
    assert np.asarray(cell(x2)).shape == (4, 2)
    with pytest.raises(Exception, match="shape"):
        cell(ms.Tensor(np.ones((5, 3), np.float32)))


def test_mindir_round_trip_as_a_mindspore_program_writes_it(tmp_path, monkeypatch):
    # MindSpore's tutorial flow: export(file_name="model", file_format="MINDIR") writes
    # model.mindir; load + GraphCell run it with the frozen weights
    monkeypatch.chdir(tmp_path)
    net = nn.SequentialCell([nn.Flatten(), nn.Dense(12, 6), nn.ReLU(), nn.Dense(6, 3)])
    x = ms.Tensor(np.random.default_rng(1).standard_normal((2, 3, 4)).astype(np.float32))
    ms.export(net, x, file_name="model", file_format="MINDIR")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.mindir"]
    out = nn.GraphCell(ms.load("model.mindir"))(x)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(net(x)))
    ms.export(net, x, file_name="again.mindir", file_format="mindir")  # suffix not doubled
    assert (tmp_path / "again.mindir").is_file()


@pytest.mark.parametrize("mode", ["AES-GCM", "SM4-CBC"])
def test_encrypted_export_needs_its_key(tmp_path, mode):
    net = nn.Dense(3, 2)
    x = ms.Tensor(np.ones((1, 3), np.float32))
    key = bytes(range(16))
    path = str(tmp_path / "enc.mindir")
    ms.export(net, x, file_name=path, file_format="MINDIR", enc_key=key, enc_mode=mode)
    out = nn.GraphCell(ms.load(path, dec_key=key, dec_mode=mode))(x)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(net(x)))
    with pytest.raises(ValueError, match="encrypted"):
        ms.load(path)
    with pytest.raises(ValueError, match="cannot be decrypted"):
        ms.load(path, dec_key=bytes(16), dec_mode=mode)
    with pytest.raises(TypeError, match="enc_key"):
        ms.export(net, x, file_name=path, file_format="MINDIR", enc_key="not bytes")


def test_a_training_network_exports_its_outputs_without_its_updates(tmp_path):
    # MindSpore exports a TrainOneStepCell too; msfunc's program gives its loss, computed with
    # the weights of the moment, and leaves the Parameters unchanged
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), learning_rate=0.1)
    )
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    y = ms.Tensor(np.zeros((2, 1), np.float32))
    path = str(tmp_path / "train")
    ms.export(train, x, y, file_name=path, file_format="MINDIR")
    np.testing.assert_array_equal(np.asarray(net.weight.value()), np.ones((1, 3)))
    loss = nn.GraphCell(ms.load(path + ".mindir"))(x, y)
    np.testing.assert_allclose(float(np.asarray(loss)), np.mean(np.array([3.0, 12.0]) ** 2))


def test_export_errors(tmp_path):
    net = nn.Dense(2, 1)
    x = ms.Tensor(np.ones((1, 2), np.float32))
    for fmt in ("AIR", "ONNX"):
        with pytest.raises(ValueError, match="file_format='STABLEHLO'"):
            ms.export(net, x, file_name=str(tmp_path / "n"), file_format=fmt)
    assert not list(tmp_path.iterdir())
    with pytest.raises(TypeError):
        ms.export(net, x, file_name=str(tmp_path / "n"))  # file_format is required
    bad = tmp_path / "bad.stablehlo"
    bad.write_bytes(b"not a graph")
    with pytest.raises(ValueError, match="not a file written by msfunc.export"):
        ms.load(str(bad))
    with pytest.raises(ValueError, match="MindSpore/ONNX graph file"):
        (tmp_path / "m.onnx").write_bytes(b"x")
        ms.load(str(tmp_path / "m.onnx"))
    with pytest.raises(ValueError, match="MindIR graph MindSpore wrote"):
        (tmp_path / "m.mindir").write_bytes(b"\x0a\x03abc")  # a protobuf, not msfunc's
        ms.load(str(tmp_path / "m.mindir"))
    with pytest.raises(TypeError, match="msfunc.load"):
        nn.GraphCell("graph.mindir")


def test_sparse_tensor_outputs_round_trip(tmp_path):
    """A network returning a CSRTensor / COOTensor exports and loads: the loaded graph gives
    the same sparse tensor (arrays and dense shape) as the network."""

    class MakeSparse(nn.Cell):
        def construct(self, indptr, indices, values):
            csr = ms.CSRTensor(indptr, indices, values, (2, 4))
            coo = ms.COOTensor(ms.ops.stack([indices, indices], 1), values, (3, 3))
            return csr, coo

    net = MakeSparse()
    args = (
        ms.Tensor(np.array([0, 1, 2], np.int32)),
        ms.Tensor(np.array([0, 1], np.int32)),
        ms.Tensor(np.array([2.0, 1.0], np.float32)),
    )
    ms.export(net, *args, file_name=str(tmp_path / "sparse"), file_format="MINDIR")
    (csr, coo), (want_csr, want_coo) = (
        nn.GraphCell(ms.load(str(tmp_path / "sparse.mindir")))(*args),
        net(*args),
    )
    assert isinstance(csr, ms.CSRTensor) and isinstance(coo, ms.COOTensor)
    assert csr.shape == want_csr.shape == (2, 4) and coo.shape == (3, 3)
    for got, want in (
        (csr.indptr, want_csr.indptr),
        (csr.values, want_csr.values),
        (coo.indices, want_coo.indices),
    ):
        np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
