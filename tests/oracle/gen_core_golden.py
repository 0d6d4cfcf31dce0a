"""Golden values from real MindSpore 2.10 for msfunc's core conventions (tests/golden/core.json).

Run with MindSpore's own interpreter, from a scratch directory::

    cd /tmp/msrun && GLOG_v=3 /tmp/msenv/bin/python /work/main/tests/oracle/gen_core_golden.py

Every scenario below is a function ``scenario(ms, nn, ops, mnp, rec)`` whose body is an
ordinary MindSpore program; ``tests/test_golden_core.py`` runs the very same functions with
``ms = msfunc`` and compares.  ``rec(name, thunk)`` evaluates one case and records its
result (values *and* Python structure) or the exception it raised.  This module must not
import MindSpore (or msfunc) at top level: the msfunc test imports it.
"""

import json
import os
import sys
from collections import OrderedDict

import numpy as np

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden",
                           "core.json")


# --------------------------------------------------------------------------- codec
def encode(obj, ms):
    """JSON-able description of `obj`: arrays with dtype/shape/values, containers kept."""
    if obj is None:
        return {"t": "none"}
    if isinstance(obj, (bool, np.bool_)) and not hasattr(obj, "shape"):
        return {"t": "bool", "v": bool(obj)}
    if isinstance(obj, int) and not isinstance(obj, bool):
        return {"t": "int", "v": obj}
    if isinstance(obj, float):
        return {"t": "float", "v": obj}
    if isinstance(obj, str):
        return {"t": "str", "v": obj}
    if isinstance(obj, ms.Parameter):
        out = _encode_array(obj)
        out.update(t="param", name=obj.name, requires_grad=bool(obj.requires_grad))
        return out
    if isinstance(obj, (ms.Tensor, np.ndarray, np.generic)) or hasattr(obj, "__array__"):
        return _encode_array(obj)
    if isinstance(obj, tuple):
        return {"t": "tuple", "items": [encode(i, ms) for i in obj]}
    if isinstance(obj, list):
        return {"t": "list", "items": [encode(i, ms) for i in obj]}
    if isinstance(obj, dict):
        return {"t": "dict", "keys": [str(k) for k in obj],
                "items": [encode(v, ms) for v in obj.values()]}
    return {"t": "other", "type": type(obj).__name__}


def _encode_array(x):
    arr = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    if arr.dtype.kind == "c":
        vals = [arr.real.tolist(), arr.imag.tolist()]
    else:
        vals = arr.tolist()
    return {"t": "tensor", "dtype": arr.dtype.name, "shape": list(arr.shape), "v": vals}


def make_recorder(ms, sink):
    """A ``rec(name, thunk)`` that stores encoded results (or errors) into `sink`."""

    def rec(name, thunk):
        try:
            sink[name] = encode(thunk(), ms)
        except Exception as exc:  # noqa: BLE001 - recording the failure is the point
            sink[name] = {"t": "error", "error_type": type(exc).__name__,
                          "error": str(exc).strip().splitlines()[0][:300] if str(exc) else ""}
        return sink[name]

    return rec


# --------------------------------------------------------------------------- fixed data
def f32(a):
    return np.array(a, dtype=np.float32)


X3 = f32([0.5, -1.0, 2.0])
Y3 = f32([1.5, 0.25, -0.75])
Z3 = f32([-2.0, 3.0, 0.5])
W_DENSE = f32([[0.1, -0.2, 0.3, -0.4, 0.5],
               [0.05, 0.15, -0.25, 0.35, -0.45],
               [-0.3, 0.2, 0.1, 0.0, -0.1]])
B_DENSE = f32([0.01, -0.02, 0.03])
DATA = f32([[0.2, -0.5, 1.0, 0.3, -1.2],
            [1.1, 0.4, -0.7, 0.9, 0.0],
            [-0.6, 0.8, 0.25, -1.5, 0.5],
            [0.0, -0.3, 0.6, 1.2, -0.9]])
LABEL = f32([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]])


# --------------------------------------------------------------------------- scenarios
def s01_nested_grad_tanh(ms, nn, ops, mnp, rec):
    x = ms.Tensor(2.0, ms.float32)
    d1 = ms.grad(mnp.tanh)
    d2 = ms.grad(d1)
    d3 = ms.grad(d2)
    rec("depth1", lambda: d1(x))
    rec("depth2", lambda: d2(x))
    rec("depth3", lambda: d3(x))


def _xyz_net(ms, nn):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([1.0, -2.0, 0.5])), name="w")
            self.b = ms.Parameter(ms.Tensor(0.3, ms.float32), name="b")

        def construct(self, x, y, z):
            return (x * y * z * self.w).sum() + self.b * x.sum()

    return Net()


