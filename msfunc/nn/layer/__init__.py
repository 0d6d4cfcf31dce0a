"""msfunc.nn layers, one module per topic as in MindSpore (basic, conv, pooling, ...)."""

from . import (
    activation,
    basic,
    conv,
    dense,
    embedding,
    normalization,
    norms,
    padding,
    pooling,
    rnns,
    transformer,
)
from .activation import *  # noqa: F403
from .basic import *  # noqa: F403
from .conv import *  # noqa: F403
from .dense import *  # noqa: F403
from .embedding import *  # noqa: F403
from .normalization import *  # noqa: F403
from .norms import *  # noqa: F403
from .padding import *  # noqa: F403
from .pooling import *  # noqa: F403
from .rnns import *  # noqa: F403
from .transformer import *  # noqa: F403

__all__ = [name for module in (activation, basic, conv, dense, embedding, normalization, norms,
                               padding, pooling, rnns, transformer) for name in module.__all__]
