"""Checkpoint loading rules shared by gen_checkpoint_rules_golden.py (real MindSpore 2.10) and
tests/train/test_checkpoint_rules_golden.py (msfunc): which names `choice_func` and the prefix
arguments keep, the exception types of bad loads, `Cell.init_parameters_data`. Each case takes
the `mindspore` module and a scratch directory and returns a dict of plain values."""

import os

import numpy as np


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = ms.nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
            self.conv2 = ms.nn.Dense(3, 1, weight_init="zeros", bias_init="ones")
            self.fc = ms.nn.Dense(1, 1, weight_init="ones", bias_init="ones")

        def construct(self, x):
            return self.fc(self.conv2(self.conv1(x)))

    return Net()


def _error(fn):
    try:
        fn()
    except Exception as exc:  # the standard type it is (subclasses of it read the same)
        for kind in (NotImplementedError, TypeError, RuntimeError, ValueError, KeyError):
            if isinstance(exc, kind):
                return kind.__name__
        return type(exc).__name__
    return "none"


def choice_and_prefixes(ms, tmp):
    path = os.path.join(tmp, "net.ckpt")
    ms.save_checkpoint(_net(ms), path)
    load = ms.load_checkpoint

    def names(**kwargs):
        return sorted(load(path, **kwargs))

    return {
        "choice": names(choice_func=lambda n: n.startswith("conv") and not n.startswith("conv1")),
        "choice_and_specify": names(
            choice_func=lambda n: n.startswith("fc"), specify_prefix="conv1"
        ),
        "choice_and_filter": names(choice_func=lambda n: n.startswith("fc"), filter_prefix="conv"),
        "specify_and_filter": names(specify_prefix="conv", filter_prefix="conv2"),
        "choice_raises": _error(lambda: load(path, choice_func=lambda n: n.startswith(123))),
        "choice_keeps_none": _error(lambda: load(path, choice_func=lambda n: False)),
    }


def load_param_errors(ms, tmp):
    net = _net(ms)
    ones = np.ones((3, 2), np.float32)
    return {
        "number_value": _error(lambda: ms.load_param_into_net(net, {"conv1.weight": 1})),
        "int_key": _error(lambda: ms.load_param_into_net(net, {1: ms.Parameter(ones, name="w")})),
        "not_a_dict": _error(lambda: ms.load_param_into_net(net, [("conv1.weight", ones)])),
        "not_a_net": _error(lambda: ms.load_param_into_net("net", {})),
        "shape": _error(
            lambda: ms.load_param_into_net(
                net,
                {"conv1.weight": ms.Parameter(np.ones((2, 3), np.float32), name="conv1.weight")},
            )
        ),
    }


def init_parameters_data(ms, tmp):
    net = _net(ms)
    pairs = net.init_parameters_data()
    return {
        "names": sorted(k.name for k in pairs),
        "same_names": all(k.name == v.name for k, v in pairs.items()),
        "conv1_weight": net.conv1.weight.asnumpy().tolist(),
    }


def save_lists(ms, tmp):
    """`save_checkpoint` of a list: of Parameters (with `choice_func`), of {'name', 'data'}
    dicts, and the lists it refuses."""
    path = os.path.join(tmp, "list.ckpt")
    net = _net(ms)
    ms.save_checkpoint(net.trainable_params(), path, choice_func=lambda n: n.startswith("conv2"))
    kept = sorted(ms.load_checkpoint(path))
    x = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="x")
    save = ms.save_checkpoint
    return {
        "parameters_kept": kept,
        "empty_with_append": sorted(
            save([], path, append_dict={"lr": 0.5}) or ms.load_checkpoint(path)
        ),
        "dict_tensor": _error(lambda: save([{"name": "a", "data": ms.Tensor([1.0])}], path)),
        "dict_parameter": _error(lambda: save([{"name": "a", "data": x}], path)),
        "dict_int_name": _error(lambda: save([{"name": 12, "data": x}], path)),
        "dict_int_data": _error(lambda: save([{"name": "a", "data": 12}], path)),
        "dict_numpy_data": _error(lambda: save([{"name": "a", "data": np.ones(2)}], path)),
        "mixed": _error(lambda: save([x, {"name": "b", "data": ms.Tensor([2.0])}], path)),
        "tensors": _error(lambda: save([ms.Tensor([1.0])], path)),
        "tuple": _error(lambda: save((x,), path)),
    }


CASES = {
    "save_lists": save_lists,
    "choice_and_prefixes": choice_and_prefixes,
    "load_param_errors": load_param_errors,
    "init_parameters_data": init_parameters_data,
}
