"""mindspore.profiler on jax.profiler: the option checks, schedules, action table and life
cycle match MindSpore 2.10 (tests/golden/profiler.json, made by
tests/oracle/gen_profiler_golden.py, whose scenarios run here unchanged under the alias), and
a profiled training loop leaves JAX trace files in one directory per recorded cycle."""

import glob
import json
import os

import _alias_scenarios
import pytest
from _paths import GOLDEN

import msfunc
from msfunc import nn
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.profiler import (
    DynamicProfilerMonitor,
    EnvProfiler,
    Profiler,
    ProfilerActivity,
    _ExperimentalConfig,
    mstx,
    profile,
    schedule,
    tensorboard_trace_handler,
)


@pytest.mark.parametrize("name", _alias_scenarios.names("profiler"))
def test_matches_mindspore(name):
    _alias_scenarios.check("profiler", name)


def _traces(root):
    return sorted(
        glob.glob(os.path.join(root, "*_msfunc", "plugins", "profile", "*", "*.xplane.pb"))
    )


def _train_step():
    """A tiny step (a forward pass and its loss: first gradients would cost seconds here)."""
    net = nn.Dense(3, 2)
    loss_fn = nn.MSELoss()
    return lambda x, y: loss_fn(net(x), y)


def test_scheduled_profile_writes_one_trace_per_saved_cycle(tmp_path):
    step = _train_step()
    x, y = msfunc.ops.ones((4, 3)), msfunc.ops.zeros((4, 2))
    config = _ExperimentalConfig(mstx=True)
    with profile(
        activities=[ProfilerActivity.CPU],
        schedule=schedule(wait=0, warmup=0, active=1, repeat=2),
        on_trace_ready=tensorboard_trace_handler(str(tmp_path), worker_name="w0"),
        experimental_config=config,
    ) as prof:
        for _ in range(2):
            range_id = mstx.range_start("train_step")
            step(x, y)
            mstx.range_end(range_id)
            prof.step()
    traces = _traces(tmp_path)
    assert len(traces) == 2
    assert all(
        os.path.basename(
            os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(t))))
        ).startswith("w0_")
        for t in traces
    )
    assert range_id > 0  # (mstx recorded while the profile ran)
    assert mstx.range_start("after") == 0


def test_profiler_start_stop_writes_trace_and_metadata(tmp_path):
    prof = Profiler(output_path=str(tmp_path))  # (starts at once, as in MindSpore)
    prof.add_metadata("run", "baseline")
    _train_step()(msfunc.ops.ones((4, 3)), msfunc.ops.zeros((4, 2)))
    prof.stop()
    prof.analyse()
    (trace,) = _traces(tmp_path)
    run_dir = trace.split(os.sep + "plugins" + os.sep)[0]
    with open(os.path.join(run_dir, "profiler_metadata.json"), encoding="utf-8") as f:
        assert json.load(f) == {"run": "baseline"}


def test_profiler_under_the_mindspore_names(tmp_path):
    alias_mindspore()
    try:
        import mindspore
        from mindspore.profiler.schedule import ProfilerAction

        assert mindspore.Profiler is Profiler
        assert mindspore.profiler.schedule is schedule  # (the class, not its module)
        assert ProfilerAction.RECORD.value == 2
        with mindspore.profiler.profile(
            on_trace_ready=mindspore.profiler.tensorboard_trace_handler(str(tmp_path))
        ):
            mindspore.ops.ones((2, 2)) + 1
    finally:
        unalias_mindspore()
    assert len(_traces(tmp_path)) == 1


def test_dynamic_monitor_profiles_the_steps_its_file_names(tmp_path):
    cfg, out = tmp_path / "cfg", tmp_path / "out"
    monitor = DynamicProfilerMonitor(cfg_path=str(cfg), output_path=str(out))
    path = cfg / "profiler_config.json"
    config = json.loads(path.read_text())
    golden = json.loads((GOLDEN / "profiler.json").read_text())
    assert config == golden["dynamic_config"]["json_defaults"]  # (MindSpore's file)
    config.update(start_step=2, stop_step=3)
    path.write_text(json.dumps(config))
    step = _train_step()
    for _ in range(5):
        step(msfunc.ops.ones((4, 3)), msfunc.ops.zeros((4, 2)))
        monitor.step()
    assert os.listdir(out) == ["rank0_start2_stop3"]
    assert len(_traces(out / "rank0_start2_stop3")) == 1


def test_env_profiler_records_from_start_to_exit(tmp_path, monkeypatch):
    options = {"start": True, "output_path": str(tmp_path), "profiler_level": "Level1"}
    monkeypatch.setenv("MS_PROFILER_OPTIONS", json.dumps(options))
    EnvProfiler.init_profiler()  # (msfunc's import does this when the variable is set)
    _train_step()(msfunc.ops.ones((4, 3)), msfunc.ops.zeros((4, 2)))
    EnvProfiler().analyse()  # (registered to run at exit)
    assert len(_traces(tmp_path)) == 1
