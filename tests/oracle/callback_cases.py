"""Callback and checkpoint-file scenarios shared by gen_callbacks_golden.py (real MindSpore 2.10)
and tests/train/test_callbacks_golden.py (msfunc): each takes the `mindspore` module, the
private callback names (`priv`: ``_InternalCallbackParam``, ``_CallbackManager``,
``_CheckpointManager``, ``_checkpoint_cb_for_save_op``, ``_set_cur_net``,
``_chg_ckpt_file_name_if_same_exist``) and a fresh scratch directory, and returns a dict of
plain values (file names, numbers, flags)."""

import os

import numpy as np


def _params(priv, net, epoch, step, batch_num=4):
    p = priv._InternalCallbackParam()
    p.train_network = net
    p.epoch_num, p.cur_epoch_num, p.cur_step_num, p.batch_num = 3, epoch, step, batch_num
    return p


def _run_steps(ms, priv, ckpt, net, steps, batch_num=4):
    for step in range(1, steps + 1):
        p = _params(priv, net, (step - 1) // batch_num + 1, step, batch_num)
        ckpt.step_end(ms.train.RunContext(p))
    ckpt.end(ms.train.RunContext(p))


def model_checkpoint_files(ms, priv, tmp):
    net = ms.nn.Dense(3, 2)
    out = {}
    config = ms.train.CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2)
    ckpt = ms.train.ModelCheckpoint(prefix="net", directory=tmp, config=config)
    _run_steps(ms, priv, ckpt, net, 10)
    out["by_steps_kept"] = sorted(os.listdir(tmp))
    out["latest"] = os.path.basename(ckpt.latest_ckpt_file_name)
    # a second callback with the same prefix in the same directory takes the next free one
    again = ms.train.ModelCheckpoint(prefix="net", directory=tmp, config=config)
    _run_steps(ms, priv, again, net, 3)
    out["second_prefix"] = os.path.basename(again.latest_ckpt_file_name)
    sub = os.path.join(tmp, "custom")
    named = ms.train.ModelCheckpoint(
        prefix=lambda p: f"step{p.cur_step_num}",
        directory=lambda p: sub,
        config=ms.train.CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=0),
    )
    _run_steps(ms, priv, named, net, 5)
    out["callables"] = sorted(os.listdir(sub))
    return out


def model_checkpoint_append_info(ms, priv, tmp):
    net = ms.nn.Dense(2, 2)
    config = ms.train.CheckpointConfig(
        save_checkpoint_steps=2, append_info=["epoch_num", "step_num", {"lr": 0.5}]
    )
    ckpt = ms.train.ModelCheckpoint(prefix="app", directory=tmp, config=config)
    _run_steps(ms, priv, ckpt, net, 6, batch_num=3)
    loaded = ms.load_checkpoint(ckpt.latest_ckpt_file_name)
    return {
        "files": sorted(os.listdir(tmp)),
        "epoch_num": float(loaded["epoch_num"].asnumpy()),
        "step_num": float(loaded["step_num"].asnumpy()),
        "lr": float(loaded["lr"].asnumpy()),
    }


def checkpoint_config_policy(ms, priv, tmp):
    out = {}
    for name, kwargs in (
        ("default", {}),
        ("seconds", {"save_checkpoint_steps": 0, "save_checkpoint_seconds": 30}),
        ("per_minutes", {"keep_checkpoint_max": 0, "keep_checkpoint_per_n_minutes": 2}),
        ("keep_none", {"keep_checkpoint_max": 0}),
    ):
        policy = ms.train.CheckpointConfig(**kwargs).get_checkpoint_policy()
        policy.pop("saved_network")
        out[name] = policy
    errors = {}
    for name, kwargs in (
        ("steps_str", {"save_checkpoint_steps": "1"}),
        ("steps_negative", {"save_checkpoint_steps": -1}),
        (
            "all_zero",
            dict.fromkeys(
                (
                    "save_checkpoint_steps",
                    "save_checkpoint_seconds",
                    "keep_checkpoint_max",
                    "keep_checkpoint_per_n_minutes",
                ),
                0,
            ),
        ),
        ("append_unknown", {"append_info": ["loss"]}),
        ("append_two_dicts", {"append_info": [{"a": 1}, {"b": 2}]}),
        ("saved_network_str", {"saved_network": "net"}),
    ):
        try:
            ms.train.CheckpointConfig(**kwargs)
            errors[name] = "none"
        except (TypeError, ValueError) as exc:
            errors[name] = type(exc).__name__
    out["errors"] = errors
    return out


