"""Golden values from real MindSpore 2.10 (CPU) for what optimizers written against MindSpore's
`Optimizer` use (as MindCV's AdamW, Adan and Lion do): `opt_init_args_register`, the
preprocessing members a ``construct`` calls, the learning-rate Cells' shapes at the optimizer's
(1,)-shaped step, `boost.GradientAccumulation`, and Parameter's parallel and cache flags.

Writes tests/golden/optimizer_subclass.json; read by tests/nn/test_optimizer_subclass.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py optimizer_subclass

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "optimizer_subclass.json"
)


def _values(t):
    return np.round(np.asarray(t.asnumpy(), np.float64).ravel(), 5).tolist()


def _net(ms):
    net = ms.nn.SequentialCell(
        ms.nn.Dense(3, 4, weight_init="ones", bias_init="zeros"),
        ms.nn.BatchNorm1d(4),
        ms.nn.Dense(4, 2, weight_init="normal", bias_init="ones"),
    )
    # fixed weights: the scenario must not depend on seeded draws
    for i, p in enumerate(net.trainable_params()):
        p.set_data(ms.Tensor(np.linspace(-1, 1, p.size).reshape(p.shape).astype(np.float32) + i))
    return net


def _grads(ms, net):
    x = ms.Tensor(np.linspace(-2, 3, 15).reshape(5, 3).astype(np.float32))
    y = ms.Tensor(np.array([0, 1, 1, 0, 1], np.int32))
    loss = ms.nn.CrossEntropyLoss()
    return ms.value_and_grad(lambda a, b: loss(net(a), b), None, net.trainable_params())(x, y)


def _user_optimizer_class(ms):
    ops = ms.ops
    register = ms.nn.optim.optimizer.opt_init_args_register

    step_rule = ops.MultitypeFuncGraph("step_rule")

    @step_rule.register("Tensor", "Tensor", "Tensor", "Tensor", "Bool")
    def _step(lr, param, moment, grad, optim_filter):
        if optim_filter:
            ops.assign(moment, moment * 0.5 + grad)
            ops.assign(param, param - lr * moment)
        return param

    class HalfMomentum(ms.nn.Optimizer):
        @register
        def __init__(self, params, learning_rate=0.1, weight_decay=0.0, loss_scale=1.0, tag="x"):
            super().__init__(learning_rate, params, weight_decay, loss_scale)
            self.moment = self.parameters.clone(prefix="half_m", init="zeros")

        def get_lr(self):
            lr = self.learning_rate
            if self.dynamic_lr:
                lr = self.learning_rate(self.global_step).reshape(())
            if self._is_dynamic_lr_or_weight_decay():
                self.assignadd(self.global_step, self.global_step_increase_tensor)
            return lr

        def construct(self, gradients):
            gradients = self.flatten_gradients(gradients)
            gradients = self.decay_weight(gradients)
            gradients = self.gradients_centralization(gradients)
            gradients = self.scale_grad(gradients)
            gradients = self._grad_sparse_indices_deduplicate(gradients)
            lr = self.get_lr()
            result = self.hyper_map(
                ops.partial(step_rule, lr),
                self._parameters,
                self.moment,
                gradients,
                self.optim_filter,
            )
            if self.use_parallel:
                result = self.broadcast_params(result)
            return result

        @ms.nn.Optimizer.target.setter
        def target(self, value):
            self._set_base_target(value)

    return HalfMomentum


def init_args_recorded(ms):
    """What `opt_init_args_register` records for each kind of learning rate."""
    cls = _user_optimizer_class(ms)
    params = _net(ms).trainable_params()
    out = {}
    rates = {
        "float": 0.25,
        "list": [0.1, 0.2],
        "tensor": ms.Tensor(np.array([0.5, 0.25], np.float32)),
        "schedule": ms.nn.CosineDecayLR(0.0, 0.1, 4),
    }
    for kind, rate in rates.items():
        opt = cls(params, rate, weight_decay=0.01, tag=kind)
        out[kind] = {
            "init_args": {k: v for k, v in sorted(opt.init_args.items())},
            "init_learning_rate": opt.init_learning_rate,
            "init_params": len(opt.init_params["params"]),
        }
    opt = cls(params, loss_scale=4.0)
    out["members"] = {
        "need_scale": bool(opt.need_scale),
        "reciprocal_scale": _values(opt.reciprocal_scale),
        "optim_filter": list(opt.optim_filter),
        "use_parallel": bool(opt.use_parallel),
        "dynamic": bool(opt._is_dynamic_lr_or_weight_decay()),
        "step_increase": _values(opt.global_step_increase_tensor),
        "target": opt.target,
    }
    opt.target = "CPU"
    out["target_set"] = opt.target
    try:
        opt.target = "TPU"
        out["bad_target"] = "accepted"
    except Exception as exc:  # noqa: BLE001 - the type is the record
        out["bad_target"] = exception_kind(exc)
    return out


def user_optimizer_trains(ms):
    """Three steps of a user optimizer with a list learning rate, weight decay, loss scale."""
    cls = _user_optimizer_class(ms)
    net = _net(ms)
    opt = cls(net.trainable_params(), [0.1, 0.05, 0.02, 0.01], weight_decay=0.1, loss_scale=2.0)
    out = {"losses": [], "global_step": []}
    for _ in range(3):
        loss, grads = _grads(ms, net)
        opt(tuple(g * 2 for g in grads))  # gradients of a loss scaled by 2
        out["losses"].append(round(float(loss), 5))
        out["global_step"].append(_values(opt.global_step))
    out["weights"] = [_values(p) for p in net.trainable_params()]
    out["moments"] = [_values(m) for m in opt.moment]
    return out


def rate_shapes(ms):
    """A learning-rate Cell at the optimizer's (1,)-shaped step and at a scalar step."""
    params = _net(ms).trainable_params()
    out = {}
    schedules = {
        "list": ms.nn.Momentum(params, [0.3, 0.2, 0.1], 0.9).learning_rate,
        "cosine": ms.nn.CosineDecayLR(0.0, 0.1, 4),
        "exponential": ms.nn.ExponentialDecayLR(0.1, 0.9, 2),
        "polynomial": ms.nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5),
        "warmup": ms.nn.WarmUpLR(0.1, 4),
    }
    for name, schedule in schedules.items():
        vector = schedule(ms.Tensor(np.array([1], np.int32)))
        scalar = schedule(ms.Tensor(2, ms.int32))
        out[name] = [list(vector.shape), _values(vector), list(scalar.shape), _values(scalar)]
    return out


