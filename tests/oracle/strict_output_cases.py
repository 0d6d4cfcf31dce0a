"""Dict outputs of a GRAPH_MODE Cell at the STRICT syntax level (``set_context``, `JitConfig`,
the environment variable ``MS_DEV_JIT_SYNTAX_LEVEL``) and what `mutable` hands back
(``__ms_origin_object__``): each case ``case(ms)`` returns JSON data.
gen_strict_output_golden.py records MindSpore 2.10's answers in tests/golden/strict_output.json;
tests/compat/test_strict_output.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

import os

import numpy as np


def _describe(value):
    if isinstance(value, dict):
        return {"dict": {k: _describe(v) for k, v in value.items()}}
    if isinstance(value, (tuple, list)):
        return {type(value).__name__: [_describe(v) for v in value]}
    return np.asarray(value.asnumpy()).tolist()


def _net(ms):
    from mindspore import nn

    class Net(nn.Cell):
        def construct(self, x):
            return {"a": x * 2, "b": (x, {"c": x + 1})}

    return Net


def levels(ms):
    """The output under each context level, a JitConfig over the context, the variable."""
    net, x, out = _net(ms), ms.Tensor(np.array([1.0], np.float32)), {}
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for level in ("LAX", "STRICT"):
            ms.set_context(jit_syntax_level=getattr(ms, level))
            out[level] = _describe(net()(x))
        cell = net()
        cell.set_jit_config(ms.JitConfig(jit_syntax_level="LAX"))
        out["config_lax_over_strict"] = _describe(cell(x))
        ms.set_context(jit_syntax_level=ms.LAX)
        for env in ("0", "2"):
            os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = env
            out[f"env_{env}"] = _describe(net()(x))
    finally:
        os.environ.pop("MS_DEV_JIT_SYNTAX_LEVEL", None)
        ms.set_context(jit_syntax_level=ms.LAX, mode=ms.PYNATIVE_MODE)
    ms.set_context(jit_syntax_level=ms.STRICT)
    out["pynative_strict"] = _describe(net()(x))
    ms.set_context(jit_syntax_level=ms.LAX)
    return out


def grad_of_mutable_dict(ms):
    """GradOperation with respect to a mutable dict, at the STRICT and LAX levels."""
    from mindspore import nn, ops

    class Net(nn.Cell):
        def construct(self, t):
            return ops.matmul(t["a"][0], t["b"])

    class Grad(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net, self.grad = net, ops.GradOperation()

        def construct(self, t):
            return self.grad(self.net)(t)

    a = np.array([[0.5, 0.6], [1.2, 1.3]], np.float32)
    b = np.array([[0.25, 0.5], [1.0, 2.0]], np.float32)
    out = {}
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for level in ("STRICT", "LAX"):
            ms.set_context(jit_syntax_level=getattr(ms, level))
            t = ms.mutable({"a": (ms.Tensor(a), ms.Tensor(a)), "b": ms.Tensor(b)})
            out[level] = _describe(Grad(Net())(t))
    finally:
        ms.set_context(jit_syntax_level=ms.LAX, mode=ms.PYNATIVE_MODE)
    return out


def mutable_origin(ms):
    """`mutable` of a Tensor is the Tensor; containers name what they were made from."""
    x = ms.Tensor([1.0])
    t, items, d = (x, x), [x], {"k": x}
    out = [ms.mutable(x) is x, ms.mutable(x).__ms_origin_object__ is x]
    for value in (t, items, d):
        marked = ms.mutable(value)
        out.append([marked.__ms_origin_object__ is value, marked is value])
    return out


CASES = {
    "levels": levels,
    "grad_of_mutable_dict": grad_of_mutable_dict,
    "mutable_origin": mutable_origin,
}
