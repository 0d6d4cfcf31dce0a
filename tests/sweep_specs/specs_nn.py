"""Sweep table for msfunc.ops' nn, loss, convolution/pooling and vision ops."""

import jax
import jax.numpy as jnp
import numpy as np
from _sweep import Case

import msfunc as ms
import msfunc.ops as ops
from msfunc._state import Frame
from msfunc.common.seed import _key_box
from sweep_specs._gen import args, integers, normal, positive, uniform


# -- private generators ---------------------------------------------------------------
def away(*shape, kinks=(0.0,), gap=0.05, low=-2.0, high=2.0):
    """rng -> uniform array with every element at least `gap` from each kink, so a finite
    difference never straddles a corner of a piecewise op."""

    def make(rng):
        x = rng.uniform(low, high, shape)
        for k in kinks:
            near = np.abs(x - k) < gap
            x = np.where(near, k + np.sign(x - k + 1e-12) * gap * 2, x)
        return x.astype(np.float32)

    return make


def scalar(value):
    """rng -> 0-d float32 array (a traced scalar argument)."""
    return lambda rng: np.asarray(value, np.float32)


def signs(*shape):
    """rng -> float array of +-1 (targets of margin losses)."""
    return lambda rng: np.where(rng.random(shape) < 0.5, -1.0, 1.0).astype(np.float32)


def log_probs(*shape, axis=-1):
    """rng -> log-softmax of a normal draw."""

    def make(rng):
        x = rng.standard_normal(shape)
        x = x - np.log(np.sum(np.exp(x), axis=axis, keepdims=True))
        return x.astype(np.float32)

    return make


def boxes(n, lo=0.0, hi=10.0):
    """rng -> (n, 4) boxes (x1, y1, x2, y2) with x1 < x2, y1 < y2."""

    def make(rng):
        a = rng.uniform(lo, hi * 0.5, (n, 2))
        wh = rng.uniform(1.0, hi * 0.5, (n, 2))
        return np.concatenate([a, a + wh], 1).astype(np.float32)

    return make


def pool_indices(n, c, out, k):
    """rng -> flat indices of one element per k^d window of an (out*k)^d grid, like the
    indices max_pool returns (every window picks a distinct cell)."""

    def make(rng):
        nd = len(out)
        size = [o * kk for o, kk in zip(out, k)]
        grids = np.meshgrid(*[np.arange(o) for o in out], indexing="ij")
        flat = np.zeros((n, c) + tuple(out), np.int64)
        for i in range(nd):
            off = rng.integers(0, k[i], (n, c) + tuple(out))
            flat = flat * size[i] + grids[i] * k[i] + off
        return flat.astype(np.int32)

    return make


def param(maker, name):
    """rng -> a fresh Parameter holding maker's draw (ops that write running statistics)."""
    return lambda rng: ms.Parameter(maker(rng), name=name)


def at_fixed_key(op):
    """`op` drawing from a fixed key, so its output is a deterministic function of the
    inputs: the gradient through a fixed random mask/noise, checked by finite differences."""
    from msfunc.common import seed as seed_state

    def call(*a, **k):
        key = jax.random.key_data(jax.random.key(0))
        # Unseeded while it runs: msfunc's key stream (the fixed key), not MindSpore's seeded
        # op counters, which a raw jax.jit could not carry.
        saved, seed_state._seed = seed_state._seed, None
        try:
            with Frame({id(_key_box()): key}, owner="the sweep"):
                return op(*a, **k)
        finally:
            seed_state._seed = saved

    return call


def first(op):
    """Only the first output (the others are -inf masks or integer side outputs)."""
    return lambda *a, **k: op(*a, **k)[0]


FIXED = "see fixed-key case"
RANDOM = "see random case"
BOOL = "boolean output"


def _fixed(fn, make, **kw):
    return Case(make, fn=at_fixed_key(fn), label="fixed_key", jit=RANDOM, vmap=RANDOM, **kw)


