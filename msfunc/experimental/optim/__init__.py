"""``mindspore.experimental.optim``: torch-style optimizers with Parameter learning rates."""

from . import lr_scheduler
from .optimizer import Optimizer
from .sgd_adam import SGD, Adam, AdamW

__all__ = ["SGD", "Adam", "AdamW", "Optimizer", "lr_scheduler"]
