"""Cases of ``mindspore.experimental.optim``: each ``case(ms)`` runs optimizers or learning-rate
schedulers on fixed values and returns plain data (rates per step, weights per step, or the
exception class of bad arguments). gen_experimental_optim_golden.py records them under
MindSpore 2.10; tests/nn/test_experimental_optim.py runs the same functions with msfunc."""

import importlib

import numpy as np

W0 = np.array([[0.5, -1.0], [2.0, 0.25]], np.float32)
B0 = np.array([0.1, -0.3], np.float32)


def _optim(ms):
    return importlib.import_module(ms.__name__ + ".experimental.optim")


def _params(ms):
    return [
        ms.Parameter(ms.Tensor(W0.copy()), name="w"),
        ms.Parameter(ms.Tensor(B0.copy()), name="b"),
    ]


def _grads(ms, k):
    s = 1.0 + 0.5 * k
    return (
        ms.Tensor((W0[::-1] * ((-1) ** k) * s + 0.1 * k).astype(np.float32)),
        ms.Tensor((np.array([0.2, -0.1], np.float32) * s + 0.05 * k).astype(np.float32)),
    )


def _rates(sched, steps, args=None):
    out = []
    for i in range(steps):
        if args is None:
            sched.step()
        else:
            sched.step(args[i])
        out.append([round(float(lr.asnumpy()), 7) for lr in sched.get_last_lr()])
    return out


def _sgd(ms, lr=0.1, **kw):
    return _optim(ms).SGD(_params(ms), lr=lr, **kw)


def _error(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001  (the class is the answer)
        return type(exc).__name__
    return None


def _schedule(make, steps=7, args=None, groups=False):
    def case(ms):
        optim = _optim(ms)
        if groups:
            w, b = _params(ms)
            opt = optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.5}], lr=0.1)
        else:
            opt = _sgd(ms)
        return _rates(make(optim.lr_scheduler, opt), steps, args)

    return case


def _train(make, steps=3):
    def case(ms):
        optim = _optim(ms)
        params = _params(ms)
        opt = make(optim, params)
        out = []
        for k in range(steps):
            opt(_grads(ms, k))
            flat = np.concatenate([p.asnumpy().ravel() for p in params]).astype(np.float64)
            out.append(np.round(flat, 6).tolist())
        return out

    return case


def _group(optim_cls, **kw):
    return lambda optim, ps: getattr(optim, optim_cls)(
        [{"params": [ps[0]]}, {"params": [ps[1]], "lr": 0.05}], **kw
    )


