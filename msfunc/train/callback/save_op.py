"""The network a graph's save operation writes Parameters back into: `set_cur_net` names it,
`checkpoint_cb_for_save_op` loads the saved values into it (once)."""

from __future__ import annotations

import logging

__all__ = ["set_cur_net", "checkpoint_cb_for_save_op"]

_log = logging.getLogger("msfunc.train")
_CUR_NET = [None]


def set_cur_net(net):
    """Name the network that `checkpoint_cb_for_save_op` loads into (None: no network).

    Example:
        >>> set_cur_net(None)
    """
    _CUR_NET[0] = net


def checkpoint_cb_for_save_op(parameter_list):
    """Load ``[{'name': str, 'data': Tensor}, ...]`` into the network `set_cur_net` named, every
    name strictly, then forget that network.

    Args:
        parameter_list (list[dict]): The saved values (the list is emptied).

    Returns:
        bool, whether a network was there to load into.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 1)
        >>> set_cur_net(net)
        >>> checkpoint_cb_for_save_op([{"name": "weight", "data": ms.Tensor(np.ones((1, 2)))},
        ...                            {"name": "bias", "data": ms.Tensor(np.zeros(1))}])
        True
        >>> net.weight.asnumpy().tolist()
        [[1.0, 1.0]]
    """
    from ...common.parameter import Parameter
    from ..serialization import load_param_into_net

    net = _CUR_NET[0]
    if net is None:
        _log.warning("no network was set with set_cur_net: the Parameters are not updated")
        return False
    values = {}
    while parameter_list:
        item = parameter_list.pop(0)
        values[item["name"]] = Parameter(item["data"], name=item["name"])
    load_param_into_net(net, values, strict_load=True)
    set_cur_net(None)
    return True
