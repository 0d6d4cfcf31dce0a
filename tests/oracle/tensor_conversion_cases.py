"""Tensor conversion cases written as ``case(ms)`` functions of the framework module.

gen_tensor_conversions_golden.py records MindSpore 2.10's answers to them in
tests/golden/tensor_conversions.json and tests/common/test_tensor_conversions.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def from_numpy_writes(ms):
    """Which Tensor writes reach the numpy array ``Tensor.from_numpy`` was given."""
    n = np.zeros(3, np.float32)
    t = ms.Tensor.from_numpy(n)
    t[1] = 7.0
    seen = {"item_write": n.tolist()}
    t += 1
    seen["iadd"] = n.tolist()
    seen["tensor"] = t.asnumpy().tolist()
    return seen


def from_numpy_reads(ms):
    """Which writes into the numpy array ``Tensor.from_numpy`` was given the Tensor, its
    views and operations on it see: numpy's in-place ufuncs and item writes, a float64 and
    an in-place reshaped array, and the arrays shared only by copy (non-contiguous, Fortran
    order); a copy, a Parameter and ``assign_value`` end the sharing. (An operation run
    before the write is left out: MindSpore runs it asynchronously, so it may read the
    array after the write.)"""
    seen = {}
    n = np.ones(3, np.float32)
    t = ms.Tensor.from_numpy(n)
    np.add(n, 1, out=n)
    seen["ufunc_out"] = t.asnumpy().tolist()
    head = t[0:2]
    n[1] = 8
    seen["item"] = [t.asnumpy().tolist(), head.asnumpy().tolist(), (t + 1).asnumpy().tolist()]
    n[:] = 2
    seen["sum"] = float(t.sum().asnumpy())
    d = np.zeros(2)
    dt = ms.Tensor.from_numpy(d)
    d += 2
    seen["float64"] = [dt.asnumpy().tolist(), str(dt.asnumpy().dtype)]
    r = np.zeros(4, np.float32)
    rt = ms.Tensor.from_numpy(r)
    square = rt.reshape(2, 2)
    r.shape = (2, 2)
    r[1, 1] = 4
    seen["reshaped"] = [rt.asnumpy().tolist(), square.asnumpy().tolist()]
    grid = np.arange(6, dtype=np.float32).reshape(2, 3)
    strided = ms.Tensor.from_numpy(grid[:, ::2])
    fortran = ms.Tensor.from_numpy(np.asfortranarray(grid))
    grid[0, 0] = 100
    seen["copied"] = [strided.asnumpy().tolist(), fortran.asnumpy().tolist()]
    p = np.ones(2, np.float32)
    pt = ms.Tensor.from_numpy(p)
    kept = [pt.copy(), ms.Parameter(pt, name="p")]
    p[0] = 6
    seen["copy_parameter"] = [v.asnumpy().tolist() for v in [*kept, pt]]
    z = np.ones(2, np.float32)
    zt = ms.Tensor.from_numpy(z)
    zt.assign_value(ms.Tensor(np.array([3, 3], np.float32)))
    z[1] = 9
    seen["assign_value"] = [z.tolist(), zt.asnumpy().tolist()]
    return seen


def asnumpy_shares(ms):
    """What ``t.asnumpy()`` shares with `t`: writes into the array reach the Tensor and item
    writes into the Tensor reach the array, two calls share one memory (as views of it), a
    computed Tensor's array too; a ``Tensor.from_numpy`` Tensor's array is the one it was
    given. (A Parameter's: `parameter_asnumpy_follows`.)"""
    seen = {}
    t = ms.Tensor(np.ones(3, np.float32))
    a = t.asnumpy()
    t[0] = 5
    seen["tensor_to_array"] = a.tolist()
    b = t.asnumpy()
    a[1] = 3
    seen["two_arrays"] = [b.tolist(), t.asnumpy().tolist(), a is b]
    y = t + 1
    c = y.asnumpy()
    c[0] = 100
    seen["computed"] = [y.asnumpy().tolist(), (y * 2).asnumpy().tolist()]
    row = c[1:]
    del c
    row[0] = -4
    seen["view_of_array"] = y.asnumpy().tolist()
    n = np.zeros(2, np.float32)
    f = ms.Tensor.from_numpy(n)
    f.asnumpy()[0] = 6
    seen["from_numpy"] = [n.tolist(), f.asnumpy().tolist()]
    return seen


def parameter_asnumpy_follows(ms):
    """A Parameter's ``asnumpy`` array follows the optimizer's steps (a functional step and a
    TrainOneStepCell's), a write into it reaches the Parameter, and ``set_data`` and
    ``assign_value`` end the sharing (the array keeps the old values)."""
    nn = ms.nn
    ms.set_seed(1)
    net = nn.Dense(3, 2)
    w = net.weight.asnumpy()
    first = w.copy()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    step_fn = ms.value_and_grad(lambda x: net(x).sum(), None, opt.parameters)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    _, grads = step_fn(x)
    opt(grads)
    seen = {
        "functional_step": [w.tolist() == net.weight.asnumpy().tolist(), bool((w != first).all())]
    }
    w[0, 0] = 42.0
    seen["write_into_array"] = float(net.weight[0, 0])
    bias = net.bias.asnumpy()
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    before = w.copy()
    train(x, ms.Tensor(np.zeros((4, 2), np.float32)))
    seen["train_cell_step"] = [
        w.tolist() == net.weight.asnumpy().tolist(),
        bias.tolist() == net.bias.asnumpy().tolist(),
        bool((w != before).any()),
    ]
    net.weight.set_data(ms.Tensor(np.full((2, 3), 7, np.float32)))
    seen["set_data"] = [bool((w == 7).any()), float(net.weight[0, 0])]
    again = net.weight.asnumpy()
    net.weight.assign_value(ms.Tensor(np.full((2, 3), 8, np.float32)))
    seen["assign_value"] = [again.tolist(), float(net.weight[0, 0])]
    return seen


CASES = {
    "from_numpy_writes": from_numpy_writes,
    "from_numpy_reads": from_numpy_reads,
    "asnumpy_shares": asnumpy_shares,
    "parameter_asnumpy_follows": parameter_asnumpy_follows,
}