# -- activations -----------------------------------------------------------------------
ACT = {
    "relu": Case(args(away(3, 4))),
    "relu6": Case(args(away(3, 4, kinks=(0.0, 6.0), low=-3, high=8))),
    "gelu": [
        Case(args(normal(3, 4))),
        Case(args(normal(3, 4)), kwargs={"approximate": "tanh"}, label="tanh"),
    ],
    "fast_gelu": Case(args(normal(3, 4))),
    "softmax": Case(args(normal(3, 4)), kwargs={"axis": 0}),
    "softmin": Case(args(normal(3, 4))),
    "log_softmax": Case(args(normal(3, 4))),
    "sigmoid": Case(args(normal(3, 4))),
    "inplace_sigmoid": Case(args(normal(3, 4))),
    "logsigmoid": Case(args(normal(3, 4))),
    "silu": Case(args(normal(3, 4))),
    "mish": Case(args(normal(3, 4))),
    "elu": Case(args(away(3, 4)), kwargs={"alpha": 0.7}),
    "selu": Case(args(away(3, 4))),
    "celu": Case(args(away(3, 4)), kwargs={"alpha": 1.5}),
    "hardtanh": Case(args(away(3, 4, kinks=(-0.5, 0.8))), kwargs={"min_val": -0.5, "max_val": 0.8}),
    "hardswish": Case(args(away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4))),
    "hardsigmoid": Case(args(away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4))),
    "hardshrink": Case(args(away(3, 4, kinks=(-0.5, 0.5)))),
    "softshrink": Case(args(away(3, 4, kinks=(-0.3, 0.3))), kwargs={"lambd": 0.3}),
    "soft_shrink": Case(args(away(3, 4, kinks=(-0.5, 0.5)))),
    "softplus": [
        Case(args(normal(3, 4))),
        Case(
            args(away(3, 4, kinks=(1.0,), low=-3, high=3)),
            kwargs={"beta": 2, "threshold": 2},
            label="threshold",
        ),
    ],
    "softsign": Case(args(normal(3, 4))),
    "tanhshrink": Case(args(normal(3, 4))),
    "threshold": Case(args(away(3, 4, kinks=(0.1,)), 0.1, 20.0)),
    "leaky_relu": Case(args(away(3, 4)), kwargs={"alpha": 0.1}),
    "prelu": Case(args(away(2, 3, 4), positive(3, low=0.1, high=0.5))),
    "rrelu": [Case(args(away(3, 4)), random=True, grad=FIXED), _fixed(ops.rrelu, args(away(3, 4)))],
    "glu": Case(args(normal(3, 4))),
    "swiglu": Case(args(normal(4, 3)), kwargs={"dim": 0}),
    "gumbel_softmax": [
        Case(args(normal(3, 4)), kwargs={"tau": 0.5}, random=True, grad=FIXED),
        _fixed(ops.gumbel_softmax, args(normal(3, 4)), kwargs={"tau": 0.5}),
    ],
}

# -- normalisation, linear, dropout, attention -----------------------------------------------
STATE_GRAD = (
    "writes its running statistics into Parameters; the same training math is "
    "differentiated in the training case with array statistics"
)


def _bn(training_stats):
    return args(
        normal(2, 3, 4),
        training_stats(normal(3)),
        training_stats(positive(3)),
        normal(3),
        normal(3),
    )


def _ident(maker):
    return maker


def _ml_target(rng):
    """(3, 4) multilabel targets: a few distinct class indices, then -1 padding."""
    out = np.full((3, 4), -1, np.int32)
    for i in range(3):
        k = rng.integers(1, 4)
        out[i, :k] = rng.permutation(4)[:k]
    return out


def _probs(*shape):
    def make(rng):
        e = np.exp(rng.standard_normal(shape))
        return (e / e.sum(1, keepdims=True)).astype(np.float32)

    return make


def _unit(rng):
    return np.asarray(rng.uniform(0.5, 2.0), np.float32)


