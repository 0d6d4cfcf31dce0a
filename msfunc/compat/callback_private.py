"""The private names of ``mindspore.train.callback`` that MindSpore programs and tests drive
callbacks and checkpoints with by hand: ``_InternalCallbackParam``, ``_CallbackManager``,
``_CheckpointManager``, ``_checkpoint_cb_for_save_op``, ``_set_cur_net``, ``_handle_loss``
and ``_chg_ckpt_file_name_if_same_exist`` (MindSpore's ``callback._checkpoint``).

Example:
    >>> from msfunc.train.callback import Callback, RunContext
    >>> class Count(Callback):
    ...     def on_train_epoch_end(self, run_context):
    ...         run_context.original_args().seen = True
    >>> params = _InternalCallbackParam()
    >>> with _CallbackManager([Count()]) as callbacks:
    ...     callbacks.on_train_epoch_end(RunContext(params))
    >>> params.seen
    True
"""

import numpy as np

from ..common.tensor import Tensor
from ..train.callback import CallbackParam
from ..train.callback.ckpt_files import CheckpointManager, unused_prefix
from ..train.callback.manager import CallbackManager
from ..train.callback.save_op import checkpoint_cb_for_save_op, set_cur_net

__all__ = []

_InternalCallbackParam = CallbackParam
_CallbackManager = CallbackManager
_CheckpointManager = CheckpointManager
_checkpoint_cb_for_save_op = checkpoint_cb_for_save_op
_set_cur_net = set_cur_net
_chg_ckpt_file_name_if_same_exist = unused_prefix


def _handle_loss(loss):
    """A step's outputs as callbacks show the loss: a Tensor becomes the float of its mean, a
    tuple or list led by a Tensor gives that Tensor (unconverted), anything else is returned
    as it is (an empty tuple raises IndexError, as in MindSpore).

    Example:
        >>> import numpy as np
        >>> _handle_loss(Tensor(np.array([1.0, 2.0], np.float32)))
        1.5
        >>> _handle_loss((Tensor(2.5), Tensor(7.0))).shape, _handle_loss(0.25)
        ((), 0.25)
    """
    if isinstance(loss, (tuple, list)):
        return loss[0] if isinstance(loss[0], Tensor) else loss
    if isinstance(loss, Tensor):
        return float(np.mean(loss.asnumpy()))
    return loss
