"""What a few ops accept and compute at their edges: Unique's rank, hypot's dtypes and
rounding, an empty ``set_inputs()``. ``CASES[name](ms)`` (ms: the ``mindspore`` module, or
msfunc's alias of it) returns JSON data: an exception's type name, or the values.
gen_op_input_rules_golden.py records MindSpore 2.10's answers in
tests/golden/op_input_rules.json; tests/ops/test_op_input_rules.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""


def _outcome(fn):
    def case(ms):
        import numpy as np

        try:
            out = fn(ms, np)
            if isinstance(out, tuple):
                return [o.asnumpy().tolist() for o in out]
            return None if out is None else out.asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001  (the type is the answer)
            return type(exc).__name__

    return case


def _hypot_pair(np):
    x = np.array([5.0, 3.0, 1e-30, 1e30, 0.0, -7.5], np.float32)
    y = np.array([12.0, 4.0, 1e-30, 1e30, 0.0, 2.25], np.float32)
    return x, y


def _hypot_random(ms, np):
    rng = np.random.RandomState(0)
    x = (rng.randn(64) * 10).astype(np.float32)
    y = (rng.randn(64) * 10).astype(np.float32)
    return ms.ops.hypot(ms.Tensor(x), ms.Tensor(y))


def _hypot_grad(ms, np):
    x, y = _hypot_pair(np)
    f = ms.grad(lambda a, b: ms.ops.hypot(a, b).sum(), (0, 1))
    return f(ms.Tensor(x[:2]), ms.Tensor(y[:2]))


def _set_inputs_empty(mode):
    def case(ms, np):
        class Twice(ms.nn.Cell):
            def construct(self, x):
                return x * 2

        ms.set_context(mode=mode(ms))
        try:
            net = Twice()
            net.set_inputs()
            return net(ms.Tensor(np.ones(2, np.float32)))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    return case


CASES = {
    "unique_primitive_2d": _outcome(
        lambda ms, np: ms.ops.Unique()(ms.Tensor(np.array([[1, 2], [2, 3]], np.int32)))
    ),
    "unique_primitive_0d": _outcome(lambda ms, np: ms.ops.Unique()(ms.Tensor(np.int32(3)))),
    "unique_function_2d": _outcome(
        lambda ms, np: ms.ops.unique(ms.Tensor(np.array([[1, 2], [2, 3]], np.int32)))
    ),
    "hypot_float32": _outcome(
        lambda ms, np: ms.ops.hypot(*(ms.Tensor(v) for v in _hypot_pair(np)))
    ),
    "hypot_float32_random": _outcome(_hypot_random),
    "hypot_float64": _outcome(
        lambda ms, np: ms.ops.hypot(*(ms.Tensor(v.astype(np.float64)) for v in _hypot_pair(np)))
    ),
    "hypot_mixed": _outcome(
        lambda ms, np: ms.ops.hypot(ms.Tensor(np.float32([5.0])), ms.Tensor(np.float64([12.0])))
    ),
    "hypot_float16": _outcome(
        lambda ms, np: ms.ops.hypot(*(ms.Tensor(v[:2].astype(np.float16)) for v in _hypot_pair(np)))
    ),
    "hypot_int32": _outcome(
        lambda ms, np: ms.ops.hypot(ms.Tensor(np.int32([5])), ms.Tensor(np.int32([12])))
    ),
    "hypot_primitive_float16": _outcome(
        lambda ms, np: ms.ops.Hypot()(ms.Tensor(np.float16([5.0])), ms.Tensor(np.float16([12.0])))
    ),
    "hypot_method": _outcome(
        lambda ms, np: ms.Tensor(np.float32([5.0, 3.0])).hypot(ms.Tensor(np.float32([12.0, 4.0])))
    ),
    "hypot_grad": _outcome(_hypot_grad),
    "set_inputs_empty_pynative": _outcome(_set_inputs_empty(lambda ms: ms.PYNATIVE_MODE)),
    "set_inputs_empty_graph": _outcome(_set_inputs_empty(lambda ms: ms.GRAPH_MODE)),
}
