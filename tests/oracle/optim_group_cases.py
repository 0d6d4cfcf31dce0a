"""Optimizer parameter groups: what MindSpore 2.10 reports for them (``is_group``,
``is_group_lr``, ``dynamic_lr``, ``is_group_params_ordered``, the order of ``parameters``,
``learning_rate`` per Parameter with its names, ``get_lr_parameter``, ``decay_flags``,
``weight_decay``) and the exception types of bad groups. Each case ``case(ms, nn)`` returns
JSON data; gen_optim_groups_golden.py records MindSpore's in tests/golden/optim_groups.json
and tests/nn/test_optim_groups.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

import numpy as np


def _params(ms):
    return [
        ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name=n)
        for n in ("conv.w", "fc.w", "fc.b", "bn.gamma")
    ]


def _lr_entry(x):
    held = getattr(x, "learning_rate", x)  # a dynamic rate: the Cell holding its Parameter
    return [held.name, np.asarray(held.asnumpy(), np.float64).round(6).tolist()]


def _report(opt, params):
    wd = opt.weight_decay
    return {
        "is_group": opt.is_group,
        "is_group_lr": opt.is_group_lr,
        "dynamic_lr": opt.dynamic_lr,
        "ordered": opt.is_group_params_ordered,
        "parameters": [p.name for p in opt.parameters],
        "learning_rate": (
            [_lr_entry(x) for x in opt.learning_rate]
            if opt.is_group_lr
            else _lr_entry(opt.learning_rate)
        ),
        "lr_parameter": [x.name for x in opt.get_lr_parameter(params)],
        "decay_flags": list(opt.decay_flags),
        "weight_decay": (
            [round(float(w.asnumpy()), 6) for w in wd]
            if isinstance(wd, tuple)
            else round(float(wd.asnumpy()), 6)
        ),
    }


def _raises(build):
    try:
        build()
    except (TypeError, ValueError, RuntimeError, KeyError) as exc:
        return type(exc).__name__
    return None


def groups(ms, nn):
    """Constant, dynamic and ordered groups, with decays."""
    conv, fc_w, fc_b, gamma = p = _params(ms)
    out = {}
    out["plain"] = _report(nn.SGD(p, learning_rate=0.1, weight_decay=0.01), p)
    out["group_lr_ordered"] = _report(
        nn.Momentum(
            [{"params": [fc_w, fc_b, gamma]}, {"params": [conv], "lr": 0.8}, {"order_params": p}],
            learning_rate=0.1,
            momentum=0.9,
        ),
        p,
    )
    out["group_dynamic"] = _report(
        nn.Momentum(
            [{"params": [fc_w, fc_b, gamma]}, {"params": [conv], "lr": 0.8}],
            learning_rate=(0.1, 0.2, 0.3),
            momentum=0.9,
        ),
        p,
    )
    out["group_decay"] = _report(
        nn.SGD(
            [
                {"params": [conv], "weight_decay": 0.8},
                {"params": [fc_w, fc_b, gamma]},
                {"order_params": [fc_b, conv, fc_w, gamma]},
            ],
            learning_rate=0.1,
            weight_decay=0.0,
        ),
        p,
    )
    return out


def bad_groups(ms, nn):
    """The exception types of bad learning rates and lookups."""
    conv, fc_w, fc_b, gamma = p = _params(ms)
    rest = [fc_w, fc_b, gamma]
    opt = nn.SGD([{"params": [conv], "weight_decay": 0.8}, {"params": rest}])
    return {
        "lr_lengths_differ": _raises(
            lambda: nn.Momentum(
                [{"params": [conv], "lr": (0.1, 0.2, 0.3)}, {"params": rest}],
                learning_rate=(0.1, 0.2),
                momentum=0.9,
            )
        ),
        "group_lr_0d_numpy": _raises(
            lambda: nn.Momentum(
                [{"params": [conv], "lr": np.array(1)}, {"params": rest}],
                learning_rate=0.3,
                momentum=0.9,
            )
        ),
        "lr_0d_numpy": _raises(lambda: nn.SGD(p, learning_rate=np.array(0.1))),
        "lr_parameter_of_ints": _raises(lambda: opt.get_lr_parameter([1, 2, 3])),
        "repeated_parameter": _raises(
            lambda: nn.Adam([{"params": [conv]}, {"params": [conv]}, {"params": rest}])
        ),
    }


CASES = {"groups": groups, "bad_groups": bad_groups}
