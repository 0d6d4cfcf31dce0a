"""Inputs and statements MindSpore's graph compiler refuses while PyNative code runs them: each
case ``case(ms)`` (ms: the ``mindspore`` module, or msfunc) runs a small program in PYNATIVE_MODE
and GRAPH_MODE (and under ``jit``) and returns, per run, ``"ok <result type>"`` or the class of
the exception raised. gen_graph_refusals_golden.py records MindSpore 2.10's answers in
tests/golden/graph_refusals.json; tests/transforms/test_graph_refusals.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""


def _outcome(run):
    try:
        return f"ok {type(run()).__name__}"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def _in_modes(ms, runs):
    """{mode/run name: outcome} for each (name, zero-argument callable) of `runs`."""
    out = {}
    try:
        for mode_name in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode_name))
            for name, run in runs():
                out[f"{mode_name}/{name}"] = _outcome(run)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def _identity_cell(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            return x

    return Net()


def _self_holding_list():
    a = [1, 2]
    a.append(a)
    return a


def _mutual_lists():
    a, b = [1, 2, 3], [4, 5, 6]
    a[0], b[0] = b, a
    return (a,)


def _self_holding_dict():
    d = {"1": 1}
    d["2"] = d
    return d


def cyclic_arguments(ms):
    """A list or dict that contains itself, passed to a Cell and to a jit function."""

    def runs():
        net = _identity_cell(ms)
        fn = ms.jit(lambda x: x)
        for make in (_self_holding_list, _mutual_lists, _self_holding_dict):
            yield f"cell/{make.__name__}", lambda m=make: net(m())
            yield f"jit/{make.__name__}", lambda m=make: fn(m())
        yield "cell/nested_acyclic", lambda: net([[1, [2]], {"a": (3,)}])

    return _in_modes(ms, runs)


CASES = {
    "cyclic_arguments": cyclic_arguments,
}
