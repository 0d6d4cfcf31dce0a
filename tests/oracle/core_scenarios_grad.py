"""Core golden scenarios s01-s06: nested grad, grad options, GradOperation, forward mode and
Jacobians, Parameter names, custom bprop. Each is an ordinary MindSpore program."""

from collections import OrderedDict

import numpy as np
from core_codec import X3, Y3, Z3, f32


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
    rec(
        "aux_vg_pos01_weights",
        lambda: ms.value_and_grad(with_aux, (0, 1), params, has_aux=True)(x, y, z),
    )

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
    rec("ids_vg_pos02", lambda: ms.value_and_grad(net, (0, 2), return_ids=True)(x, y, z))

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
    rec("sens_param_grad", lambda: ms.grad(nonscalar, (0, 1), sens_param=True)(x, y, ms.Tensor(Z3)))
    rec(
        "sens_param_vg",
        lambda: ms.value_and_grad(nonscalar, 0, sens_param=True)(x, y, ms.Tensor(Z3)),
    )


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
    rec(
        "get_all_by_list",
        lambda: ops.GradOperation(get_all=True, get_by_list=True)(net, params)(x, y),
    )
    sens = ms.Tensor(f32([[1.0, 0.5, -1.0], [2.0, 0.0, 0.25]]))
    rec("sens_param", lambda: ops.GradOperation(sens_param=True)(net)(x, y, sens))
    rec("sens_param_all", lambda: ops.GradOperation(get_all=True, sens_param=True)(net)(x, y, sens))

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
    rec(
        "vjp_weights", lambda: structure_and_cotangent(net, (x,), v, weights=net.trainable_params())
    )
    rec("vjp_weights_single", lambda: structure_and_cotangent(net, (x,), v, weights=net.w))

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
    seqd = nn.SequentialCell(
        OrderedDict([("inp", dense(3, 4)), ("act", nn.ReLU()), ("out", dense(4, 2))])
    )
    rec(
        "sequential_dict",
        lambda: (
            _names(seqd),
            [p.name for p in seqd.trainable_params()],
            [n for n, _ in seqd.cells_and_names()],
        ),
    )

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
        pair = ms.ParameterTuple(
            [ms.Parameter(ms.Tensor(1.0, ms.float32)), ms.Parameter(ms.Tensor(2.0, ms.float32))]
        )
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
            self.stat = ms.Parameter(ms.Tensor(f32([0.0, 0.0])), name="stat", requires_grad=False)

        def construct(self, x):
            return self.fc(x) + self.stat

    fr = Frozen()
    rec(
        "requires_grad_false",
        lambda: (
            [p.name for p in fr.trainable_params()],
            [p.name for p in fr.untrainable_params()],
            [p.name for p in fr.get_parameters()],
        ),
    )

    def frozen_after():
        net = TwoLayer()
        net.fc1.weight.requires_grad = False
        return (
            [p.name for p in net.trainable_params()],
            [p.name for p in net.untrainable_params()],
        )

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