def s02_grad_options(ms, nn, ops, mnp, rec):
    net = _xyz_net(ms, nn)
    x, y, z = ms.Tensor(X3), ms.Tensor(Y3), ms.Tensor(Z3)
    params = net.trainable_params()
    rec("param_names", lambda: [p.name for p in params])
    rec("forward", lambda: net(x, y, z))
    rec("pos0", lambda: ms.grad(net, grad_position=0)(x, y, z))
    rec("pos02", lambda: ms.grad(net, grad_position=(0, 2))(x, y, z))
    rec("pos_tuple1", lambda: ms.grad(net, grad_position=(1,))(x, y, z))
    rec("weights_only", lambda: ms.grad(net, None, params)(x, y, z))
    rec("pos01_weights", lambda: ms.grad(net, (0, 1), params)(x, y, z))
    rec("pos0_weights", lambda: ms.grad(net, 0, params)(x, y, z))
    rec("weights_single_param", lambda: ms.grad(net, None, net.b)(x, y, z))
    rec("weights_list", lambda: ms.grad(net, None, [net.w, net.b])(x, y, z))
    rec("weights_tuple_one", lambda: ms.grad(net, None, (net.w,))(x, y, z))
    rec("pos0_single_param", lambda: ms.grad(net, 0, net.w)(x, y, z))
    rec("vg_pos0", lambda: ms.value_and_grad(net, grad_position=0)(x, y, z))
    rec("vg_pos02", lambda: ms.value_and_grad(net, grad_position=(0, 2))(x, y, z))
    rec("vg_weights", lambda: ms.value_and_grad(net, None, params)(x, y, z))
    rec("vg_pos01_weights", lambda: ms.value_and_grad(net, (0, 1), params)(x, y, z))

    def with_aux(x, y, z):
        loss = net(x, y, z)
        return loss, x * 2, y + 1

    rec("aux_grad", lambda: ms.grad(with_aux, 0, has_aux=True)(x, y, z))
    rec("aux_grad_pos01", lambda: ms.grad(with_aux, (0, 1), has_aux=True)(x, y, z))
    rec("aux_grad_weights", lambda: ms.grad(with_aux, None, params, has_aux=True)(x, y, z))
    rec("aux_vg", lambda: ms.value_and_grad(with_aux, 0, has_aux=True)(x, y, z))
    rec("aux_vg_pos01_weights",
        lambda: ms.value_and_grad(with_aux, (0, 1), params, has_aux=True)(x, y, z))

    def one_aux(x, y, z):
        return net(x, y, z), z * 3

    rec("aux1_grad", lambda: ms.grad(one_aux, 0, has_aux=True)(x, y, z))
    rec("aux1_vg", lambda: ms.value_and_grad(one_aux, 0, has_aux=True)(x, y, z))

    rec("ids_pos0", lambda: ms.grad(net, 0, return_ids=True)(x, y, z))
    rec("ids_pos02", lambda: ms.grad(net, (0, 2), return_ids=True)(x, y, z))
    rec("ids_weights", lambda: ms.grad(net, None, params, return_ids=True)(x, y, z))
    rec("ids_pos1_weights", lambda: ms.grad(net, (1,), params, return_ids=True)(x, y, z))
    rec("ids_pos01_weights", lambda: ms.grad(net, (0, 1), params, return_ids=True)(x, y, z))
    rec("ids_pos1_int_weights", lambda: ms.grad(net, 1, params, return_ids=True)(x, y, z))
    rec("ids_pos1_tuple", lambda: ms.grad(net, (1,), return_ids=True)(x, y, z))
    rec("ids_single_weight", lambda: ms.grad(net, None, net.w, return_ids=True)(x, y, z))
    rec("ids_vg_pos02",
        lambda: ms.value_and_grad(net, (0, 2), return_ids=True)(x, y, z))

    def nonscalar(x, y):
        return x * y * net.w

    rec("nonscalar_pos01", lambda: ms.grad(nonscalar, (0, 1))(x, y))
    rec("nonscalar_vg", lambda: ms.value_and_grad(nonscalar, 0)(x, y))

    def two_outputs(x, y):
        return (x * y).sum(), (x * x).sum()

    rec("multi_out_grad", lambda: ms.grad(two_outputs, (0, 1))(x, y))
    rec("multi_out_vg", lambda: ms.value_and_grad(two_outputs, 0)(x, y))

    def with_int(x, n):
        return (x * n).sum()

    n32 = ms.Tensor(np.array([1, 2, 3], np.int32))
    n64 = ms.Tensor([1, 2, 3])
    rec("int32_input_grad", lambda: ms.grad(with_int, (0, 1))(x, n32))
    rec("int64_input_grad", lambda: ms.grad(with_int, (0, 1))(x, n64))
    rec("int_input_only", lambda: ms.grad(with_int, 1)(x, n32))

    def scaled(a, s):
        return (a * a * s).sum()

    rec("pyfloat_nondiff", lambda: ms.grad(scaled, 0)(x, 2.5))
    rec("pyfloat_at_grad_pos", lambda: ms.grad(scaled, 1)(x, 2.5))
    rec("pyfloat_both", lambda: ms.grad(scaled, (0, 1))(x, 2.5))

    def sq(a):
        return a * a

    rec("pyfloat_only_arg", lambda: ms.grad(sq)(3.0))

    def uses_w_only(x):
        return (x * net.w).sum()

    rec("unused_weight_zero_grad", lambda: ms.grad(uses_w_only, None, params)(x))
    rec("unused_input_zero_grad", lambda: ms.grad(lambda_free_xy, (0, 1))(x, y))

    def loss_only_aux(x):
        return ((x * x).sum(),)

    # Bad arguments: the case name starts with "raises_"; msfunc must raise as MindSpore does.
    rec("raises_aux_only_loss", lambda: ms.value_and_grad(loss_only_aux, 0, has_aux=True)(x))
    rec("raises_aux_single_output", lambda: ms.grad(uses_w_only, 0, has_aux=True)(x))
    rec("raises_pos_none_no_weights", lambda: ms.grad(uses_w_only, None)(x))
    rec("raises_pos_negative", lambda: ms.grad(uses_w_only, -1)(x))
    rec("raises_pos_float", lambda: ms.grad(uses_w_only, 0.5)(x))
    rec("raises_pos_out_of_range", lambda: ms.grad(uses_w_only, 3)(x))
    rec("raises_vg_pos_out_of_range", lambda: ms.value_and_grad(nonscalar, (0, 2))(x, y))
    rec("sens_param_grad",
        lambda: ms.grad(nonscalar, (0, 1), sens_param=True)(x, y, ms.Tensor(Z3)))
    rec("sens_param_vg",
        lambda: ms.value_and_grad(nonscalar, 0, sens_param=True)(x, y, ms.Tensor(Z3)))


