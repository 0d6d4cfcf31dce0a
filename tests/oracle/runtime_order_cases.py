"""The communication-order checks of ``mindspore.utils.runtime_execution_order_check``: each case
``case(rt, log)`` (rt: that module, log: the logging module it reports through) builds its own
rank folders or key tables and returns JSON data (keys, cycles, how many errors and warnings
were logged, exception class names). gen_runtime_order_golden.py records MindSpore 2.10's
answers in tests/golden/runtime_order.json; tests/compat/test_runtime_order.py runs the same
cases with msfunc. No top-level import of MindSpore or msfunc.
"""

import os
import tempfile
from unittest import mock

HEADER = (
    "index,group,comm_rank,primitive,src_rank,dest_rank,root_rank,input_shape,input_type,"
    "output_shape,output_type,input_size,output_size"
)


def _row(index, group, ranks, primitive, src="", dest="", root="", shape_in="", shape_out=""):
    types_and_sizes = ("f32", shape_out, "f32", 4, 4)
    return ",".join(
        map(str, (index, group, ranks, primitive, src, dest, root, shape_in, *types_and_sizes))
    )


def _write_ranks(root, ranks, header=HEADER):
    """rank_<r>/execute_order/comm_execute_order.csv under `root` for each rank -> rows."""
    for rank, rows in ranks.items():
        folder = os.path.join(root, f"rank_{rank}", "execute_order")
        os.makedirs(folder)
        with open(os.path.join(folder, "comm_execute_order.csv"), "w") as handle:
            handle.write("\n".join([header, *rows]) + "\n")


def _logged(log, run):
    """How many errors and warnings `run()` logs (and its exception's class, if any)."""
    with mock.patch.object(log, "error") as error, mock.patch.object(log, "warning") as warning:
        try:
            run()
            raised = None
        except Exception as exc:  # noqa: BLE001 (the class is the answer)
            raised = type(exc).__name__
    return {"errors": error.call_count, "warnings": warning.call_count, "raised": raised}


def keys(rt, log):
    """The keys of every kind of operator, counted per rank."""
    order = rt.ExecuteOrder
    orders = {
        "0": [
            order("1", "g", "0 1 2", "AllReduce"),
            order("2", "g", "0 1 2", "AllReduce"),
            order("3", "p", "0", "Send", src_rank="0", dest_rank="1", input_shape="[2 3]"),
            order("4", "p", "0", "DistCommIrecv", src_rank="1", dest_rank="0", output_shape="[4]"),
            order("5", "h", "0 1", "Broadcast", root_rank="1"),
            order("6", "h", "0 1", "Reduce", src_rank="0", dest_rank="1", root_rank="1"),
            order("7", "p", "0", "Send"),
        ],
        "1": [
            order("1", "p", "1", "InnerCommIsend", src_rank="1", dest_rank="0", input_shape="[4]"),
            order("2", "p", "1", "Receive", src_rank="0", dest_rank="1", output_shape="[2 3]"),
            order("3", "p", "1", "Receive", src_rank="0", dest_rank="1", output_shape="[2 3]"),
        ],
        "2": None,
    }
    return rt.modify_execute_orders(orders)


CYCLE_MAPS = {
    "none": {"0": ["a", "b", "c"], "1": ["a", "c"]},
    "empty": {},
    "single": {"0": ["a"]},
    "self": {"0": ["a", "a"]},
    "two_ranks": {"0": ["a", "b"], "1": ["b", "a"]},
    "chain": {"0": ["a", "b", "c"], "1": ["c", "d"], "2": ["d", "b"]},
    "later_root": {"0": ["x", "y"], "1": ["p", "q", "p"]},
    "branching": {"0": ["a", "b", "d"], "1": ["a", "c", "b"], "2": ["d", "c"]},
    "same_edge": {"0": ["a", "b", "a"], "1": ["a", "b"]},
}


def cycles(rt, log):
    """The first cycle found (and its edges' ranks) in each order graph."""
    return {name: list(rt.detect_cycle_in_graph(ranks)) for name, ranks in CYCLE_MAPS.items()}


VALIDATE = {
    "match": {"0": ["AllReduce_g_(0,1)_1th"], "1": ["AllReduce_g_(0,1)_1th"]},
    "missing_rank": {"0": ["AllReduce_g_(0,1)_1th"]},
    "missing_key": {
        "0": ["AllReduce_g_(0,1)_1th", "S_(0)->(1)_1th"],
        "1": ["AllReduce_g_(0,1)_1th"],
    },
    "bad_values": {"0": "text", "1": [1, 2], "2": ["x"]},
    "three_groups": {"0": ["B_(0)_(1)_(2)_1th"], "1": ["B_(0)_(1)_(2)_1th"]},
    "spaces": {"0": ["A_( 0, 1 )_1th"], "1": ["A_( 0, 1 )_1th"]},
    "empty": {"0": [], "1": [""]},
}