NORM = {
    "batch_norm": [
        Case(_bn(_ident), rtol=1e-4, atol=1e-5, label="inference"),
        Case(_bn(_ident), kwargs={"training": True}, rtol=1e-4, atol=1e-5, label="training"),
        Case(
            _bn(lambda m: param(m, "stat")),
            kwargs={"training": True, "momentum": 0.2},
            state=True,
            grad=STATE_GRAD,
            rtol=1e-4,
            atol=1e-5,
            label="running_stats",
            vmap="each element's batch statistics would be written into one shared "
            "Parameter: msfunc.vmap refuses per-element writes by design (ValueError)",
        ),
    ],
    "layer_norm": Case(args(normal(2, 3, 4), (4,), normal(4), normal(4)), rtol=1e-4, atol=1e-5),
    "group_norm": Case(args(normal(2, 4, 3), 2, normal(4), normal(4)), rtol=1e-4, atol=1e-5),
    "rms_norm": Case(args(normal(3, 4), normal(4)), rtol=1e-4, atol=1e-5),
    "add_rms_norm": Case(args(normal(3, 4), normal(3, 4), normal(4)), rtol=1e-4, atol=1e-5),
    "add_layer_norm": Case(
        args(normal(3, 4), normal(3, 4), normal(4), normal(4)), rtol=1e-4, atol=1e-5
    ),
    "lrn": Case(
        args(normal(1, 4, 2, 2)),
        kwargs={"depth_radius": 1, "bias": 1.0, "alpha": 0.3, "beta": 0.75},
    ),
    "dense": Case(args(normal(3, 4), normal(2, 4), normal(2)), rtol=1e-4, atol=1e-5),
    "bidense": Case(
        args(normal(3, 4), normal(3, 5), normal(2, 4, 5), normal(2)), rtol=1e-4, atol=1e-5
    ),
    "bias_add": Case(args(normal(2, 3, 4), normal(3))),
    "embedding": [
        # the padding row gets no gradient by design: weight passed as (padding row, rest)
        # and only the rest is differentiated
        Case(
            args(integers(2, 3, high=5), normal(1, 4), normal(4, 4)),
            fn=lambda idx, pad_row, rest: ops.embedding(
                idx, jnp.concatenate([pad_row, rest]), padding_idx=0, max_norm=1.0
            ),
            grad=(2,),
        ),
    ],
    # float on/off values (the default 1/0 give an integer output through the same code)
    "one_hot": Case(args(integers(4, high=3), 3, _unit, _unit)),
    "dropout": [
        Case(args(normal(3, 4)), random=True, grad=FIXED),
        _fixed(ops.dropout, args(normal(3, 4)), kwargs={"p": 0.4}),
    ],
    "dropout1d": [
        Case(args(normal(2, 3, 4)), random=True, grad=FIXED),
        _fixed(ops.dropout1d, args(normal(2, 3, 4))),
    ],
    "dropout2d": [
        Case(args(normal(2, 3, 2, 2)), random=True, grad=FIXED),
        _fixed(ops.dropout2d, args(normal(2, 3, 2, 2))),
    ],
    "dropout3d": [
        Case(args(normal(1, 3, 2, 2, 2)), random=True, grad=FIXED),
        _fixed(ops.dropout3d, args(normal(1, 3, 2, 2, 2))),
    ],
    "sequence_mask": Case(args(integers(3, high=5), 4), grad=BOOL),
    "flash_attention_score": [
        Case(
            args(normal(1, 3, 4), normal(1, 3, 4), normal(1, 3, 4), 2),
            rtol=1e-4,
            atol=1e-5,
            label="BSH",
        ),
        # grouped-query attention (one key/value head), additive shift and a boolean mask
        Case(
            args(
                normal(1, 2, 3, 2),
                normal(1, 1, 3, 2),
                normal(1, 1, 3, 2),
                2,
                normal(1, 2, 3, 3),
                None,
                None,
                lambda r: r.random((1, 1, 3, 3)) < 0.3,
            ),
            kwargs={"input_layout": "BNSD", "scalar_value": 0.7},
            rtol=1e-4,
            atol=1e-5,
            label="BNSD_mask",
        ),
        Case(
            args(normal(1, 3, 4), normal(1, 3, 4), normal(1, 3, 4), 2),
            kwargs={"keep_prob": 0.6},
            random=True,
            label="dropout",
            grad="random mask: attention's gradient is checked in the BSH/BNSD cases and the "
            "masked rescaling's in dropout's fixed-key case (kept out for runtime)",
        ),
    ],
    "rotary_position_embedding": [
        Case(args(normal(1, 2, 3, 4), normal(1, 1, 3, 4), normal(1, 1, 3, 4))),
        Case(args(normal(1, 2, 3, 4), normal(1, 1, 3, 4), normal(1, 1, 3, 4), 1), label="pairs"),
    ],
}

