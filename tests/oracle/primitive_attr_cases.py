"""The attributes primitives and the layers holding them keep as MindSpore normalises them:
each case ``case(ms)`` (ms: the ``mindspore`` module, or msfunc) returns JSON data (attribute
values, or the exception class). gen_primitive_attrs_golden.py records MindSpore 2.10's answers
in tests/golden/primitive_attrs.json; tests/ops/test_primitive_attrs.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""


def _axis(make):
    try:
        return list(make().axis)
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def softmax(ms):
    """ops.Softmax keeps its axis as a tuple; nn.Softmax holds one as ``softmax``."""
    ops, nn = ms.ops, ms.nn
    out = {
        f"ops.Softmax({arg!r})": _axis(lambda a=arg: ops.Softmax(*a))
        for arg in [(), (1,), (-2,), ((0, 1),), ([1],), (1.0,), (True,)]
    }
    out.update(
        {
            f"nn.Softmax({arg!r}).softmax": _axis(lambda a=arg: nn.Softmax(*a).softmax)
            for arg in [(), (1,), ((0, 1),)]
        }
    )
    out["nn.LogSoftmax(1) holds log_softmax"] = hasattr(nn.LogSoftmax(1), "log_softmax")
    return out


CASES = {"softmax": softmax}
