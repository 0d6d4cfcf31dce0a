"""msfunc.train: checkpoint reading and writing, and graph export (MindSpore's mindspore.train)."""

from .convert import ckpt_to_safetensors, safetensors_to_ckpt  # noqa: F401
from .exporting import GraphCell, export, load  # noqa: F401
from .serialization import (  # noqa: F401
    async_ckpt_thread_status,
    load_checkpoint,
    load_param_into_net,
    save_checkpoint,
)