# -- losses ----------------------------------------------------------------------------------
LOSS = {
    "binary_cross_entropy": Case(
        args(uniform(3, 4, low=0.1, high=0.9), uniform(3, 4, low=0.0, high=1.0), positive(3, 4))
    ),
    "binary_cross_entropy_with_logits": Case(
        args(normal(3, 4), uniform(3, 4, low=0.0, high=1.0), positive(3, 4), positive(4))
    ),
    "cosine_embedding_loss": Case(
        args(
            normal(3, 4),
            normal(3, 4),
            lambda r: np.where(r.random(3) < 0.5, -1, 1).astype(np.int32),
        ),
        kwargs={"margin": -0.9},
    ),
    "cross_entropy": [
        Case(
            args(normal(5, 4), integers(5, high=4), positive(4)),
            kwargs={"label_smoothing": 0.1},
            label="indices",
        ),
        Case(
            args(normal(2, 4, 3), _probs(2, 4, 3)),
            kwargs={"reduction": "sum"},
            label="probabilities",
        ),
    ],
    "ctc_loss": [
        Case(
            args(
                log_probs(5, 2, 4),
                integers(2, 2, low=1, high=4),
                lambda r: np.array([5, 4], np.int32),
                lambda r: np.array([2, 1], np.int32),
            ),
            grad="log_alpha holds -inf by design; loss-only case checks the gradient",
        ),
        Case(
            args(
                log_probs(5, 2, 4),
                integers(2, 2, low=1, high=4),
                lambda r: np.array([5, 4], np.int32),
                lambda r: np.array([2, 1], np.int32),
            ),
            fn=first(ops.ctc_loss),
            label="loss",
            jit="see full-output case",
            vmap="see full-output case",
        ),
    ],
    "gaussian_nll_loss": Case(
        args(normal(3, 4), normal(3, 4), positive(3, 4)), kwargs={"full": True}
    ),
    # targets are +-1 labels: moving one off +-1 leaves neither branch, so FD only on input
    "hinge_embedding_loss": Case(args(away(3, 4, kinks=(1.0,)), signs(3, 4)), grad=(0,)),
    "huber_loss": Case(args(normal(3, 4), normal(3, 4)), kwargs={"delta": 0.5}),
    "kl_div": Case(args(normal(3, 4), positive(3, 4)), kwargs={"reduction": "batchmean"}),
    "l1_loss": Case(args(normal(3, 4), normal(3, 4))),
    "margin_ranking_loss": Case(args(normal(4), normal(4), signs(4)), kwargs={"margin": 0.1}),
    "mse_loss": Case(args(normal(3, 4), normal(3, 4))),
    "mse_loss_ext": Case(args(normal(3, 4), normal(3, 4)), kwargs={"reduction": "sum"}),
    "multi_margin_loss": Case(args(normal(3, 4), integers(3, high=4), 2, 1.0, positive(4))),
    "multilabel_margin_loss": Case(args(normal(3, 4), _ml_target)),
    "multilabel_soft_margin_loss": Case(
        args(normal(3, 4), lambda r: (r.random((3, 4)) < 0.5).astype(np.float32), positive(4))
    ),
    "nll_loss": Case(
        args(log_probs(3, 4), integers(3, high=4), positive(4)), kwargs={"label_smoothing": 0.1}
    ),
    "smooth_l1_loss": Case(args(normal(3, 4), normal(3, 4)), kwargs={"beta": 0.5}),
    "soft_margin_loss": Case(args(normal(3, 4), signs(3, 4))),
    "triplet_margin_loss": Case(
        args(normal(3, 4), normal(3, 4), normal(3, 4)), kwargs={"swap": True, "margin": 2.0}
    ),
}

# -- convolution, pooling, padding, resampling, patches ---------------------------------------
CONV_TOL = {"rtol": 1e-4, "atol": 1e-5}  # float32 sums of products: XLA reassociates under jit


def _frac(nd, shape, out):
    op = ops.fractional_max_pool2d if nd == 2 else ops.fractional_max_pool3d

    def call(x, samples):
        return op(x, 2, output_size=out, _random_samples=samples)

    return call, args(normal(*shape), uniform(*shape[:2], nd, low=0.0, high=1.0))


_FRAC2, _FRAC2_ARGS = _frac(2, (1, 2, 5, 5), (3, 3))
_FRAC3, _FRAC3_ARGS = _frac(3, (1, 1, 4, 4, 4), (3, 3, 3))


