"""Golden values for get_parameter_redundancy / remove_param_redundancy
(``mindspore.train._utils``) from real MindSpore 2.10: writes
tests/golden/parameter_redundancy.json for the layouts of `LAYOUTS`.
tests/compat/test_parameter_redundancy.py checks msfunc's answers.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py parameter_redundancy
"""

import json
import os

# name -> (layout dict, initial_rank); layouts: (device matrix, tensor map, slice shape, ...)
LAYOUTS = {
    "row_split": ({"w": ([4, 4], [0, -1], [8, 2], 0, True, "")}, 0),
    "col_split_offset": ({"w": ([2, 4], [1, -1], [4, 4], 0, True, "")}, 8),
    "two_axes": ({"w": ([2, 2, 2], [2, 0], [4, 4], 0, True, "")}, None),
    "two_axes_swapped": ({"w": ([2, 2, 2], [0, 2], [4, 4], 0, True, "")}, None),
    "uneven": ({"w": ([2, 3], [0], [4], 0, True, "")}, None),
    "opt_shard_group": ({"w": ([8], [-1], [4], 0, True, "2-group")}, None),
    "mixed": (
        {
            "c": ([2, 2], [0], [4], 0, True, ""),
            "a": ([4], [-1], [4], 0, True, ""),
            "b": ([4], [-1], [4], 0, True, ""),
            "d": ([2, 2], [1], [4], 0, True, ""),
            "e": ([2, 2], [0], [4], 0, True, ""),
        },
        None,
    ),
}


def main():
    from mindspore.train._utils import get_parameter_redundancy, remove_param_redundancy

    golden = {}
    for name, (layout, first) in LAYOUTS.items():
        groups = get_parameter_redundancy(layout, initial_rank=first)
        kept = {
            keep: {
                str(rank): sorted(names)
                for rank, names in sorted(
                    remove_param_redundancy(groups, keep_redundancy=keep).items()
                )
            }
            for keep in (1, 2, 3)
        }
        listed = {k: [list(g) for g in v] for k, v in groups.items()}
        golden[name] = {"groups": listed, "kept": kept}
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "golden", "parameter_redundancy.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
