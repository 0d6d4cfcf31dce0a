"""Control flow in mindspore.rewrite, shared by gen_rewrite_flow_golden.py (real MindSpore) and
tests/rewrite/test_rewrite_flow.py (msfunc): the nodes of if/for/while statements (nested),
the construct generated before and after edits inside them, and the edited network's output.
Each case is ``case(ms, nn, ops, rw)`` returning plain data."""

import importlib.util
import os
import sys
import tempfile

import numpy as np

NET_SOURCE = """
class Flow(nn.Cell):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()
        self.abs = ops.Abs()
        self.blocks = nn.CellList([nn.ReLU(), nn.Tanh()])

    def construct(self, x, y):
        if self.abs(x).sum() > 0 and y > 1:
            x = self.relu(x)
            x = x + 1
        else:
            x = self.abs(x)
        for i in range(2):
            x = self.relu(x) * 2
        for block in self.blocks:
            x = block(x)
        n = 3
        while n > 0:
            x = self.abs(x) - 1
            n -= 1
        else:
            n = 0
        if y > 2:
            return x
        return x - 1


class Shift(nn.Cell):
    def construct(self, x):
        return x - 0.5


class Blocks(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([nn.ReLU(), Shift(), nn.ReLU(), Shift(), nn.Tanh()])

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class Chain(nn.Cell):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()
        self.layer = nn.SequentialCell([Shift(), Shift()])
        self.layer.append(self.relu)

    def construct(self, x):
        x = self.relu(x)
        x = self.layer(x)
        return x


class Static(nn.Cell):
    KIND = "a"

    def __init__(self):
        super().__init__()
        self.relu, self.tanh, self.abs, self.neg = nn.ReLU(), nn.Tanh(), ops.Abs(), ops.Neg()
        self.kind = "b"

    def construct(self, x, y):
        if self.kind == "b":
            x = self.relu(x)
        else:
            x = self.tanh(x)
        if Static.KIND == "b":
            x = self.abs(x)
        else:
            x = self.neg(x)
        if context.get_context("device_target") == "CPU":
            x = x * 3
        if y > 2:
            x = x - 1
            if self.kind != "b":
                x = self.neg(x)
            else:
                x = self.abs(x)
        return x
"""


def _module(ms, nn, ops):
    """The module of the networks; rewrite reads their source, so it is a real file."""
    name = "rewrite_flow_case_net"
    if name not in sys.modules:
        path = os.path.join(tempfile.mkdtemp(), name + ".py")
        with open(path, "w") as f:
            f.write(NET_SOURCE)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        module.nn, module.ops, module.context = nn, ops, ms.context
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _flow(ms, nn, ops):
    return _module(ms, nn, ops).Flow()


def _tree(nodes):
    """[name, type, targets, args, inner nodes] of each node, nested for control flow."""
    rows = []
    for node in nodes:
        handler = node.get_handler()
        # MindSpore's plain nodes have no nodes(); msfunc's give an empty list
        inner = [type(node)(n) for n in handler.nodes()] if hasattr(handler, "nodes") else []
        rows.append(
            [
                node.get_name(),
                str(node.get_node_type()),
                [str(t) for t in node.get_targets()],
                [str(a) for a in node.get_args()],
                _tree(inner),
            ]
        )
    return rows


def _construct(stree):
    """The lines of the generated construct of the top network (the last class)."""
    lines = stree.get_code().splitlines()
    start = max(i for i, line in enumerate(lines) if "def construct" in line)
    body = []
    for line in lines[start:]:
        if body and line.strip() and not line.startswith(" " * 8):
            break
        body.append(line.rstrip())
    return [line for line in body if line.strip()]


def _out(ms, stree):
    """The edited network's outputs for y=2 and y=3 (one network: MindSpore's generated
    network edits the origin's CellList in place, so a second one would edit it again)."""
    x = ms.Tensor(np.linspace(-1.5, 1.5, 6, dtype=np.float32).reshape(2, 3))
    net = stree.get_network()
    return [net(x, y).asnumpy().round(5).tolist() for y in (2, 3)]


def case_parse(ms, nn, ops, rw):
    """The nested nodes, the managers of body nodes, a few users and the construct."""
    stree = rw.SymbolTree.create(_flow(ms, nn, ops))
    relu_1 = stree.get_node("relu_1").get_handler()
    links = {
        name: [
            [u.get_name() for u in stree.get_node(name).get_users()],
            [i.get_name() for i in stree.get_node(name).get_inputs()],
        ]
        for name in ("relu", "relu_1", "if_node", "for_node", "boolop_and", "abs")
    }
    return {
        "tree": _tree(stree.nodes()),
        "manager": relu_1.get_node_manager() is stree.get_node("for_node").get_handler(),
        "links": links,
        "construct": _construct(stree),
        "out": _out(ms, stree),
    }


