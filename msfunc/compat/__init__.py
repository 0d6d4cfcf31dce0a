"""Running MindSpore scripts unchanged: the ``mindspore`` import alias and the script checker.

``msfunc.compat.alias_mindspore()`` makes ``import mindspore`` give msfunc; the
command line ``python -m msfunc run script.py`` runs a script under it and
``python -m msfunc check script.py`` lists the MindSpore names a script uses that
msfunc lacks.
"""

from .alias import MindSporeModule, alias_mindspore, unalias_mindspore
from .graph_flags import COMPATIBLE, LAX, STRICT, JitConfig, mutable

__all__ = [
    "COMPATIBLE",
    "JitConfig",
    "LAX",
    "MindSporeModule",
    "STRICT",
    "alias_mindspore",
    "mutable",
    "unalias_mindspore",
]
