"""Checks that the ranks of a distributed run issued their communication operators in one order."""

import csv
import os
import re
from collections import defaultdict

from .. import log as logger

__all__ = [
    "CommExecOrderChecker",
    "ExecuteOrder",
    "RankFolderParser",
    "comm_exec_order_check",
    "detect_cycle_in_graph",
    "modify_execute_orders",
    "parse_and_validate",
    "runtime_execution_order_check",
]

# Point-to-point primitives: their key names the pair of ranks, not the group's members.
_SENDS = frozenset({"Send", "DistCommIsend", "InnerCommIsend"})
_RECEIVES = frozenset({"Receive", "DistCommIrecv", "InnerCommIrecv"})
# The header a rank's comm_execute_order.csv must carry, column for column.
_COLUMNS = (
    "index group comm_rank primitive src_rank dest_rank root_rank input_shape input_type "
    "output_shape output_type input_size output_size"
).split()
_CSV_NAME = "comm_execute_order.csv"
# A group of many thousand ranks writes a comm_rank field far over csv's 128 KiB default.
_FIELD_LIMIT = 10 * 1024 * 1024
_ORDER_DIR = "execute_order"


class CommExecOrderChecker:
    """The online collector behind `comm_exec_order_check` (one per process).

    msfunc runs a distributed program as one SPMD computation: every rank executes the same
    traced collectives in the same order, so the check between two ranks always agrees once a
    communication group exists. Without one there is nothing to compare (RuntimeError).

    Example:
        >>> checker = CommExecOrderChecker.get_instance()
        >>> checker is CommExecOrderChecker.get_instance()
        True
    """

    _instance = None

    @classmethod
    def get_instance(cls):
        """The process's collector."""
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def start_collect_exec_order(self):
        """Begin recording the order of communication operators."""

    def stop_collect_exec_order(self):
        """Stop recording and compare the ranks' orders."""
        from ..communication import is_initialized

        if not is_initialized():
            raise RuntimeError(
                "comm_exec_order_check('end'): no communication group is initialised, so there "
                "are no ranks to compare; call msfunc.communication.init() first"
            )


_collecting = [False]  # (whether a 'start' awaits its 'end', across calls)


def comm_exec_order_check(action):
    """Start ('start') or stop and verify ('end') the collection of communication orders.

    A repeated 'start' or an 'end' without a 'start' is logged as an error and ignored.

    Example:
        >>> comm_exec_order_check("begin")
        Traceback (most recent call last):
        ...
        ValueError: comm_exec_order_check: action must be 'start' or 'end', got 'begin'
    """
    if not isinstance(action, str):
        raise TypeError(f"comm_exec_order_check: action must be a str, got {type(action).__name__}")
    if action not in ("start", "end"):
        raise ValueError(f"comm_exec_order_check: action must be 'start' or 'end', got {action!r}")
    checker = CommExecOrderChecker.get_instance()
    if action == "start":
        if _collecting[0]:
            logger.error("comm_exec_order_check: 'start' was already called; it is ignored.")
            return
        _collecting[0] = True
        checker.start_collect_exec_order()
        return
    if not _collecting[0]:
        logger.error("comm_exec_order_check: 'end' needs an earlier 'start'; it is ignored.")
        return
    _collecting[0] = False
    checker.stop_collect_exec_order()


class ExecuteOrder:
    """One row of a rank's comm_execute_order.csv: a communication operator it executed.

    `comm_rank` is the group's members separated by spaces.

    Example:
        >>> ExecuteOrder("1", "g", "0 1", "AllReduce").generate_key("0", 2)
        'AllReduce_g_(0,1)_2th'
    """

    def __init__(
        self,
        index: str,
        group: str,
        comm_rank: str,
        primitive: str,
        src_rank: str = "",
        dest_rank: str = "",
        root_rank: str = "",
        input_shape: str = "",
        output_shape: str = "",
    ):
        self.index = index
        self.group = group
        self.comm_rank = comm_rank.split()
        self.primitive = primitive
        self.src_rank = src_rank
        self.dest_rank = dest_rank
        self.root_rank = root_rank
        self.input_shape = input_shape
        self.output_shape = output_shape

    def generate_base_key(self, rank: str) -> str:
        """The name every rank taking part gives this operator, before its occurrence count.

        A send and its receive meet on one name ``Send_Receive_<group>_(src)->(dest)_<shape>``
        as seen from `rank`; a collective names its group's members.
        """
        members = ",".join(self.comm_rank)
        if not (self.src_rank or self.dest_rank or self.root_rank):
            return f"{self.primitive}_{self.group}_({members})"
        if self.primitive in _SENDS:
            return f"Send_Receive_{self.group}_({rank})->({self.dest_rank})_{self.input_shape}"
        if self.primitive in _RECEIVES:
            return f"Send_Receive_{self.group}_({self.src_rank})->({rank})_{self.output_shape}"
        key = f"{self.primitive}_{self.group}_commRank:({members})"
        for label, value in (
            ("srcRank", self.src_rank),
            ("destRank", self.dest_rank),
            ("rootRank", self.root_rank),
        ):
            if value:
                key += f"_{label}:({value})"
        return key

    def generate_key(self, rank: str, count: int) -> str:
        """The base key with the 1-based occurrence `count` of that key on `rank`."""
        return f"{self.generate_base_key(rank)}_{count}th"


