"""msfunc.nn layers, one module per topic as in MindSpore (basic, conv, pooling, ...)."""

from . import (
    activation,
    basic,
    channel_shuffle,
    conv,
    dense,
    embedding,
    fractional_pooling,
    image,
    index_cells,
    math,
    normalization,
    norms,
    padding,
    pooling,
    rnns,
    transformer,
    unpooling,
)
from .activation import *  # noqa: F403
from .basic import *  # noqa: F403
from .channel_shuffle import *  # noqa: F403
from .conv import *  # noqa: F403
from .dense import *  # noqa: F403
from .embedding import *  # noqa: F403
from .fractional_pooling import *  # noqa: F403
from .image import *  # noqa: F403
from .index_cells import *  # noqa: F403
from .math import *  # noqa: F403
from .normalization import *  # noqa: F403
from .norms import *  # noqa: F403
from .padding import *  # noqa: F403
from .pooling import *  # noqa: F403
from .rnns import *  # noqa: F403
from .transformer import *  # noqa: F403
from .unpooling import *  # noqa: F403

__all__ = [
    name
    for module in (
        activation,
        basic,
        channel_shuffle,
        conv,
        dense,
        embedding,
        fractional_pooling,
        image,
        index_cells,
        math,
        normalization,
        norms,
        padding,
        pooling,
        rnns,
        transformer,
        unpooling,
    )
    for name in module.__all__
]
