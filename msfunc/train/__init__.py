"""msfunc.train: checkpoint reading and writing, and graph export (MindSpore's mindspore.train)."""

from .exporting import GraphCell, export, load  # noqa: F401
from .serialization import load_checkpoint, load_param_into_net, save_checkpoint  # noqa: F401