def validate(rt, log):
    """Errors logged by parse_and_validate with every rank required and without."""
    out = {
        f"{name}/{all_rank}": _logged(log, lambda d=data, a=all_rank: rt.parse_and_validate(d, a))
        for name, data in VALIDATE.items()
        for all_rank in (True, False)
    }
    out["not_a_dict"] = _logged(log, lambda: rt.parse_and_validate(["x"]))
    return out


def parser_errors(rt, log):
    """The exception class for each kind of bad folder argument."""
    out = {}
    with tempfile.TemporaryDirectory() as root:
        empty = os.path.join(root, "empty")
        os.makedirs(empty)
        _write_ranks(os.path.join(root, "a"), {0: []})
        _write_ranks(os.path.join(root, "b"), {0: []})
        cases = {
            "relative": "relative/folder",
            "missing": os.path.join(root, "nothing"),
            "no_ranks": empty,
            "duplicate": [os.path.join(root, "a"), os.path.join(root, "b")],
            "duplicate_direct": [os.path.join(root, "a", "rank_0"), os.path.join(root, "b")],
        }
        for name, folders in cases.items():
            out[name] = _logged(log, lambda f=folders: rt.RankFolderParser(f))["raised"]
    return out


def _parsed(rt, folders):
    found = rt.RankFolderParser(folders).parse()
    return {rank: found[rank] and [o.primitive for o in found[rank]] for rank in sorted(found)}


def parse(rt, log):
    """What RankFolderParser reads from a parent folder, a rank folder and a bad header."""
    with tempfile.TemporaryDirectory() as root:
        _write_ranks(
            root,
            {
                0: [
                    _row(1, "g", "0 1", "AllReduce"),
                    _row(2, "p", "0", "Send", "0", "1", "", "[2]"),
                ],
                1: [_row(1, "g", "0 1", "AllReduce")],
            },
        )
        bad = os.path.join(root, "bad")
        _write_ranks(bad, {5: [_row(1, "g", "5", "AllReduce")]}, header="index,group")
        return {
            "parent": _parsed(rt, root),
            "rank_folder": _parsed(rt, [os.path.join(root, "rank_1")]),
            "bad_header": _parsed(rt, [bad, os.path.join(root, "rank_0")]),
            "read_bad": rt.RankFolderParser(bad).parse_rank_folder(
                os.path.join(bad, "rank_5", "execute_order"), "5"
            )[1],
            "read_missing": rt.RankFolderParser(bad).parse_rank_folder(root, "9")[1],
        }


def _send(dest):
    return _row(1, "p", "0", "Send", "0", dest, "", "[2]")


def _recv(src):
    return _row(1, "p", "0", "Receive", src, "0", "", "", "[2]")


RUNS = {
    "consistent": {
        0: [_row(1, "g", "0 1", "AllReduce"), _send("1"), _recv("1")],
        1: [_row(1, "g", "0 1", "AllReduce"), _recv("0"), _send("0")],
    },
    # both ranks receive first: each waits for the other's send
    "deadlock": {0: [_recv("1"), _send("1")], 1: [_recv("0"), _send("0")]},
    "missing_peer": {0: [_row(1, "g", "0 1", "AllReduce")], 1: [_row(1, "g", "0 1", "AllGather")]},
}


def runs(rt, log):
    """Errors and warnings of the whole check on consistent, deadlocked and mismatched ranks."""
    out = {}
    for name, ranks in RUNS.items():
        with tempfile.TemporaryDirectory() as root:
            _write_ranks(root, ranks)
            out[name] = _logged(log, lambda r=root: rt.runtime_execution_order_check(r))
            rank_paths = [os.path.join(root, f"rank_{r}") for r in ranks]
            check = rt.runtime_execution_order_check
            out[f"{name}/ranks"] = _logged(log, lambda p=rank_paths, c=check: c(p))
            out[f"{name}/one_rank"] = _logged(log, lambda p=rank_paths[:1], c=check: c(p))
    out["none"] = _logged(log, lambda: rt.runtime_execution_order_check(None))
    return out


def action(rt, log):
    """The exception class comm_exec_order_check raises for a bad action."""
    return {
        "number": _logged(log, lambda: rt.comm_exec_order_check(1))["raised"],
        "word": _logged(log, lambda: rt.comm_exec_order_check("stop"))["raised"],
    }


def online(rt, log):
    """comm_exec_order_check's start/end bookkeeping, and its 'end' with no communication group."""
    return [
        _logged(log, lambda a=act: rt.comm_exec_order_check(a))
        for act in ("end", "start", "start", "end", "end")
    ]


CASES = {
    "keys": keys,
    "cycles": cycles,
    "validate": validate,
    "parser_errors": parser_errors,
    "parse": parse,
    "runs": runs,
    "action": action,
    "online": online,
}