def _norm_boxes(rng):
    """(3, 4) normalised crop boxes (y1, x1, y2, x2), some reaching past the image."""
    lo = rng.uniform(-0.2, 0.5, (3, 2))
    hi = lo + rng.uniform(0.3, 0.7, (3, 2))
    return np.concatenate([lo, hi], 1).astype(np.float32)


CONV = {
    "conv1d": Case(
        args(normal(2, 2, 5), normal(3, 2, 2), normal(3)),
        kwargs={"pad_mode": "pad", "padding": 1, "stride": 2},
        **CONV_TOL,
    ),
    "conv2d": Case(
        args(normal(1, 2, 5, 5), normal(4, 1, 2, 2), normal(4)),
        kwargs={"pad_mode": "pad", "padding": 1, "stride": 2, "dilation": 2, "groups": 2},
        **CONV_TOL,
    ),
    "deformable_conv2d": Case(
        args(normal(1, 2, 4, 4), normal(3, 2, 2, 2), normal(1, 12, 3, 3)),
        kwargs={"kernel_size": (2, 2), "strides": (1, 1, 1, 1), "padding": (0, 0, 0, 0)},
        # the offsets in x's dtype (the grad check widens x); they are read through floor(),
        # piecewise, so finite differences would straddle: x and weight are differentiated
        fn=lambda x, w, o, **kw: ops.deformable_conv2d(x, w, o.astype(x.dtype), **kw),
        grad=(0, 1),
        **CONV_TOL,
    ),
    "conv3d": Case(
        args(normal(1, 2, 3, 3, 3), normal(2, 2, 2, 2, 2), normal(2)),
        kwargs={"pad_mode": "same"},
        **CONV_TOL,
    ),
    "conv_transpose2d": Case(
        args(normal(1, 2, 3, 3), normal(2, 3, 2, 2), normal(3)),
        kwargs={"stride": 2, "padding": 1, "output_padding": 1},
        **CONV_TOL,
    ),
    "conv3d_transpose": Case(
        args(normal(1, 2, 2, 2, 2), normal(2, 2, 2, 2, 2)),
        kwargs={"stride": 2, "pad_mode": "same"},
        **CONV_TOL,
    ),
    "avg_pool1d": Case(
        args(normal(2, 2, 5)),
        kwargs={
            "kernel_size": 3,
            "stride": 2,
            "padding": 1,
            "ceil_mode": True,
            "count_include_pad": False,
        },
    ),
    "avg_pool2d": Case(
        args(normal(1, 2, 5, 5)), kwargs={"kernel_size": 2, "stride": 2, "ceil_mode": True}
    ),
    "avg_pool3d": Case(
        args(normal(1, 2, 3, 3, 3)), kwargs={"kernel_size": 2, "stride": 1, "divisor_override": 3}
    ),
    # reduce_window path; the return_indices path is max_pool3d's case
    "max_pool2d": Case(args(normal(1, 2, 5, 5), 3, 2, 1), kwargs={"ceil_mode": True}),
    "max_pool3d": Case(args(normal(1, 2, 3, 3, 3), 2, 1), kwargs={"return_indices": True}),
    "adaptive_avg_pool1d": Case(args(normal(2, 2, 5), 3)),
    "adaptive_avg_pool2d": Case(args(normal(1, 2, 5, 5), (3, None))),
    "adaptive_avg_pool2d_ext": Case(args(normal(1, 2, 5, 5), (2, 3))),
    "adaptive_avg_pool3d": Case(args(normal(1, 2, 3, 3, 3), 2)),
    "adaptive_max_pool1d": Case(args(normal(2, 2, 5), 3)),
    "adaptive_max_pool2d": Case(args(normal(1, 2, 5, 5), (3, 2), True)),
    "adaptive_max_pool3d": Case(args(normal(1, 2, 3, 3, 3), 2)),
    "lp_pool1d": Case(args(normal(2, 2, 6), 2, 2)),
    "lp_pool2d": Case(args(positive(1, 2, 4, 4), 3, 2), kwargs={"stride": 1}),
    "fractional_max_pool2d": [
        Case(
            args(normal(1, 2, 5, 5), 2),
            kwargs={"output_size": (3, 3), "return_indices": True},
            random=True,
            grad="see fixed-samples case",
        ),
        Case(_FRAC2_ARGS, fn=_FRAC2, grad=(0,), label="samples"),
    ],
    # the default-draw path is shared with fractional_max_pool2d's random case
    "fractional_max_pool3d": Case(_FRAC3_ARGS, fn=_FRAC3, grad=(0,)),
    "max_unpool1d": Case(args(normal(1, 2, 3), pool_indices(1, 2, (3,), (2,)), 2), grad=(0,)),
    "max_unpool2d": Case(
        args(normal(1, 2, 2, 2), pool_indices(1, 2, (2, 2), (2, 2)), 2), grad=(0,)
    ),
    "max_unpool3d": Case(
        args(normal(1, 1, 2, 2, 2), pool_indices(1, 1, (2, 2, 2), (2, 2, 2)), 2), grad=(0,)
    ),
    "pad": [
        Case(args(normal(2, 3, 4), (1, -1, 2, 0)), kwargs={"value": 0.5}, label="constant"),
        Case(args(normal(1, 2, 3, 4), (1, 2, 2, 1)), kwargs={"mode": "reflect"}, label="reflect"),
    ],
    "padding": Case(args(normal(3, 1), 4)),
    "mirror_pad": Case(
        args(normal(3, 4), np.array([[1, 1], [2, 1]], np.int32), "SYMMETRIC"), static=(1,)
    ),
    "interpolate": [
        Case(
            args(normal(1, 2, 3, 3)),
            kwargs={"size": (4, 6), "mode": "bilinear", "align_corners": True},
            label="bilinear",
            **CONV_TOL,
        ),
        Case(
            args(normal(1, 1, 3, 3)),
            kwargs={"scale_factor": 2.0, "mode": "bicubic"},
            label="bicubic",
            **CONV_TOL,
        ),
        Case(args(normal(2, 2, 5)), kwargs={"size": 7}, label="nearest"),
    ],
    "upsample": Case(
        args(normal(1, 2, 3, 3)), kwargs={"scale_factor": 2.0, "mode": "bilinear"}, **CONV_TOL
    ),
    "grid_sample": [
        Case(args(normal(1, 2, 4, 4), uniform(1, 3, 3, 2, low=-1.1, high=1.1)), **CONV_TOL),
        Case(
            args(normal(1, 2, 4, 4), uniform(1, 3, 3, 2, low=-1.3, high=1.3)),
            kwargs={"mode": "nearest", "padding_mode": "reflection", "align_corners": True},
            label="nearest_reflection",
        ),
    ],
    "affine_grid": Case(args(normal(2, 2, 3), (2, 1, 3, 4)), **CONV_TOL),
    "unfold": Case(args(normal(1, 2, 4, 4), 2), kwargs={"padding": 1, "stride": 2}),
    "fold": Case(args(normal(1, 8, 9), (4, 4), 2)),
    "col2im": Case(args(normal(1, 2, 4, 9), np.array([4, 4], np.int32), 2, 1, 0, 1), static=(1,)),
    "pixel_shuffle": Case(args(normal(1, 8, 2, 2), 2)),
    "pixel_unshuffle": Case(args(normal(1, 2, 4, 4), 2)),
    "channel_shuffle": Case(args(normal(1, 6, 2, 2), 3)),
}

# -- detection / vision ------------------------------------------------------------------------
VISION = {
    "bounding_box_encode": Case(args(boxes(4), boxes(4)), kwargs={"stds": (0.1, 0.1, 0.2, 0.2)}),
    "bounding_box_decode": Case(args(boxes(4), uniform(4, 4, low=-0.3, high=0.3), (20, 20))),
    "iou": Case(args(boxes(3), boxes(2))),
    "check_valid": Case(
        args(boxes(4, hi=12.0), lambda r: np.array([10.0, 10.0, 1.0], np.float32)), grad=BOOL
    ),
    "crop_and_resize": Case(
        args(normal(2, 5, 5, 2), _norm_boxes, integers(3, high=2), (3, 3)), **CONV_TOL
    ),
    "ctc_greedy_decoder": Case(
        args(normal(4, 2, 3), lambda r: np.array([4, 3], np.int32)),
        jit="data-dependent output shape (eager numpy decoding by design)",
        vmap="data-dependent output shape (eager numpy decoding by design)",
        grad="decoded indices are integers; the log-probability is computed in numpy",
    ),
}

SPECS = {**ACT, **NORM, **LOSS, **CONV, **VISION}
