"""msfunc.nn layers, one module per topic as in MindSpore (basic, conv, pooling, ...)."""

from . import (
    activation,
    adaptive_pooling,
    attention,
    basic,
    channel_shuffle,
    conv,
    conv_transpose,
    dense,
    dropout,
    embedding,
    fractional_pooling,
    image,
    index_cells,
    math,
    normalization,
    norms,
    padding,
    per_sample_norm,
    pooling,
    rnns,
    sparse,
    spatial,
    transformer,
    unpooling,
)
from .activation import *  # noqa: F403
from .adaptive_pooling import *  # noqa: F403
from .attention import *  # noqa: F403
from .basic import *  # noqa: F403
from .channel_shuffle import *  # noqa: F403
from .conv import *  # noqa: F403
from .conv_transpose import *  # noqa: F403
from .dense import *  # noqa: F403
from .dropout import *  # noqa: F403
from .embedding import *  # noqa: F403
from .fractional_pooling import *  # noqa: F403
from .image import *  # noqa: F403
from .index_cells import *  # noqa: F403
from .math import *  # noqa: F403
from .normalization import *  # noqa: F403
from .norms import *  # noqa: F403
from .padding import *  # noqa: F403
from .per_sample_norm import *  # noqa: F403
from .pooling import *  # noqa: F403
from .rnns import *  # noqa: F403
from .sparse import *  # noqa: F403
from .spatial import *  # noqa: F403
from .transformer import *  # noqa: F403
from .unpooling import *  # noqa: F403

__all__ = [
    name
    for module in (
        activation,
        adaptive_pooling,
        attention,
        basic,
        channel_shuffle,
        conv,
        conv_transpose,
        dense,
        dropout,
        embedding,
        fractional_pooling,
        image,
        index_cells,
        math,
        normalization,
        norms,
        padding,
        per_sample_norm,
        pooling,
        rnns,
        sparse,
        spatial,
        transformer,
        unpooling,
    )
    for name in module.__all__
]
