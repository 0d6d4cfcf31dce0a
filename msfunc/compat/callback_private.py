"""The private names of ``mindspore.train.callback`` that MindSpore programs and tests drive
callbacks and checkpoints with by hand: ``_InternalCallbackParam``, ``_CallbackManager``,
``_CheckpointManager``, ``_checkpoint_cb_for_save_op``, ``_set_cur_net`` and
``_chg_ckpt_file_name_if_same_exist`` (MindSpore's ``callback._checkpoint``).

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
