"""msfunc.nn losses (MindSpore's `mindspore.nn.loss`)."""

from . import loss
from .loss import *  # noqa: F403

__all__ = list(loss.__all__)
