"""msfunc.nn losses (MindSpore's `mindspore.nn.loss`)."""

from . import loss, multi_class_dice
from .loss import *  # noqa: F403
from .multi_class_dice import *  # noqa: F403

__all__ = list(loss.__all__) + list(multi_class_dice.__all__)
