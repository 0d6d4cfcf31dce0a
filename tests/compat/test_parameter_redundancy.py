"""get_parameter_redundancy / remove_param_redundancy against MindSpore 2.10 (golden)."""

import pytest
from _paths import case_table, golden

from msfunc.compat.parameter_redundancy import get_parameter_redundancy, remove_param_redundancy

GOLDEN = golden("parameter_redundancy")
LAYOUTS = case_table("gen_parameter_redundancy_golden").LAYOUTS


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_matches_mindspore(name):
    layout, first = LAYOUTS[name]
    groups = get_parameter_redundancy(layout, initial_rank=first)
    assert {k: [list(g) for g in v] for k, v in groups.items()} == GOLDEN[name]["groups"]
    for keep in (1, 2, 3):
        kept = remove_param_redundancy(groups, keep_redundancy=keep)
        found = {str(rank): sorted(names) for rank, names in kept.items()}
        assert found == GOLDEN[name]["kept"][str(keep)]


def test_layout_must_be_a_dict():
    with pytest.raises(TypeError):
        get_parameter_redundancy([("w", ([2], [0], [2]))])
