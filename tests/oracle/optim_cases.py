"""Optimizer and schedule cases shared by the MindSpore oracle and msfunc's golden test.

Each builder takes (params, nn) so the same text runs with ``mindspore.nn`` and ``msfunc.nn``.
"""

# name -> (class name, builder(params, nn) -> constructor kwargs)
CASES = {
    "sgd": ("SGD", lambda p, nn: dict(params=p, learning_rate=0.1)),
    "sgd_momentum": (
        "SGD",
        lambda p, nn: dict(
            params=p, learning_rate=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01
        ),
    ),
    "sgd_nesterov": (
        "SGD",
        lambda p, nn: dict(params=p, learning_rate=0.1, momentum=0.9, nesterov=True),
    ),
    "momentum": (
        "Momentum",
        lambda p, nn: dict(params=p, learning_rate=0.1, momentum=0.9, weight_decay=0.01),
    ),
    "momentum_nesterov": (
        "Momentum",
        lambda p, nn: dict(params=p, learning_rate=0.1, momentum=0.9, use_nesterov=True),
    ),
    "momentum_loss_scale": (
        "Momentum",
        lambda p, nn: dict(params=p, learning_rate=0.1, momentum=0.9, loss_scale=4.0),
    ),
    "adam": ("Adam", lambda p, nn: dict(params=p, learning_rate=0.01)),
    "adam_wd": ("Adam", lambda p, nn: dict(params=p, learning_rate=0.01, weight_decay=0.1)),
    "adam_nesterov": ("Adam", lambda p, nn: dict(params=p, learning_rate=0.01, use_nesterov=True)),
    "adam_amsgrad": ("Adam", lambda p, nn: dict(params=p, learning_rate=0.01, use_amsgrad=True)),
    "adam_weight_decay": (
        "AdamWeightDecay",
        lambda p, nn: dict(params=p, learning_rate=0.01, weight_decay=0.1),
    ),
    "adamax": ("AdaMax", lambda p, nn: dict(params=p, learning_rate=0.01)),
    "adagrad": ("Adagrad", lambda p, nn: dict(params=p, learning_rate=0.1, weight_decay=0.01)),
    "adadelta": ("Adadelta", lambda p, nn: dict(params=p, learning_rate=1.0)),
    "rmsprop": ("RMSProp", lambda p, nn: dict(params=p, learning_rate=0.01)),
    "rmsprop_centered": (
        "RMSProp",
        lambda p, nn: dict(params=p, learning_rate=0.01, momentum=0.5, centered=True),
    ),
    "lamb": ("Lamb", lambda p, nn: dict(params=p, learning_rate=0.01, weight_decay=0.1)),
    "ftrl": ("FTRL", lambda p, nn: dict(params=p, learning_rate=0.1, l1=0.01, l2=0.02)),
    "proximal_adagrad": (
        "ProximalAdagrad",
        lambda p, nn: dict(params=p, learning_rate=0.1, l1=0.01, l2=0.02),
    ),
    "rprop": ("Rprop", lambda p, nn: dict(params=p, learning_rate=0.1)),
    "asgd": ("ASGD", lambda p, nn: dict(params=p, learning_rate=0.1, t0=2.0)),
    "momentum_lr_list": (
        "Momentum",
        lambda p, nn: dict(params=p, learning_rate=[0.1, 0.05, 0.02, 0.01, 0.005], momentum=0.9),
    ),
    "adam_lr_cell": (
        "Adam",
        lambda p, nn: dict(params=p, learning_rate=nn.ExponentialDecayLR(0.01, 0.5, 2)),
    ),
    "momentum_groups": (
        "Momentum",
        lambda p, nn: dict(
            params=[
                {"params": [p[0]], "lr": 0.2, "weight_decay": 0.05},
                {"params": [p[1], p[2]], "grad_centralization": False},
                {"order_params": [p[0], p[1], p[2]]},
            ],
            learning_rate=0.1,
            momentum=0.9,
        ),
    ),
    "adam_groups_gc": (
        "Adam",
        lambda p, nn: dict(
            params=[
                {"params": [p[0]], "grad_centralization": True, "weight_decay": 0.1},
                {"params": [p[1], p[2]], "lr": 0.02},
            ],
            learning_rate=0.01,
        ),
    ),
    "momentum_wd_cell": (
        "Momentum",
        lambda p, nn: dict(
            params=p,
            learning_rate=0.1,
            momentum=0.9,
            loss_scale=2.0,
            weight_decay=nn.ExponentialDecayLR(0.05, 0.5, 1),
        ),
    ),
    "adam_weight_decay_groups": (
        "AdamWeightDecay",
        lambda p, nn: dict(
            params=[
                {"params": [p[0], p[2]], "weight_decay": 0.2},
                {"params": [p[1]], "lr": [0.02, 0.01, 0.01, 0.005, 0.005]},
            ],
            learning_rate=0.01,
        ),
    ),
}

# name -> builder(nn) -> schedule Cell, evaluated at steps 0..9
SCHEDULE_CELLS = {
    "ExponentialDecayLR": lambda nn: nn.ExponentialDecayLR(0.1, 0.9, 4),
    "ExponentialDecayLR_stair": lambda nn: nn.ExponentialDecayLR(0.1, 0.9, 4, True),
    "NaturalExpDecayLR": lambda nn: nn.NaturalExpDecayLR(0.1, 0.9, 4),
    "NaturalExpDecayLR_stair": lambda nn: nn.NaturalExpDecayLR(0.1, 0.9, 4, True),
    "InverseDecayLR": lambda nn: nn.InverseDecayLR(0.1, 0.5, 4),
    "InverseDecayLR_stair": lambda nn: nn.InverseDecayLR(0.1, 0.5, 4, True),
    "CosineDecayLR": lambda nn: nn.CosineDecayLR(0.01, 0.1, 6),
    "PolynomialDecayLR": lambda nn: nn.PolynomialDecayLR(0.1, 0.01, 6, 2.0),
    "PolynomialDecayLR_update": lambda nn: nn.PolynomialDecayLR(0.1, 0.01, 4, 2.0, True),
    "WarmUpLR": lambda nn: nn.WarmUpLR(0.1, 6),
}

# name -> builder(nn) -> list of learning rates
SCHEDULE_LISTS = {
    "exponential_decay_lr": lambda nn: nn.exponential_decay_lr(0.1, 0.9, 12, 2, 3),
    "exponential_decay_lr_stair": lambda nn: nn.exponential_decay_lr(0.1, 0.9, 12, 2, 3, True),
    "natural_exp_decay_lr": lambda nn: nn.natural_exp_decay_lr(0.1, 0.9, 12, 2, 3),
    "natural_exp_decay_lr_stair": lambda nn: nn.natural_exp_decay_lr(0.1, 0.9, 12, 2, 3, True),
    "inverse_decay_lr": lambda nn: nn.inverse_decay_lr(0.1, 0.5, 12, 2, 3),
    "inverse_decay_lr_stair": lambda nn: nn.inverse_decay_lr(0.1, 0.5, 12, 2, 3, True),
    "cosine_decay_lr": lambda nn: nn.cosine_decay_lr(0.01, 0.1, 12, 2, 3),
    "polynomial_decay_lr": lambda nn: nn.polynomial_decay_lr(0.1, 0.01, 12, 2, 3, 2.0),
    "polynomial_decay_lr_update": lambda nn: nn.polynomial_decay_lr(0.1, 0.01, 12, 2, 3, 2.0, True),
    "piecewise_constant_lr": lambda nn: nn.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01]),
    "warmup_lr": lambda nn: nn.warmup_lr(0.1, 12, 2, 3),
}