def gradient_accumulation(ms):
    """`boost.GradientAccumulation(2, SGD)` over four calls."""
    from mindspore.boost import GradientAccumulation
    from mindspore.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op

    net = _net(ms)
    acc = GradientAccumulation(2, ms.nn.SGD(net.trainable_params(), 0.5))
    out = {"names": sorted(p.name for p in acc.get_parameters()), "calls": []}
    for _ in range(4):
        loss, grads = _grads(ms, net)
        acc(loss, grads)
        out["calls"].append(
            [int(acc._accumulation_step.asnumpy())]
            + [_values(g) for g in acc._grad_accumulation[:2]]
            + [_values(net.trainable_params()[0])]
        )
    out["ops"] = [type(gradient_accumulation_op).__name__, type(gradient_clear_op).__name__]
    return out


def parameter_flags(ms):
    """Parameter's parallel and cache flags: defaults, settings, a wrong type."""
    names = [
        "cache_enable",
        "cache_shape",
        "comm_fusion",
        "key",
        "layerwise_parallel",
        "parallel_optimizer",
        "parallel_optimizer_comm_recompute",
        "requires_aggr",
        "sliced",
        "is_in_parallel",
    ]
    p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    q = ms.Parameter(
        ms.Tensor(np.ones(2, np.float32)),
        name="q",
        parallel_optimizer=False,
        layerwise_parallel=True,
    )
    out = {"defaults": [getattr(p, n) for n in names], "given": [getattr(q, n) for n in names]}
    p.comm_fusion = 3
    p.parallel_optimizer = False
    p.cache_enable = True
    out["set"] = [p.comm_fusion, p.parallel_optimizer, p.cache_enable]
    for name, value in (("comm_fusion", "a"), ("parallel_optimizer", 1)):
        try:
            setattr(p, name, value)
            out[f"bad {name}"] = "accepted"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            out[f"bad {name}"] = exception_kind(exc)
    return out


