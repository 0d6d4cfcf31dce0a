"""msfunc.nn losses (MindSpore's `mindspore.nn.loss`)."""

from . import classification, loss, margin, multi_class_dice
from .classification import *  # noqa: F403
from .loss import *  # noqa: F403
from .margin import *  # noqa: F403
from .multi_class_dice import *  # noqa: F403

__all__ = (
    list(loss.__all__)
    + list(classification.__all__)
    + list(margin.__all__)
    + list(multi_class_dice.__all__)
)