def lambda_free_xy(x, y):
    return (x * 3).sum()


def _matmul_net(ms, nn, ops):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ops.MatMul()
            self.z = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="z")

        def construct(self, x, y):
            x = x * self.z
            out = self.matmul(x, y)
            return out

    return Net()


GX = f32([[0.8, 0.6, 0.2], [1.8, 1.3, 1.1]])
GY = f32([[0.11, 3.3, 1.1], [1.1, 0.2, 1.4], [1.1, 2.2, 0.3]])


def s03_grad_operation(ms, nn, ops, mnp, rec):
    net = _matmul_net(ms, nn, ops)
    x, y = ms.Tensor(GX), ms.Tensor(GY)
    rec("default", lambda: ops.GradOperation()(net)(x, y))
    rec("get_all", lambda: ops.GradOperation(get_all=True)(net)(x, y))
    params = ms.ParameterTuple(net.trainable_params())
    rec("get_by_list", lambda: ops.GradOperation(get_by_list=True)(net, params)(x, y))
    rec("get_all_by_list",
        lambda: ops.GradOperation(get_all=True, get_by_list=True)(net, params)(x, y))
    sens = ms.Tensor(f32([[1.0, 0.5, -1.0], [2.0, 0.0, 0.25]]))
    rec("sens_param", lambda: ops.GradOperation(sens_param=True)(net)(x, y, sens))
    rec("sens_param_all",
        lambda: ops.GradOperation(get_all=True, sens_param=True)(net)(x, y, sens))

    class GradWrap(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.params = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ops.GradOperation(get_by_list=True)

        def construct(self, x, y):
            return self.grad_op(self.net, self.params)(x, y)

    rec("in_cell_by_list", lambda: GradWrap(net)(x, y))


def s04_forward_and_jacobians(ms, nn, ops, mnp, rec):
    x = ms.Tensor(f32([0.5, -1.0, 2.0]))
    y = ms.Tensor(f32([1.5, 0.25, -0.75]))
    v = ms.Tensor(f32([1.0, 2.0, -1.0]))
    u = ms.Tensor(f32([0.5, 0.5, 3.0]))

    def f1(a):
        return a * a * a

    def f2(a, b):
        return a * a * b

    def f_multi(a, b):
        return a * b, a + b

    def f_aux(a, b):
        return a * a * b, b * 10

    rec("jvp_single", lambda: ms.jvp(f1, x, v))
    rec("jvp_tuple_inputs", lambda: ms.jvp(f2, (x, y), (v, u)))
    rec("jvp_multi_out", lambda: ms.jvp(f_multi, (x, y), (v, u)))
    rec("jvp_aux", lambda: ms.jvp(f_aux, (x, y), (v, u), has_aux=True))

    def structure_and_cotangent(fn, inputs, cot, **kw):
        res = ms.vjp(fn, *inputs, **kw)
        out = (res[0],) + tuple(r for r in res[2:])
        return len(res), out, res[1](cot)

    rec("vjp_single", lambda: structure_and_cotangent(f1, (x,), v))
    rec("vjp_two", lambda: structure_and_cotangent(f2, (x, y), v))
    rec("vjp_multi_out", lambda: structure_and_cotangent(f_multi, (x, y), (v, u)))
    rec("vjp_aux", lambda: structure_and_cotangent(f_aux, (x, y), v, has_aux=True))

    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([2.0, -1.0, 0.5])), name="w")

        def construct(self, a):
            return a * a * self.w

    net = Scale()
    rec("vjp_weights",
        lambda: structure_and_cotangent(net, (x,), v, weights=net.trainable_params()))
    rec("vjp_weights_single",
        lambda: structure_and_cotangent(net, (x,), v, weights=net.w))

    def g(a, b):
        return a * a * b, a.sum() * b

    def g_aux(a, b):
        return a * a * b, a + 100

    rec("jacfwd_pos0", lambda: ms.jacfwd(f2, grad_position=0)(x, y))
    rec("jacfwd_pos01", lambda: ms.jacfwd(f2, grad_position=(0, 1))(x, y))
    rec("jacfwd_multi_out", lambda: ms.jacfwd(g, grad_position=0)(x, y))
    rec("jacfwd_aux", lambda: ms.jacfwd(g_aux, grad_position=0, has_aux=True)(x, y))
    rec("jacrev_pos0", lambda: ms.jacrev(f2, grad_position=0)(x, y))
    rec("jacrev_pos01", lambda: ms.jacrev(f2, grad_position=(0, 1))(x, y))
    rec("jacrev_multi_out", lambda: ms.jacrev(g, grad_position=0)(x, y))
    rec("jacrev_aux", lambda: ms.jacrev(g_aux, grad_position=0, has_aux=True)(x, y))

    def total(a):
        return (a * a).sum()

    rec("jacfwd_scalar_out", lambda: ms.jacfwd(total)(x))
    rec("jacrev_scalar_out", lambda: ms.jacrev(total)(x))


