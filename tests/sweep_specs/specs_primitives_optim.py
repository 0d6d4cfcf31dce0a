"""Sweep table for the Apply* optimizer primitives and the summary primitives."""

from sweep_specs._gen import args
from sweep_specs.specs_nn import param
from sweep_specs.specs_primitives_common import LIN, STATE_GRAD, STATE_VMAP, C, scalar
from sweep_specs.specs_primitives_elementwise import N34, POS

SUMMARY_VMAP = "records a value by tag for the summary writer: its output is the empty tuple"
SUMMARY_GRAD = "records a value by tag: no output to differentiate"


def _optim(name, arrays, params, **kw):
    """The class over plain arrays (jit, vmap and grad of the returned values) and over
    Parameters (the state write path under jit)."""
    return [
        C(name, args(*arrays), **LIN, **kw),
        C(
            name,
            args(*params),
            state=True,
            vmap=STATE_VMAP,
            grad=STATE_GRAD,
            label="parameter",
            **LIN,
            **kw,
        ),
    ]


def _p(*names):
    return [param(POS if n.startswith("pos_") else N34, n) for n in names]


OPTIM = {
    "ApplyAdadelta": _optim(
        "ApplyAdadelta",
        [N34, POS, POS, scalar(0.1), scalar(0.9), scalar(1e-6), N34],
        [*_p("w", "pos_a", "pos_u"), scalar(0.1), scalar(0.9), scalar(1e-6), N34],
    ),
    "ApplyAdamWithAmsgrad": _optim(
        "ApplyAdamWithAmsgrad",
        [N34, N34, POS, POS, scalar(0.9), scalar(0.99), scalar(0.01), N34],
        [*_p("w", "m", "pos_v", "pos_vh"), scalar(0.9), scalar(0.99), scalar(0.01), N34],
    ),
    "ApplyAdamWithAmsgradV2": _optim(
        "ApplyAdamWithAmsgradV2",
        [N34, N34, POS, POS, *map(scalar, (0.9, 0.99, 0.01, 0.8, 0.999, 1e-8)), N34],
        [*_p("w", "m", "pos_v", "pos_vh"), *map(scalar, (0.9, 0.99, 0.01, 0.8, 0.999, 1e-8)), N34],
    ),
    "ApplyFtrl": _optim(
        "ApplyFtrl",
        [N34, POS, N34, N34, scalar(0.1), scalar(0.01), scalar(0.02), scalar(-0.5)],
        [*_p("w", "pos_a", "lin"), N34, scalar(0.1), scalar(0.01), scalar(0.02), scalar(-0.5)],
    ),
    "ApplyProximalAdagrad": _optim(
        "ApplyProximalAdagrad",
        [N34, POS, scalar(0.1), scalar(0.01), scalar(0.02), N34],
        [*_p("w", "pos_a"), scalar(0.1), scalar(0.01), scalar(0.02), N34],
    ),
    "ApplyProximalGradientDescent": _optim(
        "ApplyProximalGradientDescent",
        [N34, scalar(0.1), scalar(0.01), scalar(0.02), N34],
        [*_p("w"), scalar(0.1), scalar(0.01), scalar(0.02), N34],
    ),
    "ApplyAdaMax": _optim(
        "ApplyAdaMax",
        [N34, N34, POS, scalar(0.5), scalar(0.1), scalar(0.9), scalar(0.99), scalar(1e-6), N34],
        [
            *_p("w", "m", "pos_v"),
            scalar(0.5),
            scalar(0.1),
            scalar(0.9),
            scalar(0.99),
            scalar(1e-6),
            N34,
        ],
    ),
    "ApplyAdagrad": _optim(
        "ApplyAdagrad", [N34, POS, scalar(0.1), N34], [*_p("w", "pos_a"), scalar(0.1), N34]
    ),
    "ApplyAdagradV2": _optim(
        "ApplyAdagradV2",
        [N34, POS, scalar(0.1), N34],
        [*_p("w", "pos_a"), scalar(0.1), N34],
        epsilon=1e-6,
    ),
    "ScalarSummary": C(
        "ScalarSummary", args("loss", scalar(0.5)), vmap=SUMMARY_VMAP, grad=SUMMARY_GRAD
    ),
    "TensorSummary": C("TensorSummary", args("t", N34), vmap=SUMMARY_VMAP, grad=SUMMARY_GRAD),
    "HistogramSummary": C("HistogramSummary", args("h", N34), vmap=SUMMARY_VMAP, grad=SUMMARY_GRAD),
    "ImageSummary": C(
        "ImageSummary",
        args("img", lambda rng: rng.random((1, 3, 4, 4)).astype("float32")),
        vmap=SUMMARY_VMAP,
        grad=SUMMARY_GRAD,
    ),
}
