"""Checkpoint-obfuscation scenarios shared by gen_obfuscation_golden.py and msfunc's test.

Each scenario `case(ms, folder, rec)` builds a small network with fixed weights, saves its
checkpoint under `folder`, seeds numpy's global generator (which both frameworks draw the
random scales and permutations from) and records what ``obfuscate_ckpt`` returns and writes,
or the exception types of bad calls.
"""

import os

import numpy as np


def _nets(ms):
    nn = ms.nn

    class Attention(nn.Cell):
        def __init__(self, k):
            super().__init__()
            self.dense = nn.Dense(3, 3, weight_init=_ramp(ms, (3, 3), k), bias_init="ones")

        def construct(self, x):
            return self.dense(x)

    class Block(nn.Cell):
        def __init__(self, k):
            super().__init__()
            self.attn = Attention(k)

        def construct(self, x):
            return self.attn(x)

    class Sub(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense_op = nn.Dense(3, 2, weight_init=_ramp(ms, (2, 3), 5), bias_init="ones")

        def construct(self, x):
            return self.dense_op(x)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(3, 3, weight_init=_ramp(ms, (3, 3), 1), bias_init="zeros")
            self.blocks = nn.CellList([Block(2), Block(3)])
            self.sub_net = Sub()

        def construct(self, x):
            x = self.fc1(x)
            for block in self.blocks:
                x = block(x)
            return self.sub_net(x)

    return Net


def _ramp(ms, shape, k):
    values = (np.arange(np.prod(shape), dtype=np.float32) + k).reshape(shape) / 4
    return ms.Tensor(values)


def _save(ms, folder):
    net = _nets(ms)()
    src, dst = os.path.join(folder, "src"), os.path.join(folder, "dst")
    os.makedirs(os.path.join(src, "part"))
    os.makedirs(dst)
    ms.save_checkpoint(net, os.path.join(src, "net.v1.ckpt"))
    ms.save_checkpoint(net, os.path.join(src, "part", "shard.ckpt"))
    with open(os.path.join(src, "notes.txt"), "w") as f:
        f.write("not a checkpoint")
    return net, src, dst


def _record_outputs(ms, dst, saved, rec, key):
    rec(key + "/saved", {k: [str(v.dtype), np.asarray(v).tolist()] for k, v in saved.items()})
    files = sorted(
        os.path.relpath(os.path.join(root, f), dst) for root, _, fs in os.walk(dst) for f in fs
    )
    rec(key + "/files", files)
    params = ms.load_checkpoint(os.path.join(dst, "net_obf.ckpt"))
    rec(key + "/params", {k: v.asnumpy().tolist() for k, v in params.items()})


def case_target_modules(ms, folder, rec):
    net, src, dst = _save(ms, folder)
    np.random.seed(7)
    saved = ms.obfuscate_ckpt(net, src, target_modules=["sub_net", "dense_op"], saved_path=dst)
    _record_outputs(ms, dst, saved, rec, "target_modules")


def case_obf_config(ms, folder, rec):
    net, src, dst = _save(ms, folder)
    metadata = [
        {"name": "obf_metadata_scale", "shape": [3], "type": "random"},
        {"name": "obf_metadata_perm", "shape": [3], "type": "rearrange", "save_metadata": True},
        {"name": "obf_metadata_mix", "shape": [3, 3], "type": "rearrange", "save_metadata": True},
        {
            "name": "obf_metadata_${layer}",
            "shape": [1],
            "type": "random",
            "layers": [0, 1],
            "save_metadata": True,
            "metadata_op": "invert",
        },
    ]
    weights = [
        {
            "target": "fc1/weight",
            "weight_obf_ops": [
                {"name": "permuate", "input_x": "obf_metadata_perm", "input_y": "weight"},
                {"name": "mul", "input_x": "weight", "input_y": "obf_metadata_scale"},
            ],
        },
        {
            "target": "sub_net/dense_op/weight",
            "weight_obf_ops": [
                {
                    "name": "matmul",
                    "input_x": "weight",
                    "input_y": "obf_metadata_mix",
                    "transpose_b": True,
                }
            ],
        },
        {
            "target": "blocks/${layer}/attn/dense/weight",
            "layers": [0, 1],
            "weight_obf_ops": [
                {"name": "mul", "input_x": "weight", "input_y": "obf_metadata_${layer}"}
            ],
        },
    ]
    config = {"obf_metadata_config": metadata, "weight_obf_config": weights}
    np.random.seed(3)
    saved = ms.obfuscate_ckpt(net, src, obf_config=config, saved_path=dst, obfuscate_scale=9)
    _record_outputs(ms, dst, saved, rec, "obf_config")


def case_layers(ms, folder, rec):
    """A third target_modules value: per-layer draws of one scale (MindSpore 2.10's reading)."""
    net, src, dst = _save(ms, folder)
    np.random.seed(11)
    modules = ["blocks/attn", "dense", "obfuscate_layers:2"]
    saved = ms.obfuscate_ckpt(net, src, target_modules=modules, saved_path=dst)
    _record_outputs(ms, dst, saved, rec, "layers")
    rec("layers/load_returns_net", ms.load_obf_params_into_net(net, modules) is net)


def _bad_calls(ms, net, src, dst):
    meta = [{"name": "obf_metadata", "shape": [1], "type": "random"}]
    weight = [{"target": "fc1/weight", "weight_obf_ops": []}]
    network = [{"module": "/", "target": "fc1"}]

    def config(**changes):
        base = {"obf_metadata_config": meta, "weight_obf_config": weight}
        base.update(changes)
        return base

    obf, load = ms.obfuscate_ckpt, ms.load_obf_params_into_net
    good = ["sub_net", "dense_op"]
    return {
        "network": lambda: obf(1, src, good, saved_path=dst),
        "ckpt_files_int": lambda: obf(net, 1, good, saved_path=dst),
        "ckpt_files_missing": lambda: obf(net, src + "_no", good, saved_path=dst),
        "ckpt_files_file": lambda: obf(net, os.path.join(src, "notes.txt"), good),
        "saved_path_missing": lambda: obf(net, src, good, saved_path=dst + "_no"),
        "modules_tuple": lambda: obf(net, src, ("sub_net", "dense_op"), saved_path=dst),
        "modules_short": lambda: obf(net, src, ["sub_net"], saved_path=dst),
        "modules_int": lambda: obf(net, src, ["sub_net", 1], saved_path=dst),
        "modules_empty": lambda: obf(net, src, ["sub_net", ""], saved_path=dst),
        "modules_chars": lambda: obf(net, src, ["sub-net", "dense_op"], saved_path=dst),
        "modules_path": lambda: obf(net, src, ["nowhere", "dense_op"], saved_path=dst),
        "modules_targets": lambda: obf(net, src, ["sub_net", "x|y"], saved_path=dst),
        "modules_list_end": lambda: obf(net, src, ["blocks", "attn"], saved_path=dst),
        "modules_not_cell": lambda: obf(net, src, ["fc1/weight", "x"], saved_path=dst),
        "modules_third": lambda: obf(
            net, src, ["blocks/attn", "dense", "layers:2"], saved_path=dst
        ),
        "modules_third_n": lambda: obf(net, src, ["blocks/attn", "dense", "obfuscate_layers:x"]),
        "config_list": lambda: obf(net, src, obf_config=[], saved_path=dst),
        "config_empty": lambda: obf(net, src, obf_config={}, saved_path=dst),
        "config_key": lambda: obf(net, src, obf_config=config(other=[]), saved_path=dst),
        "config_missing": lambda: obf(net, src, obf_config={"weight_obf_config": weight}),
        "config_entry": lambda: obf(net, src, obf_config=config(weight_obf_config=[1])),
        "config_shape": lambda: obf(
            net, src, obf_config=config(obf_metadata_config=[{"name": "a", "shape": (1,)}])
        ),
        "config_type": lambda: obf(
            net,
            src,
            obf_config=config(obf_metadata_config=[{"name": "a", "shape": [1], "type": "x"}]),
        ),
        "config_op": lambda: obf(
            net,
            src,
            obf_config=config(
                weight_obf_config=[
                    {"target": "w", "weight_obf_ops": [{"name": "mul", "input_x": "w"}]}
                ]
            ),
        ),
        "metadata_op": lambda: obf(
            net,
            src,
            obf_config=config(
                obf_metadata_config=[
                    {"name": "a", "shape": [1], "save_metadata": True, "metadata_op": "pow"}
                ]
            ),
            saved_path=dst,
        ),
        "scale": lambda: obf(net, src, obf_config=config(), saved_path=dst, obfuscate_scale=1),
        "load_network": lambda: load(1, good),
        "load_config": lambda: load(net, obf_config=config()),
        "load_module": lambda: load(net, obf_config={"network_obf_config": [{"target": "a"}]}),
        "load_parallel": lambda: load(
            net, obf_config={"network_obf_config": network}, data_parallel_num=0
        ),
    }


def case_errors(ms, folder, rec):
    net, src, dst = _save(ms, folder)
    for name, call in _bad_calls(ms, net, src, dst).items():
        try:
            call()
            rec("error/" + name, None)
        except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
            rec("error/" + name, type(exc).__name__)


# case_layers last: MindSpore 2.10 keeps its per-layer names for later target_modules calls
SCENARIOS = (case_target_modules, case_obf_config, case_errors, case_layers)
