"""Parallel training on JAX's partitioner: auto-parallel context, communication, shard and
data parallelism. The checks that need 8 devices run in one subprocess
(tests/_multidevice_checks.py); two processes on localhost train data-parallel through
`communication.init()` (tests/_two_process_train.py)."""

import json
import os
import socket
import subprocess
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import communication, parallel
from msfunc.transforms.shard import shard_cell

HERE = TESTS
ROOT = str(HERE.parent)


def _run(script, env_extra=None, timeout=180):
    env = dict(os.environ, PYTHONPATH=ROOT, **(env_extra or {}))
    env.pop("XLA_FLAGS", None)
    return subprocess.Popen(
        [sys.executable, str(HERE / script)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _tagged(output, tag):
    for line in output.splitlines():
        if line.startswith(tag + " "):
            return json.loads(line[len(tag) + 1 :])
    raise AssertionError(f"no {tag} line in the subprocess output:\n{output[-4000:]}")


@pytest.fixture(scope="module")
def eight_devices():
    proc = _run("_multidevice_checks.py")
    output, _ = proc.communicate(timeout=240)
    assert proc.returncode == 0, output[-4000:]
    return _tagged(output, "RESULTS")


def _result(results, name):
    result = results[name]
    assert result["ok"], result.get("error")
    return result


def test_data_parallel_jit_on_eight_devices(eight_devices):
    r = _result(eight_devices, "data_parallel_jit")
    assert r["losses_match"] and r["params_match"]
    assert r["input"] == "P('data',)" and r["input_shard_shape"] == [2, 4] and r["devices"] == 8
    assert r["loss"] == "replicated"
    assert r["params"] == ["replicated"] and r["opt_state"] == ["replicated"]
    r = _result(eight_devices, "data_parallel_params_match")
    assert r["params"] and r["opt"]


def test_zero1_shards_optimizer_state_keeps_parameters_replicated(eight_devices):
    r = _result(eight_devices, "zero1_optimizer_state")
    assert r["losses_match"] and r["params_match"] and r["state_match"]
    assert r["state_after"] == r["state_before"]
    # Moments are split along their first axis divisible by 8; scalars and the (2,) bias
    # stay whole; the Parameters themselves stay replicated.
    assert r["state_after"]["moment1.0.weight"] == "P('data',)"
    assert r["state_after"]["moment2.2.weight"] == "P(None, 'data')"
    assert r["state_after"]["moment1.2.bias"] == "replicated"
    assert r["params_after"] == ["replicated"]


def test_data_sink_splits_batches_in_data_parallel_mode(eight_devices):
    r = _result(eight_devices, "data_sink_data_parallel")
    assert r["losses_match"] and r["params_match"]
    assert r["chunk"] == "P(None, 'data')" and r["chunk_shard_shape"] == [2, 1, 4]


def test_model_train_in_data_parallel_mode(eight_devices):
    r = _result(eight_devices, "model_train_data_parallel")
    assert r["prepare_calls"] == 1  # two train() calls, one layout
    assert r["params_match"] and r["state_match"] and r["predict"]
    assert r["params"] == ["replicated"] and r["param_devices"] == [8]
    assert r["batches"] == ["P('data',)"] * 8  # 4 steps of (x, y), each split
    assert r["state"]["moment1.0.weight"] == "P('data',)"
    assert r["state"]["moment2.2.weight"] == "P(None, 'data')"
    assert r["state"]["moment1.2.bias"] == "replicated"
    r = _result(eight_devices, "model_sink_data_parallel")
    assert r["params_match"] and r["opt_match"]
    assert r["params"] == ["replicated"] and r["opt_state"] == ["replicated"]
    assert r["devices"] == [8]


def test_shard_strategies_on_eight_devices(eight_devices):
    r = _result(eight_devices, "shard_strategies")
    assert r["matmul"] and r["dense"]
    assert r["out_shard_shape"] == [2, 2]  # (4, 8) cut (2, 4)
    assert r["weight_shard_shape"] == [2, 6]  # (8, 6) cut (4, 1)
    errors = r["errors"]
    assert "needs 16 devices" in errors["too_many_devices"]
    assert "does not divide" in errors["not_dividing"]
    assert "rank 1" in errors["wrong_length"] and "2 entries" in errors["wrong_length"]
    assert "size 6" in errors["indivisible_dim"] and "4 equal slices" in errors["indivisible_dim"]
    assert "1 inputs" in errors["input_count"]


def test_collectives_in_shard_map(eight_devices):
    r = _result(eight_devices, "collectives")
    for name in ("sum", "max", "prod", "gather", "scatter", "scatter_max", "broadcast"):
        assert r[name], name
    assert "shard_map" in r["outside_shard_map"]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_two_processes_train_like_one():
    port = _free_port()
    cluster = {"MSFUNC_COORDINATOR_ADDRESS": f"127.0.0.1:{port}", "MSFUNC_NUM_PROCESSES": "2"}
    procs = [
        _run("_two_process_train.py", dict(cluster, MSFUNC_PROCESS_ID=str(i))) for i in range(2)
    ]
    alone = _run("_two_process_train.py")
    outputs = []
    try:
        for proc in procs + [alone]:
            output, _ = proc.communicate(timeout=150)
            assert proc.returncode == 0, output[-4000:]
            outputs.append(_tagged(output, "RESULT"))
    finally:
        for proc in procs + [alone]:
            if proc.poll() is None:
                proc.kill()
    first, second, single = outputs
    assert (first["rank"], second["rank"], first["size"], single["size"]) == (0, 1, 2, 1)
    assert (first["local_rank"], second["local_rank"]) == (0, 1)
    for name, want in single["params"].items():
        for got in (first, second):
            np.testing.assert_allclose(got["params"][name], want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(first["loss"], single["loss"], rtol=1e-5)


def test_auto_parallel_context_is_checked_and_reset():
    try:
        ms.set_auto_parallel_context(
            parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=False, full_batch=True
        )
        assert ms.get_auto_parallel_context("parallel_mode") == "data_parallel"
        assert ms.get_auto_parallel_context("device_num") == 1  # JAX's count when unset
        assert parallel.gradient_scale() == 1  # one device
        with pytest.raises(ValueError, match="parallel_mode"):
            ms.set_auto_parallel_context(parallel_mode="model_parallel")
        with pytest.raises(ValueError, match="device_num"):
            ms.set_auto_parallel_context(device_num=2)  # more than the devices JAX sees
        with pytest.raises(ValueError, match="unknown option"):
            ms.set_auto_parallel_context(gradient_mean=True)
        with pytest.raises(TypeError, match="full_batch"):
            ms.set_auto_parallel_context(full_batch="yes")
        assert ms.get_auto_parallel_context("full_batch") is True  # failed calls set nothing
    finally:
        ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("parallel_mode") == ms.ParallelMode.STAND_ALONE


def test_communication_in_one_process():
    communication.init()
    assert (
        communication.get_rank(),
        communication.get_group_size(),
        communication.get_local_rank(),
    ) == (0, 1, 0)
    with pytest.raises(ValueError, match="backend_name"):
        communication.init("mpi")
    with pytest.raises(ValueError, match="world group"):
        communication.get_rank("some_group")


def test_shard_checks_strategies_before_compiling():
    with pytest.raises(ValueError, match="needs 2 devices"):
        ms.shard(lambda x: x, in_strategy=((2, 1),))
    with pytest.raises(ValueError, match="tuple of positive ints"):
        ms.shard(lambda x: x, in_strategy=((0, 1),))
    with pytest.raises(ValueError, match="level"):
        ms.shard(lambda x: x, in_strategy=((1,),), level=1)
    f = ms.shard(lambda x, y: x * y, in_strategy=((1, 1), None))
    np.testing.assert_allclose(np.asarray(f(np.ones((2, 2), np.float32), 3.0)), 3.0)
    with pytest.raises(ValueError, match="rank 1"):
        f(np.ones(2), 1.0)
    from msfunc import nn

    with pytest.raises(ValueError, match="not a Parameter"):
        shard_cell(nn.Dense(2, 2), in_strategy=((1, 1),), parameter_plan={"self.nope": (1, 1)})


def test_sharded_cell_stays_a_pytree_of_its_own_parameters():
    import jax

    from msfunc import nn

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    net = shard_cell(
        nn.Dense(3, 2, weight_init="ones", bias_init="zeros"),
        in_strategy=((1, 1),),
        out_strategy=((1, 1),),
        parameter_plan={"weight": (1, 1)},
    )
    assert isinstance(net, nn.Dense) and type(net).__name__ == "Dense"
    want = x @ np.ones((3, 2), np.float32)
    np.testing.assert_allclose(np.asarray(net(x)), want)
    # A raw JAX transform rebuilds the Cell with fresh Parameters: its construct must read them.
    grads = jax.grad(lambda n: jax.numpy.asarray(n(x).sum()))(net)  # jax.grad needs an array out
    np.testing.assert_allclose(np.asarray(grads.weight.value()), np.tile(x.sum(0), (2, 1)))
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(np.asarray(net(x)), want)
    with pytest.raises(ValueError, match="rank 1"):
        net(np.ones(3, np.float32))