def checkpoint_file_rules(ms, priv, tmp):
    _CheckpointManager = priv._CheckpointManager
    _chg_ckpt_file_name_if_same_exist = priv._chg_ckpt_file_name_if_same_exist
    for name in (
        "net-1_1.ckpt",
        "net-1_2.ckpt",
        "net_3-1_1.ckpt",
        "net-graph.meta",
        "netx-1_1.ckpt",
        "net_a-1_1.ckpt",
        "other-1_1.ckpt",
        "net_7_breakpoint.ckpt",
    ):
        open(os.path.join(tmp, name), "w").close()
    manager = _CheckpointManager()
    manager.update_ckpoint_filelist(tmp, "net")
    listed = sorted(os.path.basename(f) for f in manager.ckpoint_filelist)
    manager.remove_ckpoint_file(os.path.join(tmp, "net-1_1.ckpt"))
    return {
        "listed": listed,
        "after_remove": manager.ckpoint_num,
        "prefix_net": _chg_ckpt_file_name_if_same_exist(tmp, "net"),
        "prefix_other": _chg_ckpt_file_name_if_same_exist(tmp, "other"),
        "prefix_fresh": _chg_ckpt_file_name_if_same_exist(tmp, "fresh"),
        "prefix_breakpoint": _chg_ckpt_file_name_if_same_exist(tmp, "net", exception=True),
    }


def callback_manager_order(ms, priv, tmp):
    _CallbackManager, _InternalCallbackParam = priv._CallbackManager, priv._InternalCallbackParam
    calls = []

    class Record(ms.train.Callback):
        def __init__(self, tag):
            super().__init__()
            self.tag = tag

        def __enter__(self):
            calls.append(f"{self.tag}:enter")
            return self

        def __exit__(self, *err):
            calls.append(f"{self.tag}:exit")

        def step_end(self, run_context):
            calls.append(f"{self.tag}:step_end")

        def on_train_epoch_end(self, run_context):
            calls.append(f"{self.tag}:on_train_epoch_end")

    ctx = ms.train.RunContext(_InternalCallbackParam())
    with _CallbackManager([Record("a"), Record("b")]) as cm:
        cm.step_end(ctx)
        cm.on_train_step_end(ctx)
        cm.on_train_epoch_end(ctx)
    errors = []
    for bad in ([None], "cb", [Record("c"), 1]):
        try:
            _CallbackManager(bad)
            errors.append("none")
        except TypeError:
            errors.append("TypeError")
    return {"calls": calls, "errors": errors}


def model_enters_callbacks(ms, priv, tmp):
    """Model.train and Model.eval enter each callback for the run: a resource the callback
    opens in ``__enter__`` is there in its hooks, and is closed after the last."""
    calls = []

    class Opens(ms.train.Callback):
        def __enter__(self):
            calls.append("enter")
            self.record = []
            return self

        def __exit__(self, *err):
            calls.append(f"exit:{len(self.record)}")
            del self.record

        def on_train_epoch_end(self, run_context):
            self.record.append(run_context.original_args().cur_epoch_num)
            calls.append("train_epoch_end")

        def on_eval_end(self, run_context):
            self.record.append("eval")
            calls.append("eval_end")

    net = ms.nn.Dense(2, 1)
    model = ms.train.Model(
        net, loss_fn=ms.nn.MSELoss(), optimizer=ms.nn.SGD(net.trainable_params()), metrics={"loss"}
    )
    data = ms.dataset.NumpySlicesDataset(
        (np.ones((4, 2), np.float32), np.zeros((4, 1), np.float32)), ["x", "y"], shuffle=False
    ).batch(2)
    cb = Opens()
    model.train(2, data, callbacks=[cb])
    model.eval(data, callbacks=[cb])
    return {"calls": calls, "record_left": hasattr(cb, "record")}


def save_op_fills_net(ms, priv, tmp):
    _checkpoint_cb_for_save_op, _set_cur_net = priv._checkpoint_cb_for_save_op, priv._set_cur_net
    net = ms.nn.Dense(2, 2, weight_init="zeros", bias_init="zeros")
    no_net = _checkpoint_cb_for_save_op([])
    _set_cur_net(net)
    values = [
        {"name": "weight", "data": ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))},
        {"name": "bias", "data": ms.Tensor(np.array([0.5, -0.5], np.float32))},
    ]
    filled = _checkpoint_cb_for_save_op(values)
    again = _checkpoint_cb_for_save_op([])  # the network is forgotten after one load
    return {
        "no_net": no_net,
        "filled": filled,
        "again": again,
        "weight": net.weight.asnumpy().tolist(),
        "bias": net.bias.asnumpy().tolist(),
        "list_left": len(values),
    }


CASES = {
    "model_checkpoint_files": model_checkpoint_files,
    "model_checkpoint_append_info": model_checkpoint_append_info,
    "checkpoint_config_policy": checkpoint_config_policy,
    "checkpoint_file_rules": checkpoint_file_rules,
    "callback_manager_order": callback_manager_order,
    "save_op_fills_net": save_op_fills_net,
    "model_enters_callbacks": model_enters_callbacks,
}