def _names(net):
    return [n for n, _ in net.parameters_and_names()]


def s05_parameter_names(ms, nn, ops, mnp, rec):
    def dense(i, o):
        return nn.Dense(i, o, weight_init="ones", bias_init="zeros")

    class TwoLayer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = dense(3, 4)
            self.fc2 = dense(4, 2)

        def construct(self, x):
            return self.fc2(self.fc1(x))

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = TwoLayer()
            self.head = dense(2, 1)
            self.scale = ms.Parameter(ms.Tensor(1.0, ms.float32), name="scale")

        def construct(self, x):
            return self.head(self.body(x)) * self.scale

    two = TwoLayer()
    rec("two_layer", lambda: (_names(two), [p.name for p in two.trainable_params()]))
    rec("dense_alone", lambda: [p.name for p in dense(2, 2).get_parameters()])
    outer = Outer()
    rec("nested", lambda: (_names(outer), [p.name for p in outer.trainable_params()]))
    rec("cells_and_names", lambda: [(n, type(c).__name__) for n, c in outer.cells_and_names()])
    rec("name_cells", lambda: list(outer.name_cells().keys()))
    seq = nn.SequentialCell([dense(3, 4), nn.ReLU(), dense(4, 2)])
    rec("sequential_list", lambda: (_names(seq), [p.name for p in seq.trainable_params()]))
    seqd = nn.SequentialCell(OrderedDict([("inp", dense(3, 4)), ("act", nn.ReLU()),
                                          ("out", dense(4, 2))]))
    rec("sequential_dict", lambda: (_names(seqd), [p.name for p in seqd.trainable_params()],
                                    [n for n, _ in seqd.cells_and_names()]))

    class WithSeq(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.SequentialCell([dense(3, 4), dense(4, 2)])
            self.blocks = nn.CellList([dense(2, 2), dense(2, 2)])
            self.heads = nn.CellDict({"a": dense(2, 1), "b": dense(2, 1)})

        def construct(self, x):
            return x

    ws = WithSeq()
    rec("containers_in_cell", lambda: (_names(ws), [p.name for p in ws.trainable_params()]))
    cl = nn.CellList([dense(2, 2), nn.ReLU(), dense(2, 3)])
    rec("celllist_alone", lambda: _names(cl))
    cd = nn.CellDict({"x": dense(2, 2), "y": dense(2, 3)})
    rec("celldict_alone", lambda: _names(cd))

    def inserted():
        host = TwoLayer()
        host.insert_child_to_cell("extra", dense(2, 2))
        return _names(host), [p.name for p in host.trainable_params()]

    rec("insert_child_to_cell", inserted)

    def inserted_param():
        host = TwoLayer()
        host.insert_param_to_cell("gain", ms.Parameter(ms.Tensor(f32([1.0])), name="g0"))
        return _names(host), [p.name for p in host.trainable_params()]

    rec("insert_param_to_cell", inserted_param)

    class Unnamed(nn.Cell):
        def __init__(self):
            super().__init__()
            self.alpha = ms.Parameter(ms.Tensor(f32([1.0, 2.0])))
            self.beta = ms.Parameter(ms.Tensor(f32([3.0])))
            self.inner = Inner()

        def construct(self, x):
            return x * self.alpha

    class Inner(nn.Cell):
        def __init__(self):
            super().__init__()
            self.gamma = ms.Parameter(ms.Tensor(f32([0.5])))

        def construct(self, x):
            return x

    def unnamed_standalone():
        # MindSpore numbers unnamed Parameters from a global counter ("Parameter#7"); the
        # exact number depends on history, so only the prefix and distinctness are recorded.
        pair = ms.ParameterTuple([ms.Parameter(ms.Tensor(1.0, ms.float32)),
                                  ms.Parameter(ms.Tensor(2.0, ms.float32))])
        names = [p.name for p in pair]
        return [n[:9] for n in names], len(set(names))

    rec("unnamed_standalone", unnamed_standalone)
    un = Unnamed()
    rec("unnamed_attrs", lambda: (_names(un), [p.name for p in un.trainable_params()]))

    def renamed():
        net = Outer()
        net.update_parameters_name("pre.")
        return [p.name for p in net.trainable_params()], _names(net)

    rec("update_parameters_name", renamed)

    class Frozen(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = dense(2, 2)
            self.stat = ms.Parameter(ms.Tensor(f32([0.0, 0.0])), name="stat",
                                     requires_grad=False)

        def construct(self, x):
            return self.fc(x) + self.stat

    fr = Frozen()
    rec("requires_grad_false", lambda: ([p.name for p in fr.trainable_params()],
                                        [p.name for p in fr.untrainable_params()],
                                        [p.name for p in fr.get_parameters()]))

    def frozen_after():
        net = TwoLayer()
        net.fc1.weight.requires_grad = False
        return ([p.name for p in net.trainable_params()],
                [p.name for p in net.untrainable_params()])

    rec("requires_grad_set_later", frozen_after)
    rec("parameters_dict", lambda: list(outer.parameters_dict().keys()))

    class Wrap(nn.Cell):
        def __init__(self, inner, prefix=True):
            super().__init__(auto_prefix=prefix)
            self.inner = inner

        def construct(self, x):
            return self.inner(x)

    def wrap_renames():
        core = dense(2, 2)
        before = [p.name for p in core.trainable_params()]
        outer_net = Wrap(core)
        middle = [p.name for p in core.trainable_params()]
        Wrap(outer_net)
        after = [p.name for p in core.trainable_params()]
        return before, middle, after, _names(outer_net)

    rec("wrap_renames_params", wrap_renames)

    def wrap_no_prefix():
        core = dense(2, 2)
        host = Wrap(core, prefix=False)
        return [p.name for p in core.trainable_params()], _names(host)

    rec("wrap_auto_prefix_false", wrap_no_prefix)

    def shared_child():
        core = dense(2, 2)

        class Twice(nn.Cell):
            def __init__(self):
                super().__init__()
                self.a = core
                self.b = core

            def construct(self, x):
                return self.b(self.a(x))

        net = Twice()
        return _names(net), [p.name for p in net.trainable_params()]

    rec("shared_child", shared_child)
    rec("param_values", lambda: [p for p in two.trainable_params()])


def s06_custom_bprop(ms, nn, ops, mnp, rec):
    class MulBprop(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([1.5])), name="bw")

        def construct(self, x, y):
            return x * y * self.w

        def bprop(self, x, y, out, dout):
            return dout * 2 * y, dout * x

    cell = MulBprop()
    x = ms.Tensor(f32([1.0, 2.0, -3.0]))
    y = ms.Tensor(f32([0.5, -1.0, 4.0]))
    rec("forward", lambda: cell(x, y))
    rec("grad_pos01", lambda: ms.grad(cell, grad_position=(0, 1))(x, y))
    rec("grad_pos0", lambda: ms.grad(cell)(x, y))
    rec("grad_weights", lambda: ms.grad(cell, None, cell.trainable_params())(x, y))
    rec("grad_pos01_weights", lambda: ms.grad(cell, (0, 1), cell.trainable_params())(x, y))

    def outer(a, b):
        return ops.Sin()(cell(a, b)).sum()

    rec("grad_through_chain", lambda: ms.grad(outer, (0, 1))(x, y))

    class Cube(nn.Cell):
        def construct(self, a):
            return a * a * a

        def bprop(self, a, out, dout):
            return (dout * 3 * a * a,)

    cube = Cube()
    a = ms.Tensor(f32([3.0]))
    rec("single_input_bprop", lambda: ms.grad(cube)(a))
    rec("nested_grad_bprop", lambda: ms.grad(ms.grad(cube))(a))


def s07_tutorial_nets(ms, nn, ops, mnp, rec):
    class GradNetWrtX(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            gradient_function = ms.grad(self.net)
            return gradient_function(x, y)

    net = _matmul_net(ms, nn, ops)
    x, y = ms.Tensor(GX), ms.Tensor(GY)
    rec("z_name_before_wrap", lambda: net.z.name)
    rec("forward", lambda: net(x, y))
    wrapped = GradNetWrtX(net)
    rec("grad_wrt_x", lambda: wrapped(x, y))
    rec("grad_wrt_z", lambda: ms.grad(net, None, net.z)(x, y))
    rec("z_name", lambda: net.z.name)

    class CosSin(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sin = ops.Sin()
            self.cos = ops.Cos()

        def construct(self, x):
            return self.cos(self.sin(x))

    cs = CosSin()
    t = ms.Tensor(f32([0.1, 0.7, -1.3, 2.0]))
    rec("cos_sin", lambda: cs(t))
    rec("cos_sin_grad", lambda: ms.grad(cs)(t))
    rec("cos_sin_grad2", lambda: ms.grad(ms.grad(lambda v: cs(v).sum()))(t))
    rec("mul_op", lambda: ops.Mul()(t, t))


def _train_dense(ms, nn):
    return nn.Dense(5, 3, weight_init=ms.Tensor(W_DENSE), bias_init=ms.Tensor(B_DENSE))


def _final_params(net):
    return [(p.name, p) for p in net.trainable_params()]


def s08_training(ms, nn, ops, mnp, rec):
    data, label = ms.Tensor(DATA), ms.Tensor(LABEL)

    def one_step_cell(make_opt):
        net = _train_dense(ms, nn)
        loss_net = nn.WithLossCell(net, nn.BCEWithLogitsLoss())
        opt = make_opt(net.trainable_params())
        train = nn.TrainOneStepCell(loss_net, opt)
        train.set_train()
        losses = [train(data, label) for _ in range(5)]
        return losses, _final_params(net)

    rec("sgd", lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("sgd_momentum",
        lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9)))
    rec("adam", lambda: one_step_cell(lambda p: nn.Adam(p, learning_rate=0.01)))

    def names_in_train_cell(make_opt):
        net = _train_dense(ms, nn)
        loss_net = nn.WithLossCell(net, nn.BCEWithLogitsLoss())
        train = nn.TrainOneStepCell(loss_net, make_opt(net.trainable_params()))
        return ([p.name for p in train.trainable_params()], _names(loss_net),
                [n for n, _ in train.cells_and_names()])

    rec("train_cell_names", lambda: names_in_train_cell(lambda p: nn.SGD(p, 0.1)))

    def all_names_in_train_cell():
        net = _train_dense(ms, nn)
        train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.BCEWithLogitsLoss()),
                                    nn.SGD(net.trainable_params(), 0.1))
        return _names(train)

    rec("train_cell_all_names_sgd", all_names_in_train_cell)
    rec("sgd_weight_decay",
        lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1, weight_decay=0.01)))

    def functional(use_jit, make_opt):
        model = _train_dense(ms, nn)
        loss_fn = nn.BCEWithLogitsLoss()
        optimizer = make_opt(model.trainable_params())

        def forward_fn(data, label):
            logits = model(data)
            loss = loss_fn(logits, label)
            return loss, logits

        grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

        def train_step(data, label):
            (loss, _), grads = grad_fn(data, label)
            optimizer(grads)
            return loss

        if use_jit:
            train_step = ms.jit(train_step)
        losses = [train_step(data, label) for _ in range(5)]
        return losses, _final_params(model)

    rec("functional_sgd", lambda: functional(False, lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("functional_sgd_jit", lambda: functional(True, lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("functional_adam",
        lambda: functional(False, lambda p: nn.Adam(p, learning_rate=0.01)))
    rec("functional_adam_jit",
        lambda: functional(True, lambda p: nn.Adam(p, learning_rate=0.01)))

    def aux_value():
        model = _train_dense(ms, nn)
        loss_fn = nn.BCEWithLogitsLoss()

        def forward_fn(data, label):
            logits = model(data)
            return loss_fn(logits, label), logits

        return ms.value_and_grad(forward_fn, None, model.trainable_params(),
                                 has_aux=True)(data, label)

    rec("value_and_grad_aux_structure", aux_value)


LOGITS = f32([[1.0, -0.5, 0.25], [0.3, 2.0, -1.0], [-0.7, 0.1, 0.9], [0.0, 0.5, -0.2]])
PROBS = f32([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [1 / 3, 1 / 3, 1 / 3]])
CLASSES = np.array([0, 1, 2, 1], np.int32)


def s09_losses(ms, nn, ops, mnp, rec):
    logits, label = ms.Tensor(LOGITS), ms.Tensor(LABEL)
    w = ms.Tensor(f32([1.0, 2.0, 0.5]))
    pw = ms.Tensor(f32([3.0, 1.0, 0.5]))
    for red in ("mean", "sum", "none"):
        rec(f"bce_{red}", lambda red=red: nn.BCEWithLogitsLoss(reduction=red)(logits, label))
    rec("bce_weight", lambda: nn.BCEWithLogitsLoss(weight=w)(logits, label))
    rec("bce_pos_weight", lambda: nn.BCEWithLogitsLoss(pos_weight=pw)(logits, label))
    rec("bce_both_none",
        lambda: nn.BCEWithLogitsLoss(reduction="none", weight=w, pos_weight=pw)(logits, label))
    cls, probs = ms.Tensor(CLASSES), ms.Tensor(PROBS)
    for red in ("mean", "sum", "none"):
        rec(f"ce_idx_{red}", lambda red=red: nn.CrossEntropyLoss(reduction=red)(logits, cls))
        rec(f"ce_prob_{red}", lambda red=red: nn.CrossEntropyLoss(reduction=red)(logits, probs))
    rec("ce_idx_weight", lambda: nn.CrossEntropyLoss(weight=w)(logits, cls))
    rec("ce_idx_weight_none",
        lambda: nn.CrossEntropyLoss(weight=w, reduction="none")(logits, cls))
    rec("ce_prob_weight", lambda: nn.CrossEntropyLoss(weight=w)(logits, probs))
    rec("ce_ignore_index", lambda: nn.CrossEntropyLoss(ignore_index=1)(logits, cls))
    rec("ce_ignore_index_none",
        lambda: nn.CrossEntropyLoss(ignore_index=1, reduction="none")(logits, cls))
    rec("ce_ignore_weight", lambda: nn.CrossEntropyLoss(weight=w, ignore_index=2)(logits, cls))
    rec("ce_smoothing", lambda: nn.CrossEntropyLoss(label_smoothing=0.1)(logits, cls))
    rec("ce_smoothing_weight",
        lambda: nn.CrossEntropyLoss(weight=w, label_smoothing=0.2)(logits, cls))
    rec("ce_smoothing_prob", lambda: nn.CrossEntropyLoss(label_smoothing=0.1)(logits, probs))
    rec("ce_smoothing_ignore",
        lambda: nn.CrossEntropyLoss(label_smoothing=0.1, ignore_index=0)(logits, cls))
    rec("ce_1d", lambda: nn.CrossEntropyLoss()(logits[0], ms.Tensor(np.int32(2))))
    pred = ms.Tensor(f32([[1.0, 2.0], [3.0, -1.0]]))
    tgt = ms.Tensor(f32([[1.5, 1.0], [2.0, 0.0]]))
    for red in ("mean", "sum", "none"):
        rec(f"mse_{red}", lambda red=red: nn.MSELoss(reduction=red)(pred, tgt))


def s10_layers(ms, nn, ops, mnp, rec):
    w43 = f32([[0.5, -1.0, 0.25, 2.0], [-0.3, 0.7, 1.1, -0.2], [0.0, 0.4, -0.6, 0.9]])
    b3 = f32([0.1, -2.0, 0.3])
    x = ms.Tensor(f32([[1.0, 0.5, -1.5, 0.2], [-0.4, 2.0, 0.3, -1.0]]))
    rec("dense", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43),
                                  bias_init=ms.Tensor(b3))(x))
    rec("dense_relu", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3),
                                       activation="relu")(x))
    rec("dense_nobias", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43), has_bias=False)(x))
    rec("dense_nobias_params",
        lambda: [p.name for p in nn.Dense(4, 3, weight_init="ones", has_bias=False)
                 .trainable_params()])
    rec("dense_param_shapes",
        lambda: [p for p in nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
                 .trainable_params()])
    rec("dense_3d_input", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43),
                                           bias_init=ms.Tensor(b3))(ms.Tensor(
        np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10)))
    t = ms.Tensor(np.arange(12, dtype=np.float32).reshape(2, 3, 2) - 5)
    rec("flatten", lambda: nn.Flatten()(t))
    rec("relu", lambda: nn.ReLU()(t))

    def half():
        net = nn.Dense(4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3))
        net.to_float(ms.float16)
        return net(x)

    rec("to_float16", half)

    def train_flags():
        net = nn.SequentialCell([nn.Dense(2, 2, weight_init="ones", bias_init="zeros"),
                                 nn.ReLU()])
        before = [c.training for _, c in net.cells_and_names()]
        net.set_train()
        after = [c.training for _, c in net.cells_and_names()]
        net.set_train(False)
        off = [c.training for _, c in net.cells_and_names()]
        ret = net.set_train(True)
        return before, after, off, ret is net

    rec("set_train_flags", train_flags)