CASES = {
    "step_lr": _schedule(lambda s, o: s.StepLR(o, step_size=2, gamma=0.5)),
    "step_lr_epochs": _schedule(lambda s, o: s.StepLR(o, step_size=2, gamma=0.5), 4, [3, 0, 5, 4]),
    "linear_lr": _schedule(
        lambda s, o: s.LinearLR(o, start_factor=0.25, end_factor=0.75, total_iters=4)
    ),
    "linear_lr_epochs": _schedule(
        lambda s, o: s.LinearLR(o, start_factor=0.5, total_iters=4), 3, [2, 6, 1]
    ),
    "exponential_lr": _schedule(lambda s, o: s.ExponentialLR(o, gamma=0.8)),
    "exponential_lr_epochs": _schedule(lambda s, o: s.ExponentialLR(o, gamma=0.8), 3, [3, 1, 0]),
    "polynomial_lr": _schedule(lambda s, o: s.PolynomialLR(o, total_iters=4, power=2.0)),
    "polynomial_lr_epochs": _schedule(
        lambda s, o: s.PolynomialLR(o, total_iters=4, power=2.0), 3, [2, 9, 1]
    ),
    "lambda_lr_groups": _schedule(
        lambda s, o: s.LambdaLR(o, [lambda e: e // 2, lambda e: 0.5**e]), groups=True
    ),
    "multiplicative_lr": _schedule(lambda s, o: s.MultiplicativeLR(o, lambda e: 0.7)),
    "multistep_lr": _schedule(lambda s, o: s.MultiStepLR(o, milestones=[2, 2, 5], gamma=0.5)),
    "constant_lr": _schedule(lambda s, o: s.ConstantLR(o, factor=0.25, total_iters=3)),
    "constant_lr_epochs": _schedule(
        lambda s, o: s.ConstantLR(o, factor=0.25, total_iters=3), 3, [1, 4, 3]
    ),
    "cosine_annealing_lr": _schedule(lambda s, o: s.CosineAnnealingLR(o, T_max=3, eta_min=0.01), 9),
    "cosine_annealing_lr_epochs": _schedule(
        lambda s, o: s.CosineAnnealingLR(o, T_max=3, eta_min=0.01), 3, [2, 4, 0]
    ),
    "cyclic_triangular": _schedule(
        lambda s, o: s.CyclicLR(o, 0.01, 0.1, step_size_up=2, step_size_down=3), 12
    ),
    "cyclic_triangular2": _schedule(
        lambda s, o: s.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="triangular2"), 10
    ),
    "cyclic_exp_range_groups": _schedule(
        lambda s, o: s.CyclicLR(o, [0.01, 0.02], 0.1, step_size_up=2, mode="exp_range", gamma=0.9),
        8,
        groups=True,
    ),
    "warm_restarts": _schedule(
        lambda s, o: s.CosineAnnealingWarmRestarts(o, T_0=3, eta_min=0.01), 8
    ),
    "warm_restarts_epochs": _schedule(
        lambda s, o: s.CosineAnnealingWarmRestarts(o, T_0=2), 6, [0.5, 1.5, 2.0, 3.25, 0.0, 4.5]
    ),
    "plateau_min_rel": _schedule(
        lambda s, o: s.ReduceLROnPlateau(o, patience=1, factor=0.5, cooldown=1),
        8,
        [3.0, 2.0, 2.5, 2.6, 2.7, 2.8, 1.0, 1.1],
    ),
    "plateau_max_abs_min_lr": _schedule(
        lambda s, o: s.ReduceLROnPlateau(
            o, "max", patience=0, factor=0.5, threshold=0.5, threshold_mode="abs", min_lr=0.03
        ),
        6,
        [1.0, 1.2, 1.6, 1.7, 3.0, 2.0],
    ),
    "sgd_momentum": _train(
        lambda o, ps: o.SGD(ps, lr=0.1, momentum=0.9, dampening=0.2, weight_decay=0.1)
    ),
    "sgd_nesterov_maximize": _train(
        lambda o, ps: o.SGD(ps, lr=0.1, momentum=0.5, nesterov=True, maximize=True)
    ),
    "sgd_plain_groups": _train(_group("SGD", lr=0.2)),
    "adam": _train(lambda o, ps: o.Adam(ps, lr=0.1)),
    "adam_decay_groups": _train(
        _group("Adam", lr=0.1, betas=(0.8, 0.99), eps=1e-3, weight_decay=0.1)
    ),
    "adam_amsgrad_maximize": _train(lambda o, ps: o.Adam(ps, lr=0.1, amsgrad=True, maximize=True)),
    "adamw": _train(lambda o, ps: o.AdamW(ps, lr=0.1)),
    "adamw_amsgrad_groups": _train(
        _group("AdamW", lr=0.1, weight_decay=0.2, amsgrad=True, eps=1e-3), 4
    ),
    "adamw_maximize": _train(lambda o, ps: o.AdamW(ps, lr=0.1, maximize=True)),
}

_BAD = {
    "params_none": lambda o, ms: o.SGD(None, lr=0.1),
    "params_empty": lambda o, ms: o.Adam([]),
    "params_int": lambda o, ms: o.Adam(3),
    "params_set": lambda o, ms: o.Adam([{"params": set(_params(ms))}]),
    "params_tensor": lambda o, ms: o.Adam([ms.Tensor([1.0])]),
    "params_twice": lambda o, ms: _twice(o, ms),
    "lr_negative": lambda o, ms: o.Adam(_params(ms), lr=-1.0),
    "lr_string": lambda o, ms: o.SGD(_params(ms), lr="0.1"),
    "lr_vector": lambda o, ms: o.SGD(_params(ms), lr=ms.Tensor([0.1, 0.2])),
    "beta_one": lambda o, ms: o.AdamW(_params(ms), betas=(1.0, 0.9)),
    "eps_negative": lambda o, ms: o.Adam(_params(ms), eps=-1.0),
    "decay_negative": lambda o, ms: o.AdamW(_params(ms), weight_decay=-0.1),
    "momentum_negative": lambda o, ms: o.SGD(_params(ms), lr=0.1, momentum=-0.5),
    "nesterov_no_momentum": lambda o, ms: o.SGD(_params(ms), lr=0.1, nesterov=True),
    "nesterov_int": lambda o, ms: o.SGD(_params(ms), lr=0.1, momentum=0.5, nesterov=1),
    "scheduler_not_optimizer": lambda o, ms: o.lr_scheduler.StepLR(object(), 2),
    "scheduler_last_epoch": lambda o, ms: o.lr_scheduler.StepLR(_sgd(ms), 2, last_epoch=-2),
    "scheduler_resume": lambda o, ms: o.lr_scheduler.StepLR(_sgd(ms), 2, last_epoch=3),
    "step_size_float": lambda o, ms: o.lr_scheduler.StepLR(_sgd(ms), 2.0),
    "gamma_int": lambda o, ms: o.lr_scheduler.ExponentialLR(_sgd(ms), 1),
    "linear_start_zero": lambda o, ms: o.lr_scheduler.LinearLR(_sgd(ms), start_factor=0.0),
    "polynomial_power_negative": lambda o, ms: o.lr_scheduler.PolynomialLR(_sgd(ms), power=-1.0),
    "lambda_count": lambda o, ms: o.lr_scheduler.LambdaLR(_sgd(ms), [abs, abs]),
    "multistep_tuple": lambda o, ms: o.lr_scheduler.MultiStepLR(_sgd(ms), (1, 2)),
    "constant_factor_big": lambda o, ms: o.lr_scheduler.ConstantLR(_sgd(ms), factor=2.0),
    "plateau_factor": lambda o, ms: o.lr_scheduler.ReduceLROnPlateau(_sgd(ms), factor=1.0),
    "plateau_mode": lambda o, ms: o.lr_scheduler.ReduceLROnPlateau(_sgd(ms), mode="up"),
    "cyclic_mode": lambda o, ms: o.lr_scheduler.CyclicLR(_sgd(ms), 0.1, 0.2, mode="saw"),
    "warm_restarts_t0": lambda o, ms: o.lr_scheduler.CosineAnnealingWarmRestarts(_sgd(ms), 0),
    "sequential_milestones": lambda o, ms: _sequential_bad(o, ms),
}


def _twice(o, ms):
    w = _params(ms)[0]
    return o.Adam([{"params": [w]}, {"params": [w], "lr": 0.5}])


def _sequential_bad(o, ms):
    opt = _sgd(ms)
    s = o.lr_scheduler
    return s.SequentialLR(opt, [s.ConstantLR(opt), s.ExponentialLR(opt, 0.5)], milestones=[1, 2])


def _sequential(ms):
    optim = _optim(ms)
    opt = _sgd(ms)
    s = optim.lr_scheduler
    first = s.LinearLR(opt, start_factor=0.5, total_iters=2)
    second = s.StepLR(opt, step_size=2, gamma=0.5)
    third = s.ExponentialLR(opt, gamma=0.9)
    return _rates(s.SequentialLR(opt, [first, second, third], milestones=[3, 6]), 9)


CASES["sequential_lr"] = _sequential
CASES["bad_arguments"] = lambda ms: {
    name: _error(lambda f=f: f(_optim(ms), ms)) for name, f in _BAD.items()
}