def _rank_id(name):
    return name.split("_")[1] if name.count("_") else ""


def _rank_sort_key(name):
    # rank_2 before rank_10: rank folders sort by their number where they have one
    rank = _rank_id(name)
    return (0, int(rank), name) if rank.isdigit() else (1, 0, name)


class RankFolderParser:
    """Reads ``rank_<x>/execute_order/comm_execute_order.csv`` under the given folders.

    `folders` (a str or a list of str) are absolute paths, each a ``rank_<x>`` folder or a
    folder holding them; a path that does not exist, holds no rank folder or repeats a
    rank raises ValueError.

    Example:
        >>> RankFolderParser("relative/path")
        Traceback (most recent call last):
        ...
        ValueError: RankFolderParser: 'relative/path' is not an absolute path
    """

    REQUIRED_COLUMNS = list(_COLUMNS)

    def __init__(self, folders):
        self.folders = [folders] if isinstance(folders, str) else folders
        self.result_map = {}
        self._check_folders()

    def _check_folders(self):
        seen = set()
        for path in self.folders:
            if not os.path.isabs(path):
                raise ValueError(f"RankFolderParser: {path!r} is not an absolute path")
            if not os.path.exists(path):
                raise ValueError(f"RankFolderParser: Path does not exist: {path!r}")
            if not os.path.isdir(path):
                raise ValueError(f"RankFolderParser: {path!r} is not a folder")
            ranks = self._rank_folders(path)
            if not ranks:
                raise ValueError(
                    f"RankFolderParser: No rank_x folders found in {path!r} (expected folders "
                    "named rank_<number>, or such a folder itself)"
                )
            for rank in ranks:
                if rank in seen:
                    raise ValueError(f"RankFolderParser: {rank} is given twice (in {path!r})")
                seen.add(rank)

    @staticmethod
    def _rank_folders(path):
        """The rank_<x> folder names `path` stands for: itself, or the ones it holds."""
        name = os.path.basename(path)
        if name.startswith("rank_"):
            return [name]
        return sorted(
            (d for d in os.listdir(path) if d.startswith("rank_")),
            key=_rank_sort_key,
        )

    def parse(self):
        """Rank id -> its list of ExecuteOrder, for every rank whose file reads cleanly.

        A rank with no ``execute_order`` folder, no csv or a wrong header is logged and left out.
        """
        for path in self.folders:
            base = os.path.basename(path)
            for rank in self._rank_folders(path):
                folder = path if base.startswith("rank_") else os.path.join(path, rank)
                order_dir = os.path.join(folder, _ORDER_DIR)
                if not os.path.isdir(order_dir):
                    logger.error(f"RankFolderParser: {folder!r} has no {_ORDER_DIR} folder")
                    continue
                rank_id, orders = self.parse_rank_folder(order_dir, _rank_id(rank))
                if orders:
                    self.result_map[rank_id] = orders
        return self.result_map

    def parse_rank_folder(self, rank_folder_path, rank_id):
        """``(rank_id, orders)`` from the csv in `rank_folder_path`; orders is None (and the
        reason logged) when the file is missing or its header is not the expected one."""
        csv_path = os.path.join(rank_folder_path, _CSV_NAME)
        if not os.path.exists(csv_path):
            logger.error(f"RankFolderParser: rank {rank_id} has no {csv_path!r}; skipped")
            return rank_id, None
        csv.field_size_limit(max(csv.field_size_limit(), _FIELD_LIMIT))
        try:
            with open(csv_path, encoding="utf-8") as handle:
                reader = csv.DictReader(handle)
                if reader.fieldnames != self.REQUIRED_COLUMNS:
                    logger.error(
                        f"RankFolderParser: {csv_path!r} has columns {reader.fieldnames}, "
                        f"expected {self.REQUIRED_COLUMNS}; skipped"
                    )
                    return rank_id, None
                orders = [_order_of(row) for row in reader]
        except FileNotFoundError as exc:
            logger.error(f"RankFolderParser: cannot read {csv_path!r} ({exc}); skipped")
            return rank_id, None
        return rank_id, orders


def _order_of(row):
    fields = "index group comm_rank primitive src_rank dest_rank root_rank input_shape output_shape"
    return ExecuteOrder(**{name: row[name] for name in fields.split()})


