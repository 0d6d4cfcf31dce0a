"""``mindspore.ops._utils.get_broadcast_shape`` (the shape helper custom primitives' infer_shape
calls): each case ``case(ms)`` returns JSON data, an error as its exception class name.
gen_broadcast_shape_golden.py records MindSpore 2.10's answers in tests/golden/broadcast_shape.json;
tests/compat/test_broadcast_shape.py runs the same cases with `import mindspore` answered by
msfunc. No top-level import of MindSpore or msfunc.
"""

import importlib

_PAIRS = [
    ([2, 3], [2, 3]),
    ([4, 1, 3], [5, 1]),
    ([1], [3, 4]),
    ([3, 4], [4]),
    ([-1, 3], [2, 1]),
    ([-1], [5]),
    ([5], [-1]),
    ([-1], [1]),
    ([1], [-1]),
    ([-1, 2], [-1, 1]),
    ([-1], [0]),
    ([-2], [3, 4]),
    ([2, 3], [-2]),
    ([], [3]),
    ([2, 3], [3, 2]),
    ([4], [5, 3]),
]


def _answer(fn, *args):
    try:
        return fn(*args)
    except Exception as exc:  # the class alone: the wording is each framework's own
        return type(exc).__name__


def pairs(ms):
    """The broadcast of each pair of shapes (lists, as MindSpore's infer_shape passes them)."""
    del ms
    fn = importlib.import_module("mindspore.ops._utils").get_broadcast_shape
    return [_answer(fn, x, y, "Op") for x, y in _PAIRS]


def names_required(ms):
    """The primitive's name is a required argument: two shapes alone are a TypeError."""
    del ms
    fn = importlib.import_module("mindspore.ops._utils").get_broadcast_shape
    return [_answer(fn, [2, 3], [3]), _answer(fn, [2, 3], [3], "Op", "a", "b")]


CASES = {"pairs": pairs, "names_required": names_required}
