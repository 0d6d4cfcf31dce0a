"""Example table (runner self-check)."""

from _sweep import Case

from sweep_specs._gen import args, integers, normal, positive

SPECS = {
    "sin": Case(args(normal(3, 4))),
    "log": Case(args(positive(3, 4))),
    "matmul": Case(args(normal(3, 4), normal(4, 2)), rtol=1e-4, atol=1e-5),
    "argmax": Case(args(normal(3, 4)), kwargs={"dim": 1}, grad="integer output"),
    "gather": Case(args(normal(5, 3), integers(4, high=5), 0), grad=(0,)),
    "concat": Case(args(lambda r: [normal(2, 3)(r), normal(1, 3)(r)])),
    "rand": Case(args((3, 4)), random=True, grad="random draw", vmap="no array argument"),
    "normal": Case(args((3,), normal(3), positive(3)), random=True, grad="random draw"),
}