def case_edit_bodies(ms, nn, ops, rw):
    """A Tanh inserted in the for body, an if-body node erased, the while body's abs replaced
    and a CellList element erased: the nodes, the construct and the edited network's output."""
    stree = rw.SymbolTree.create(_flow(ms, nn, ops))
    relu_1 = stree.get_node("relu_1")
    var = relu_1.get_targets()
    stree.insert(stree.after(relu_1), rw.Node.create_call_cell(nn.Tanh(), var, var, name="tanh"))
    stree.erase(stree.get_node("binop_add"))
    abs_2 = stree.get_node("abs_2")
    sig = rw.Node.create_call_cell(nn.Sigmoid(), abs_2.get_targets(), abs_2.get_args(), name="sig")
    stree.replace(abs_2, [sig])
    stree.erase(stree.get_node("ReLU"))
    return {
        "tree": _tree(stree.nodes()),
        "found": [stree.get_node(n) is not None for n in ("tanh", "sig", "abs_2", "ReLU", "Tanh")],
        "construct": _construct(stree),
        "out": _out(ms, stree),
    }


def case_erase_flow(ms, nn, ops, rw):
    """Erasing an if's and a while's body node leaves ``pass``; erasing the else part too
    removes the statement; the nodes inside are gone with them."""
    stree = rw.SymbolTree.create(_flow(ms, nn, ops))
    stree.erase(stree.get_node("if_node"))
    stree.erase(stree.get_node("while_node"))
    halfway = _construct(stree)
    stree.erase(stree.get_node("else_node"))
    stree.erase(stree.get_node("while_else_node"))
    return {
        "halfway": halfway,
        "construct": _construct(stree),
        "found": [stree.get_node(n) is not None for n in ("relu", "abs_1", "abs_2", "for_node")],
        "out": _out(ms, stree),
    }


def case_erase_container(ms, nn, ops, rw):
    """Erasing a SequentialCell's node (its user now reading the input before it) takes one
    node out of the tree's node table: the container's, not its elements'."""
    stree = rw.SymbolTree.create(_module(ms, nn, ops).Chain())
    before = len(stree.get_handler()._nodes)
    container = next(n for n in stree.nodes() if n.get_node_type() is rw.NodeType.CellContainer)
    elements = [n.get_name() for n in container.get_handler().nodes()]
    for user in container.get_users():
        user.set_arg(0, "x")
    stree.erase(container)
    # (no output: MindSpore 2.10's code generated after this erase does not run)
    return {"elements": elements, "removed": before - len(stree.get_handler()._nodes)}


def case_cell_list(ms, nn, ops, rw):
    """Elements of the CellList a for statement walks: one inserted, one erased, one replaced;
    the elements, the ``__init__`` lines replaying the edits and the edited network's output."""
    stree = rw.SymbolTree.create(_module(ms, nn, ops).Blocks())
    relu = stree.get_node("ReLU")
    stree.insert(stree.after(relu), rw.Node.create_call_cell(nn.Tanh(), ["x"], name="tanh"))
    stree.erase(stree.get_node("ReLU_1"))
    sig = rw.Node.create_call_cell(nn.Sigmoid(), ["x"], name="sig")
    stree.replace(stree.get_node("Shift"), [sig])
    blocks = stree.get_node("self.blocks").get_handler()
    x = ms.Tensor(np.linspace(-1.5, 1.5, 6, dtype=np.float32).reshape(2, 3))
    return {
        "elements": [n.get_name() for n in blocks.nodes()],
        "init": [line.strip() for line in stree.get_code().splitlines() if "self.blocks" in line],
        "out": stree.get_network()(x).asnumpy().round(5).tolist(),
    }


def case_static_if(ms, nn, ops, rw):
    """flatten_static_if_control_flow: ifs on plain attributes, a class attribute and the
    context give way to the branch taken, inside an if on an input too (which stays).
    (MindSpore 2.10 breaks an if nested in a branch taken, so none is.)"""
    stree = rw.SymbolTree.create(_module(ms, nn, ops).Static())
    stree.flatten_static_if_control_flow()

    def calls(nodes):
        rows = []
        for node in nodes:
            handler = node.get_handler()
            if node.get_node_type() is rw.NodeType.ControlFlow:
                # MindSpore renames the nodes it moves; the structure is compared
                rows.append(["flow", calls([type(node)(n) for n in handler.nodes()])])
            elif node.get_node_type() in (rw.NodeType.CallCell, rw.NodeType.CallPrimitive):
                rows.append(str(handler.get_func_name()))
        return rows

    return {"calls": calls(stree.nodes()), "out": _out(ms, stree)}


CASES = {
    name[len("case_") :]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")
}
