"""Parameter names of Cells built in steps, name clashes, and Dense/MatMul input checks, as in
MindSpore 2.10 (tests/oracle/gen_cell_naming_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn, ops
from msfunc.compat import alias_mindspore, unalias_mindspore

GOLDEN = json.loads((TESTS / "golden" / "cell_naming.json").read_text())


def dense(n_in=2, n_out=2):
    return nn.Dense(n_in, n_out, weight_init="ones", bias_init="zeros")


class Appended(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense(), dense()])
        self.layers.append(dense())
        self.layers.insert(0, dense())
        self.layers.extend([dense()])
        self.layers[1] = dense()
        self.seq = nn.SequentialCell([dense()])
        self.seq.append(dense())


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense()])


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.block.layers.append(dense())
        self.empty = nn.CellList()
        self.empty.append(dense())  # an empty list has no prefix to follow (MindSpore: '0.')


class TwoW(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        self.b = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")

    def construct(self, x):
        return x * self.a * self.b


class Slotted(nn.Cell):
    __slots__ = ("weights", "scale")

    def __init__(self, n):
        super().__init__()
        self.scale = 2.0
        self.weights = ms.Parameter(ms.Tensor(np.arange(n, dtype=np.float32)))


class HoldsSlotted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Slotted(3)
        self.b = Slotted(2)


def test_slot_attributes_of_a_cell_are_its_parameters_and_settings():
    want = GOLDEN["names"]["slotted"]
    net = HoldsSlotted()
    got = {k: v.asnumpy().tolist() for k, v in net.parameters_dict().items()}
    assert got == want["before"]
    grads = ms.grad(
        lambda x: (net.a.weights * x).sum() + net.b.weights.sum(), None, net.trainable_params()
    )(ms.Tensor(np.ones(3, np.float32)))
    assert [g.asnumpy().tolist() for g in grads] == [[1.0, 1.0, 1.0], [1.0, 1.0]]
    net.a.weights = ms.Parameter(ms.Tensor(np.ones(1, np.float32)))
    assert [p.name for p in net.trainable_params()] == want["after"]
    assert net.a.scale == want["scale"]


def test_cells_added_after_assignment_take_the_list_prefix():
    assert [p.name for p in Appended().trainable_params()] == GOLDEN["names"]["appended"]
    assert [p.name for p in Outer().trainable_params()] == GOLDEN["names"]["nested"]


def test_two_parameters_of_one_name_raise_naming_both(tmp_path):
    with pytest.raises(ValueError, match=r"'w'.*'TwoW\.a' and 'TwoW\.b'") as info:
        nn.SGD(TwoW().trainable_params(), 0.1)
    assert type(info.value).__name__ == GOLDEN["names"]["duplicate_optimizer_error"]
    with pytest.raises(ValueError, match="attributes 'a' and 'b'"):
        ms.save_checkpoint(TwoW(), str(tmp_path / "w.ckpt"))
    shared = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="s")
    assert len(ms.ParameterTuple([shared, shared])) == 2  # one Parameter twice is no clash


@pytest.fixture
def mindspore_program():
    """Run as a MindSpore program: `import mindspore` answered by msfunc."""
    alias_mindspore()
    yield
    unalias_mindspore()


def test_dense_and_matmul_refuse_other_dtypes_and_shapes(mindspore_program):
    want = GOLDEN["strictness"]
    d = dense(3, 2)
    for key, x in (
        ("dense_float64", np.ones((1, 3))),
        ("dense_float16", np.ones((1, 3), np.float16)),
        ("dense_int32", np.ones((1, 3), np.int32)),
    ):
        with pytest.raises(TypeError, match="Dense: `x` must have the weight's dtype") as info:
            d(ms.Tensor(x))
        assert type(info.value).__name__ == want[key]
    with pytest.raises(ValueError, match="in_channels=3") as info:
        d(ms.Tensor(np.ones((1, 4), np.float32)))
    assert type(info.value).__name__ == want["dense_shape"]
    with pytest.raises(TypeError, match="MatMul") as info:
        ops.MatMul()(ms.Tensor(np.ones((1, 3))), ms.Tensor(np.ones((3, 2), np.float32)))
    assert type(info.value).__name__ == want["matmul_float64"]
    assert list(d(ms.Tensor(np.ones((4, 2, 3), np.float32))).shape) == want["dense_3d_shape"]
    # to_float casts inputs and weights alike: no dtype clash inside
    assert d.to_float(ms.float16)(ms.Tensor(np.ones((1, 3), np.float32))).dtype == np.float16
    unalias_mindspore()  # msfunc's own API promotes, as jnp.matmul does
    assert dense(3, 2)(ms.Tensor(np.ones((1, 3)))).dtype == np.float64


def _held(kind):
    # (tests/oracle/gen_cell_naming_golden.py builds the same layouts in MindSpore)
    def param(name=None):
        return ms.Parameter(ms.Tensor(np.ones(1, np.float32)), name=name)

    shared = param("s")
    layouts = {
        "tuple_then_list": [("t", (param("a"), param())), ("u", [param("a")])],
        "within_one_tuple": [("t", (param("a"), param("a")))],
        "one_object_twice": [("t", (shared,)), ("u", [shared])],
        "direct_then_tuple": [("p", param("a")), ("t", (param("a"),))],
        "replaced_attribute": [("t", (param("a"),)), ("t", (param("a"),))],
        "dict_then_list": [("t", {"k": param("a")}), ("u", [param("a")])],
    }
    cell = nn.Cell()
    for attr, value in layouts[kind]:
        setattr(cell, attr, value)


@pytest.mark.parametrize("kind", sorted(GOLDEN["sequence_names"]))
def test_parameter_names_in_tuple_and_list_attributes(kind):
    want = GOLDEN["sequence_names"][kind]
    if want is None:
        _held(kind)
    else:
        assert want == "ValueError"
        with pytest.raises(ValueError, match="already held"):
            _held(kind)
