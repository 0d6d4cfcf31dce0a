"""Sweep table for msfunc.ops' random ops (draws from the global seeded key)."""

from _sweep import Case

from msfunc.common import dtype as mstype
from msfunc.ops import func_random as R
from msfunc.ops import func_sampling as S
from sweep_specs._gen import args, integers, normal, positive
from sweep_specs.specs_nn import at_fixed_key  # (a sample: a function of its parameters)

NO_ARRAY = "no array argument to map (shape-only creation)"
INTEGER = "integer or boolean samples"
DISCRETE = "discrete samples: not differentiable"


def _probs(rng):
    return rng.uniform(0.2, 1.0, (2, 5)).astype("float32")


SPECS = {
    "rand": Case(args(3, 4), random=True, vmap=NO_ARRAY, grad="no float input"),
    "rand_like": Case(args(normal(3, 4)), random=True, grad="output independent of the input"),
    "randn": Case(args(3, 4), random=True, vmap=NO_ARRAY, grad="no float input"),
    "randn_like": Case(args(normal(3, 4)), random=True, grad="output independent of the input"),
    "randint": Case(args(0, 10, (3, 4)), random=True, vmap=NO_ARRAY, grad=INTEGER),
    "randint_like": Case(args(integers(3, 4), 0, 10), random=True, grad=INTEGER),
    "normal": [
        Case(args((3, 2), normal(3, 2), positive(3, 2)), random=True, grad="see fixed-key case"),
        Case(
            args((3, 2), normal(3, 2), positive(3, 2)),
            fn=at_fixed_key(R.normal),
            label="fixed_key",
            jit="see random case",
            vmap="see random case",
        ),
    ],
    "uniform": [
        Case(
            args((3, 2), normal(3, 2), lambda r: 3 + r.random((3, 2)).astype("float32")),
            random=True,
            grad="see fixed-key case",
        ),
        Case(
            args((3, 2), normal(3, 2), lambda r: 3 + r.random((3, 2)).astype("float32")),
            fn=at_fixed_key(R.uniform),
            label="fixed_key",
            jit="see random case",
            vmap="see random case",
            kwargs={"dtype": mstype.float64},
        ),  # float32 FD: noise
    ],
    "standard_normal": Case(args((3, 4)), random=True, vmap=NO_ARRAY, grad="no float input"),
    "standard_laplace": Case(args((3, 4)), random=True, vmap=NO_ARRAY, grad="no float input"),
    "laplace": [
        Case(args((3, 2), normal(3, 2), positive(3, 2)), random=True, grad="see fixed-key case"),
        Case(
            args((3, 2), normal(3, 2), positive(3, 2)),
            fn=at_fixed_key(R.laplace),
            label="fixed_key",
            jit="see random case",
            vmap="see random case",
        ),
    ],
    "bernoulli": Case(
        args(normal(3, 4), positive(3, 4, low=0.2, high=0.8)), random=True, grad=DISCRETE
    ),
    "multinomial": Case(args(_probs, 3), random=True, grad=DISCRETE),
    "multinomial_with_replacement": Case(args(_probs, 0, 0, 3, True), random=True, grad=DISCRETE),
    "random_categorical": Case(args(normal(2, 5), 4), random=True, grad=DISCRETE),
    "random_gamma": [
        Case(args((3,), positive(2)), random=True, grad="see fixed-key case"),
        # jax differentiates gamma samples implicitly (holding the CDF value fixed), not
        # along the fixed-key sampler's path: ~1.5% apart here; the exact implicit
        # gradient is checked against scipy in test_sweep_random.py.
        Case(
            args((3,), positive(2, low=1.0, high=3.0)),
            fn=at_fixed_key(S.random_gamma),
            label="fixed_key",
            jit="see random case",
            vmap="see random case",
            grad_rtol=3e-2,
        ),
    ],
    "gamma": [
        Case(args((3, 2), positive(3, 2), positive(3, 2)), random=True, grad="see fixed-key case"),
        Case(
            args((3, 2), positive(3, 2, low=1.0, high=3.0), positive(3, 2)),
            fn=at_fixed_key(S.gamma),
            label="fixed_key",
            jit="see random case",
            vmap="see random case",
            grad_rtol=3e-2,
        ),
    ],
    "random_poisson": Case(args((3,), positive(2, low=1.0, high=4.0)), random=True, grad=DISCRETE),
    "poisson": Case(args((3, 2), positive(3, 2, low=1.0, high=4.0)), random=True, grad=DISCRETE),
    "shuffle": Case(
        args(normal(6, 2)),
        random=True,
        grad="a permutation: gradient is the inverse permutation, checked in test_ops_random",
    ),
    "randperm": Case(args(6), random=True, vmap=NO_ARRAY, grad=INTEGER),
    "choice_with_mask": Case(
        args(lambda r: r.random((4, 3)) < 0.5), kwargs={"count": 5}, random=True, grad=INTEGER
    ),
    "log_uniform_candidate_sampler": Case(
        args(integers(3, 1, high=5)),
        kwargs={"num_sampled": 4, "range_max": 8},
        random=True,
        grad="integer inputs",
    ),
    "uniform_candidate_sampler": Case(
        args(integers(3, 1, high=5), 1, 4, True, 8), random=True, grad="integer inputs"
    ),
}
