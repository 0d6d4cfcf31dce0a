"""Cell state: buffers, state_dict and its hooks, attribute-kind rules, Parameter names in
nested Cells (values checked against numpy; exception types as MindSpore 2.10 raises them)."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.common.parameter import _Buffer
from msfunc.compat.executors import _cell_graph_executor


def _t(*values):
    return ms.Tensor(np.array(values, np.float32))


class _Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.shift = _Buffer(_t(1, 2, 3))
        self.register_buffer("scale", _t(3, 4, 5))
        self.register_buffer("scratch", _t(9, 9, 9), persistent=False)
        self.register_buffer("unset", None)
        self.bias = ms.Parameter(_t(10, 20, 30), name="bias")

    def construct(self, x):
        return (x + self.shift) * self.scale + self.bias


class _Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = _Inner()
        self.offset = _Buffer(_t(6, 6, 6))
        self.gain = ms.Parameter(_t(2, 2, 2), name="gain")

    def construct(self, x):
        return self.inner(x) * self.gain - self.offset


def _expected(x):
    return ((x + np.array([1, 2, 3])) * np.array([3, 4, 5]) + np.array([10, 20, 30])) * 2 - 6


@pytest.mark.parametrize("compiled", [False, True])
def test_buffers_are_registered_and_used(compiled):
    net = _Outer()
    assert [k for k, _ in net.named_buffers()] == [
        "offset",
        "inner.shift",
        "inner.scale",
        "inner.scratch",
    ]
    assert list(net.inner._buffers) == ["shift", "scale", "scratch", "unset"]
    assert [p.name for p in net.trainable_params()] == ["gain", "inner.bias"]
    np.testing.assert_array_equal(net.get_buffer("inner.scale").asnumpy(), [3, 4, 5])
    x = np.array([2.0, 2.0, 2.0], np.float32)
    call = ms.jit(net) if compiled else net
    np.testing.assert_allclose(call(ms.Tensor(x)).asnumpy(), _expected(x))


def test_buffer_errors_and_deletion():
    net = _Outer()
    with pytest.raises(TypeError, match="string"):
        net.register_buffer(2, _t(1))
    with pytest.raises(KeyError):
        net.register_buffer("a.b", _t(1))
    with pytest.raises(KeyError):
        net.register_buffer("gain", _t(1))  # already a Parameter attribute
    with pytest.raises(TypeError):
        net.register_buffer("c", 5)
    with pytest.raises(AttributeError, match="has no attribute"):
        net.get_buffer("missing")
    with pytest.raises(AttributeError, match="not a buffer"):
        net.get_buffer("gain")
    with pytest.raises(TypeError):
        net.offset = 3  # a buffer takes Tensors or None
    net.offset = _t(1, 1, 1)  # still a buffer
    assert "offset" in net._buffers
    del net.offset
    assert "offset" not in net._buffers
    with pytest.raises(ValueError):
        _Buffer(None)
    with pytest.raises(TypeError):
        _Buffer(np.ones(2))


def test_state_dict_round_trip_through_a_checkpoint(tmp_path):
    net = _Outer()
    net.gain.set_data(_t(5, 6, 7))
    net.inner.scale = _t(-1, -2, -3)
    state = net.state_dict()
    assert list(state) == ["gain", "offset", "inner.bias", "inner.shift", "inner.scale"]
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(state, path)
    other = _Outer()
    result = other.load_state_dict(ms.load_checkpoint(path))
    assert result.missing_keys == [] and result.unexpected_keys == []
    for key, value in other.state_dict().items():
        np.testing.assert_array_equal(value.asnumpy(), state[key].asnumpy(), err_msg=key)
    assert isinstance(other.gain, ms.Parameter) and "scale" in other.inner._buffers


def test_load_state_dict_strict_and_loose():
    net = _Outer()
    with pytest.raises(RuntimeError, match="missing keys: .*inner.bias"):
        net.load_state_dict({"gain": _t(1, 1, 1)})
    np.testing.assert_array_equal(net.gain.asnumpy(), [2, 2, 2])  # nothing loaded
    result = net.load_state_dict({"gain": _t(1, 1, 1), "extra": _t(0)}, strict=False)
    assert result.unexpected_keys == ["extra"] and "offset" in result.missing_keys
    np.testing.assert_array_equal(net.gain.asnumpy(), [1, 1, 1])


def test_state_dict_hooks_get_their_arguments():
    calls = []
    net = _Outer()
    net.register_state_dict_pre_hook(lambda c, prefix, keep: calls.append(("pre", prefix)))
    handle = net.inner.register_state_dict_post_hook(
        lambda c, sd, prefix, meta: calls.append(("post", prefix, "inner.bias" in sd))
    )
    net.register_load_state_dict_pre_hook(
        lambda c, sd, prefix, meta, strict, missing, unexpected, errors: calls.append(
            ("load_pre", strict, len(missing))
        )
    )
    net.register_load_state_dict_post_hook(
        lambda c, keys: calls.append(("load_post", tuple(keys.unexpected_keys)))
    )
    net.load_state_dict(net.state_dict())
    assert calls == [
        ("pre", ""),
        ("post", "inner.", True),
        ("load_pre", True, 0),
        ("load_post", ()),
    ]
    handle.remove()
    calls.clear()
    net.state_dict()
    assert calls == [("pre", "")]


def test_attribute_kinds_are_kept():
    net = _Outer()
    net.gain = None
    with pytest.raises(KeyError):
        net.gain = nn.ReLU()  # a Parameter's name cannot take a Cell
    net.inner = None
    with pytest.raises(TypeError):
        net.inner = _t(1)  # a Cell's name takes a Cell or None
    with pytest.raises(KeyError):
        net.inner = ms.Parameter(_t(1), name="p")
    net.inner = _Inner()
    assert [p.name for p in net.trainable_params()] == ["inner.bias"]


def test_init_must_run_before_state_and_calls():
    class Early(nn.Cell):
        def __init__(self):
            self.w = ms.Parameter(_t(1), name="w")
            super().__init__()

    class NoSuper(nn.Cell):
        def __init__(self):
            self.a = 1

        def construct(self):
            return self.a

    with pytest.raises(AttributeError, match="super"):
        Early()
    with pytest.raises(AttributeError, match=r"super\(\).__init__\(\)"):
        NoSuper()()
    with pytest.raises(AttributeError, match="construct"):
        nn.Cell()(1)


def test_parameter_names_without_auto_prefix_and_check_names():
    class Leaf(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(_t(1), name="weight")

    class Pair(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b = Leaf(), Leaf()

    class Flat(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.a, self.b, self.pair = Leaf(), Leaf(), Pair()

        def construct(self, x):
            return x

    flat = Flat()
    assert list(flat.parameters_dict()) == ["weight", "a.weight", "b.weight"]
    with pytest.raises(ValueError, match="weight"):
        _cell_graph_executor.compile(flat, _t(1))
    Pair().check_names()  # prefixed names: no clash
