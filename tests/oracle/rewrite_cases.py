"""Small networks and edits for mindspore.rewrite, shared by gen_rewrite_golden.py (real
MindSpore) and tests/rewrite/test_rewrite.py (msfunc). Each case is ``case(ms, nn, ops, rw)``
returning plain data: the node lists (name, type, targets, args) before and after an edit
and the edited network's output on a fixed input."""

import importlib.util
import os
import sys
import tempfile

import numpy as np


def _nodes(stree):
    return [
        [
            n.get_name(),
            str(n.get_node_type()),
            [str(t) for t in n.get_targets()],
            [str(a) for a in n.get_args()],
        ]
        for n in stree.nodes()
    ]


def _users(stree):
    return {n.get_name(): [u.get_name() for u in n.get_users()] for n in stree.nodes()}


def _input(ms):
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 4 - 1.2)


# rewrite reads a network's source and subclasses it by name, so the network lives in a real
# module file: written to a scratch folder and imported, with the framework's nn/ops set in it.
NET_SOURCE = """
class Chain(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="ones", bias_init="zeros")
        self.relu = nn.ReLU()
        self.abs = ops.Abs()

    def construct(self, x):
        x = self.dense(x)
        y = self.relu(x) * 2
        z = self.abs(y)
        return z + x


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.chain = Chain()
        dense = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")
        self.seq = nn.SequentialCell([nn.ReLU(), dense])

    def construct(self, x):
        x = self.chain(x)
        return self.seq(x - 1)
"""


def _nets(ms, nn, ops):
    name = "rewrite_case_net"
    if name not in sys.modules:
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, name + ".py")
        with open(path, "w") as f:
            f.write(NET_SOURCE)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        module.nn, module.ops = nn, ops
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name].Chain


def case_subtree(ms, nn, ops, rw):
    """Edits inside a sub-network's tree and a SequentialCell: the node types, the element
    types and the edited network's output."""
    _nets(ms, nn, ops)
    stree = rw.SymbolTree.create(sys.modules["rewrite_case_net"].Outer())
    sub = stree.get_node("chain").get_sub_tree()
    relu = sub.get_node("relu")
    sub.insert(
        sub.after(relu), rw.Node.create_call_cell(nn.Tanh(), relu.get_targets(), relu.get_targets())
    )
    seq = stree.get_node("seq").get_handler()
    first = rw.Node(seq.node_list[0])
    stree.replace(
        first,
        [
            rw.Node.create_call_cell(
                nn.Sigmoid(), ["y"], [rw.ScopedValue.create_naming_value("x")], name="sig"
            )
        ],
    )
    out = stree.get_network()(_input(ms)).asnumpy()
    return {
        "nodes": _nodes(stree),
        "sub_nodes": _nodes(sub),
        "elements": [type(n.get_instance()).__name__ for n in seq.node_list],
        "out": out.round(5).tolist(),
    }


def case_parse(ms, nn, ops, rw):
    """The node list and users of a small chain network."""
    stree = rw.SymbolTree.create(_nets(ms, nn, ops)())
    return {"nodes": _nodes(stree), "users": _users(stree)}


def case_insert(ms, nn, ops, rw):
    """A Tanh inserted after relu, reading relu's output; the edited network's output."""
    stree = rw.SymbolTree.create(_nets(ms, nn, ops)())
    relu = stree.get_node("relu")
    tanh = rw.Node.create_call_cell(nn.Tanh(), relu.get_targets(), relu.get_targets(), name="tanh")
    stree.insert(stree.after(relu), tanh)
    out = stree.get_network()(_input(ms)).asnumpy()
    return {"nodes": _nodes(stree), "users": _users(stree), "out": out.round(5).tolist()}


def case_replace_erase(ms, nn, ops, rw):
    """abs replaced by a Sigmoid writing the same variable, then relu erased (its reader
    re-pointed at dense); the edited network's output."""
    stree = rw.SymbolTree.create(_nets(ms, nn, ops)())
    absn = stree.get_node("abs")
    sig = rw.Node.create_call_cell(nn.Sigmoid(), absn.get_targets(), absn.get_args(), name="sig")
    stree.replace(absn, [sig])
    relu = stree.get_node("relu")
    for user in relu.get_users():
        user.set_arg_by_node(0, stree.get_node("dense"))
    stree.erase(relu)
    out = stree.get_network()(_input(ms)).asnumpy()
    return {"nodes": _nodes(stree), "users": _users(stree), "out": out.round(5).tolist()}


def case_function(ms, nn, ops, rw):
    """A call of ops.sin inserted before the return, fed to the output."""
    stree = rw.SymbolTree.create(_nets(ms, nn, ops)())
    ret = stree.get_node("return")
    last = ret.get_inputs()[0]
    sin = rw.Node.create_call_function(ops.sin, ["s"], last.get_targets())
    stree.insert(stree.before(ret), sin)
    ret.set_arg(0, "s")
    out = stree.get_network()(_input(ms)).asnumpy()
    return {"nodes": _nodes(stree), "out": out.round(5).tolist()}


def case_input(ms, nn, ops, rw):
    """A new construct parameter inserted after the input: the node list and the signature."""
    stree = rw.SymbolTree.create(_nets(ms, nn, ops)())
    stree.insert(stree.after(stree.get_node("input_x")), rw.Node.create_input("k"))
    signature = [line.strip() for line in stree.get_code().splitlines() if "def construct" in line]
    return {"nodes": _nodes(stree), "signature": signature}


CASES = {
    name[len("case_") :]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")
}