def s11_tensor_dtypes(ms, nn, ops, mnp, rec):
    rec("int", lambda: ms.Tensor(1))
    rec("float", lambda: ms.Tensor(1.0))
    rec("bool", lambda: ms.Tensor(True))
    rec("int_list", lambda: ms.Tensor([1, 2]))
    rec("float_list", lambda: ms.Tensor([1.0, 2.5]))
    rec("mixed_list", lambda: ms.Tensor([1, 2.5]))
    rec("bool_list", lambda: ms.Tensor([True, False]))
    rec("np_float64", lambda: ms.Tensor(np.array([1.5, 2.0])))
    rec("np_int64", lambda: ms.Tensor(np.array([1, 2], np.int64)))
    rec("np_int32", lambda: ms.Tensor(np.array([1, 2], np.int32)))
    rec("np_float16", lambda: ms.Tensor(np.array([1.5], np.float16)))
    rec("explicit_dtype", lambda: ms.Tensor([1, 2], ms.float32))
    rec("explicit_dtype_from_float", lambda: ms.Tensor(2.7, ms.int32))
    rec("nested_list", lambda: ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
    rec("int_plus_float", lambda: ms.Tensor([1, 2]) + 0.5)
    rec("int_div", lambda: ms.Tensor([1, 2]) / ms.Tensor([2, 2]))
    rec("f16_plus_f32", lambda: ms.Tensor(np.array([1.5], np.float16))
        + ms.Tensor(f32([1.0])))


def s12_jit_and_vmap(ms, nn, ops, mnp, rec):
    x = ms.Tensor(f32([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]]))
    b = ms.Tensor(f32([0.5, -0.5, 1.0]))

    @ms.jit
    def pair(a, c):
        return a * c, (a + c).sum()

    rec("jit_tuple_out", lambda: pair(x, b))
    rec("jit_tuple_out_again", lambda: pair(x * 2, b))

    @ms.jit
    def with_grad(a, c):
        return ms.grad(lambda_free_ac, (0, 1))(a, c)

    rec("jit_grad_inside", lambda: with_grad(x, b))

    class Affine(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = ms.Parameter(ms.Tensor(f32([2.0, 1.0, -1.0])), name="scale")

        @ms.jit
        def construct(self, a):
            return a * self.scale + 1

    aff = Affine()
    rec("jit_construct", lambda: aff(x))

    def update_then_call():
        aff.scale.set_data(ms.Tensor(f32([1.0, 1.0, 1.0])))
        return aff(x)

    rec("jit_construct_after_set_data", update_then_call)

    class PlainAffine(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = ms.Parameter(ms.Tensor(f32([2.0, 1.0, -1.0])), name="scale")

        def construct(self, a):
            return a * self.scale + 1

    plain = PlainAffine()
    rec("plain_construct", lambda: plain(x))

    def plain_update_then_call():
        plain.scale.set_data(ms.Tensor(f32([1.0, 1.0, 1.0])))
        return plain(x)

    rec("plain_construct_after_set_data", plain_update_then_call)

    def row(a, c):
        return (a * c).sum(), a - c

    rec("vmap_in_axes", lambda: ms.vmap(row, in_axes=(0, None))(x, b))
    rec("vmap_out_axes", lambda: ms.vmap(row, in_axes=(0, None), out_axes=(0, 1))(x, b))
    rec("vmap_axis1", lambda: ms.vmap(row, in_axes=(1, None))(x, ms.Tensor(f32([1.0, 2.0]))))


def lambda_free_ac(a, c):
    return (a * a * c).sum()


# Cases where MindSpore 2.10's answer is a bug msfunc should not copy (the test skips them).
# An entry with "compare_with" names the case whose (correct) answer msfunc must give instead.
KNOWN_MINDSPORE_BUGS = {
    "s12_jit_and_vmap/jit_construct_after_set_data": {
        "reason": "@ms.jit on construct keeps the Parameter value of its first call "
                  "(set_data and ops.assign are ignored afterwards)",
        "compare_with": "plain_construct_after_set_data"},
    "s02_grad_options/ids_pos1_int_weights": {
        "reason": "return_ids with one grad position pairs the id with grad[0] (a scalar)"},
    "s02_grad_options/ids_pos1_weights": {
        "reason": "return_ids with grad_position=(1,) pairs the id with grad[0] (a scalar)"},
    "s02_grad_options/ids_pos1_tuple": {
        "reason": "return_ids with grad_position=(1,) pairs the id with grad[0] (a scalar)"},
}

SCENARIOS = [
    s01_nested_grad_tanh, s02_grad_options, s03_grad_operation, s04_forward_and_jacobians,
    s05_parameter_names, s06_custom_bprop, s07_tutorial_nets, s08_training, s09_losses,
    s10_layers, s11_tensor_dtypes, s12_jit_and_vmap,
]


def run_scenario(scenario, ms, nn, ops, mnp):
    """Run one scenario, returning {case name: encoded result}."""
    sink = {}
    rec = make_recorder(ms, sink)
    try:
        scenario(ms, nn, ops, mnp, rec)
    except Exception as exc:  # noqa: BLE001
        sink["__scenario__"] = {"t": "error", "error_type": type(exc).__name__,
                                "error": str(exc).strip()[:300]}
    return sink


def main():
    import mindspore as ms
    import mindspore.numpy as mnp
    from mindspore import nn, ops

    ms.set_context(mode=ms.PYNATIVE_MODE)
    golden = {"__meta__": {"mindspore": ms.__version__, "numpy": np.__version__,
                           "generator": "tests/oracle/gen_core_golden.py",
                           "known_mindspore_bugs": KNOWN_MINDSPORE_BUGS}}
    for scenario in SCENARIOS:
        golden[scenario.__name__] = run_scenario(scenario, ms, nn, ops, mnp)
        errs = [k for k, v in golden[scenario.__name__].items() if v.get("t") == "error"]
        print(f"{scenario.__name__}: {len(golden[scenario.__name__])} cases, errors: {errs}",
              file=sys.stderr)
    os.makedirs(os.path.dirname(GOLDEN_PATH), exist_ok=True)
    with open(GOLDEN_PATH, "w") as fh:
        json.dump(golden, fh, separators=(",", ":"))
        fh.write("\n")
    print(f"wrote {os.path.normpath(GOLDEN_PATH)} ({os.path.getsize(GOLDEN_PATH)} bytes)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