def modify_execute_orders(execute_orders_map):
    """Rank -> the keys of its ExecuteOrders in order, each numbered by how many times the
    same operator occurred on that rank so far (a None list counts as empty).

    Example:
        >>> send = ExecuteOrder("1", "g", "0", "Send", src_rank="0", dest_rank="1", input_shape="s")
        >>> modify_execute_orders({"0": [send, send]})
        {'0': ['Send_Receive_g_(0)->(1)_s_1th', 'Send_Receive_g_(0)->(1)_s_2th']}
    """
    keyed = {}
    for rank, orders in execute_orders_map.items():
        seen = defaultdict(int)
        keys = []
        for order in orders or ():
            base = order.generate_base_key(rank)
            seen[base] += 1
            keys.append(order.generate_key(rank, seen[base]))
        keyed[rank] = keys
    return keyed


_PAREN = re.compile(r"\((.*?)\)")


def _ranks_named(key):
    """The ranks a key names: the members of its first two parenthesised groups."""
    return {part.strip() for group in _PAREN.findall(key)[:2] for part in group.split(",")}


def parse_and_validate(data, all_rank=True):
    """Log an error for every operator key some rank it names does not also hold.

    `data` maps rank -> list of keys (from `modify_execute_orders`). With `all_rank` every
    rank a key names must be in `data`; without it, ranks absent from `data` are not checked.

    Example:
        >>> parse_and_validate({"0": ["AllReduce_g_(0)_1th"]})
    """
    if not isinstance(data, dict):
        logger.error("parse_and_validate: data must be a dict of rank -> list of str")
        return
    valid = {
        rank: set(keys)
        for rank, keys in data.items()
        if isinstance(keys, list) and all(isinstance(k, str) for k in keys)
    }
    for rank, keys in data.items():
        if rank not in valid:
            logger.error(f"parse_and_validate: the keys of rank {rank!r} are not a list of str")
            continue
        for key in keys:
            named = _ranks_named(key)
            absent = named - valid.keys()
            if all_rank and absent:
                logger.error(f"parse_and_validate: {key!r} names ranks with no record: {absent}")
                continue
            for other in sorted(named - absent):
                if key not in valid[other]:
                    logger.error(f"parse_and_validate: rank {other!r} lacks {key!r}")


def detect_cycle_in_graph(ranks_map):
    """``(cycle, edges)`` for the first cycle of the order graph, or ``(None, None)``.

    Each rank's list orders its operators: consecutive keys are an edge. The search runs
    depth-first from the nodes in the order they first start an edge; `edges` names each
    step ``"<rank> <from> -> <to>"`` (the last rank giving that edge).

    Example:
        >>> detect_cycle_in_graph({"0": ["a", "b"], "1": ["b", "a"]})
        (['a', 'b', 'a'], ['0 a -> b', '1 b -> a'])
    """
    successors = defaultdict(list)
    edge_rank = {}
    for rank, nodes in ranks_map.items():
        for here, there in zip(nodes, nodes[1:]):
            successors[here].append(there)
            edge_rank[(here, there)] = rank
    done = set()
    for root in list(successors):
        if root in done:
            continue
        path, on_path = [root], {root: 0}
        done.add(root)
        pending = [iter(successors[root])]  # (iterators over each path node's successors)
        while pending:
            step = next(pending[-1], None)
            if step is None:
                pending.pop()
                del on_path[path.pop()]
                continue
            if step in on_path:
                cycle = path[on_path[step] :] + [step]
                return cycle, [f"{edge_rank[(a, b)]} {a} -> {b}" for a, b in zip(cycle, cycle[1:])]
            if step not in done:
                done.add(step)
                on_path[step] = len(path)
                path.append(step)
                pending.append(iter(successors.get(step, ())))
    return None, None


def _all_rank_default(folders):
    if isinstance(folders, str):
        return bool(folders) or None
    if isinstance(folders, list) and folders:
        return len(folders) == 1
    return None


def runtime_execution_order_check(folders_, all_rank=None):
    """Check the communication orders MindSpore-style runs saved under rank_<x> folders.

    Reads every rank's ``execute_order/comm_execute_order.csv``, logs an error for each
    operator a rank is missing and for the first cycle in the ranks' combined order (a
    deadlock), and logs a warning that the check passed when there is none. `all_rank`
    (default: True for a single path) requires every rank a key names to be present.

    Example:
        >>> runtime_execution_order_check(None)
    """
    if all_rank is None:
        all_rank = _all_rank_default(folders_)
    if folders_ is None:
        logger.error("runtime_execution_order_check: folders_ must be a path or a list of paths")
        return
    orders = RankFolderParser(folders_).parse()
    if not orders:
        logger.error("runtime_execution_order_check: no rank gave any execution order")
        return
    for rank, rank_orders in orders.items():
        if not rank_orders:
            logger.error(f"runtime_execution_order_check: rank {rank} has no execution order")
            return
    keyed = modify_execute_orders(orders)
    parse_and_validate(keyed, bool(all_rank))  # (no answer for an odd folders_: as False)
    cycle, edges = detect_cycle_in_graph(keyed)
    if not cycle:
        logger.warning("runtime_execution_order_check: no cycle in the communication order.")
        return
    logger.error("runtime_execution_order_check: cycle in the communication order:")
    logger.error(" -> ".join(cycle))
    logger.error("ranks involved:")
    for edge in edges or ():
        logger.error(edge)