def model_fixed_loss_scale(ms):
    """`Model` with a fixed loss scale that never drops a step: the gradients reach the
    optimizer scaled, and the optimizer's own `loss_scale` divides them (MindCV's default)."""
    import mindspore.dataset as ds

    out = {}
    for scale in (1.0, 1024.0):
        net = _net(ms)
        opt = ms.nn.Momentum(
            net.trainable_params(), [0.1, 0.05, 0.02], 0.9, weight_decay=1e-4, loss_scale=scale
        )
        manager = ms.train.FixedLossScaleManager(scale, drop_overflow_update=False)
        model = ms.train.Model(net, ms.nn.CrossEntropyLoss(), opt, loss_scale_manager=manager)
        x = np.cos(np.arange(36)).reshape(12, 3).astype(np.float32)
        y = (np.arange(12) % 2).astype(np.int32)
        data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
        model.train(1, data, dataset_sink_mode=False)
        out[str(scale)] = [_values(p) for p in net.trainable_params()]
    return out


def train_step_subclass(ms):
    """A TrainOneStepWithLossScaleCell subclass as MindCV writes its TrainStep: the overflow
    check's start and processing, ``self.grad`` with a sensitivity, gradients unscaled through
    ``self.hyper_map``, clipped by their global norm; and a TrainOneStepCell subclass calling
    ``self.grad``."""
    ops = ms.ops
    grad_scale = ops.MultitypeFuncGraph("grad_scale")

    @grad_scale.register("Tensor", "Tensor")
    def _scale(scale, grad):
        return grad * ops.cast(ops.Reciprocal()(scale), grad.dtype)

    class ClippedStep(ms.nn.TrainOneStepWithLossScaleCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            status, scaling = self.start_overflow_check(loss, self.scale_sense)
            sens = ops.ones_like(loss) * ops.cast(scaling, loss.dtype)
            grads = self.grad(self.network, self.weights)(*inputs, sens)
            grads = self.hyper_map(ops.partial(grad_scale, scaling), grads)
            grads = ops.clip_by_global_norm(grads, 0.5)
            grads = self.grad_reducer(grads)
            # (MindSpore's CPU build has no kernel for get_overflow_status: the step is kept)
            overflow = self.process_loss_scale(ops.zeros_like(status).any())
            if not overflow:
                loss = ops.depend(loss, self.optimizer(grads))
            return loss

    class PlainStep(ms.nn.TrainOneStepCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            sens = ops.fill(loss.dtype, loss.shape, self.sens)
            grads = self.grad_reducer(self.grad(self.network, self.weights)(*inputs, sens))
            return ops.depend(loss, self.optimizer(grads))

    out = {}
    x = ms.Tensor(np.linspace(-2, 3, 15).reshape(5, 3).astype(np.float32))
    y = ms.Tensor(np.array([0, 1, 1, 0, 1], np.int32))
    for name in ("clipped", "plain"):
        net = _net(ms)
        with_loss = ms.nn.WithLossCell(net, ms.nn.CrossEntropyLoss())
        opt = ms.nn.Adam(net.trainable_params(), 0.05)
        if name == "clipped":
            step = ClippedStep(with_loss, opt, ms.Tensor(np.float32(8.0)))
        else:
            step = PlainStep(with_loss, opt, sens=2.0)
        losses = [round(float(step(x, y)), 5) for _ in range(3)]
        out[name] = [losses] + [_values(p) for p in net.trainable_params()]
    return out


def rebound_parameters_attribute(ms):
    """A program rebinding ``opt.parameters`` to other Tensors (MindFlow's CMA-ES/MGDA does):
    the update still writes the network's Parameters, and the rebound Tensors stay as set."""
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = ms.nn.Adam(net.trainable_params(), 0.1)
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    grad_fn = ms.value_and_grad(lambda a: net(a).sum(), None, opt.parameters)
    opt.parameters = [
        ms.Tensor(np.full((2, 3), 5.0, np.float32)),
        ms.Tensor(np.zeros(2, np.float32)),
    ]
    for _ in range(2):
        _, grads = grad_fn(x)
        opt(grads)
    return [_values(net.weight), _values(net.bias), [_values(p) for p in opt.parameters]]


SCENARIOS = [
    init_args_recorded,
    train_step_subclass,
    model_fixed_loss_scale,
    user_optimizer_trains,
    rate_shapes,
    gradient_accumulation,
    parameter_flags,
    rebound_parameters_attribute,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
