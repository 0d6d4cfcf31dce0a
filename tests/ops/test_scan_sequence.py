"""ops.Scan over a Python list or tuple against real MindSpore 2.10
(tests/golden/scan_sequence.json from tests/oracle/gen_scan_sequence_golden.py)."""

import msfunc as ms
from msfunc import ops
from tests._paths import golden

GOLDEN = golden("scan_sequence")


def step(total, x):
    total = total + x
    return total, total * 2


def _plain(result):
    total, ys = result
    assert isinstance(ys, list)
    return [int(total), [int(y) for y in ys]]


def test_list_tuple_and_defaults_match_mindspore():
    assert _plain(ops.Scan()(step, 0, [1, 2, 3, 4], 4, False)) == GOLDEN["list"]
    assert _plain(ops.Scan()(step, 1, (5, -2, 7), 3, False)) == GOLDEN["tuple"]
    assert _plain(ops.Scan()(step, 0, [1, 2, 3, 4])) == GOLDEN["defaults"]


def test_list_under_jit_matches_mindspore():
    @ms.jit
    def scan_in_jit(xs):
        return ops.Scan()(step, 0, xs, len(xs), False)

    assert _plain(scan_in_jit([1, 2, 3, 4])) == GOLDEN["jit_list"]
