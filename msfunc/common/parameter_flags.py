"""The distribution and caching flags a MindSpore Parameter carries (no effect in msfunc)."""

from __future__ import annotations

import copy

__all__ = ["ParameterFlags"]

# every name a Parameter keeps in its dict for these flags (copies carry them)
_FLAG_NAMES = ["cache_shape", "pipeline_stages"]


def _flag(name, default, kind, doc):
    """A property read from the instance dict (`default` when never set), checked on write."""
    _FLAG_NAMES.append(name)

    def get(self):
        return self.__dict__.get(name, default)

    def set_(self, value):
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(
                f"Parameter.{name} must be a {kind.__name__}, got {type(value).__name__}"
            )
        self.__dict__[name] = value

    return property(get, set_, doc=doc)


class ParameterFlags:
    """MindSpore's Parameter flags for parallel training and host caching, with MindSpore's
    defaults. msfunc shards through JAX (``msfunc.shard``), so they are recorded, not acted on.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> w.parallel_optimizer, w.comm_fusion, w.cache_enable
        (True, 1, False)
        >>> w.comm_fusion = 2
        >>> w.comm_fusion
        2
    """

    __slots__ = ()

    cache_enable = _flag("cache_enable", False, bool, "Host-device cache of the Parameter.")
    comm_fusion = _flag("comm_fusion", 1, int, "Fusion group of its gradient's communication.")
    key = _flag("key", -1, int, "Its parameter-server key.")
    layerwise_parallel = _flag("layerwise_parallel", False, bool, "Sliced by model parallel.")
    parallel_optimizer = _flag("parallel_optimizer", True, bool, "Sharded by the optimizer.")
    parallel_optimizer_comm_recompute = _flag(
        "parallel_optimizer_comm_recompute", False, bool, "Optimizer all-gather recomputed."
    )
    requires_aggr = _flag("requires_aggr", True, bool, "Aggregated across devices.")
    sliced = _flag("sliced", False, bool, "Already sliced for its device.")
    is_in_parallel = False
    init_mode = None
    inited_param = None

    @property
    def cache_shape(self):
        """The shape of its host cache (empty: no cache)."""
        return self.__dict__.get("cache_shape", [])

    @cache_shape.setter
    def cache_shape(self, value):
        self.__dict__["cache_shape"] = list(value)

    def copy_flags_to(self, other):
        """Give `other` (a Parameter) the flags set on this one."""
        for name in _FLAG_NAMES:
            if name in self.__dict__:
                other.__dict__[name] = copy.copy(self.__dict__[name])

    def add_pipeline_stage(self, stage):
        """Record a pipeline stage the Parameter belongs to (one device: recorded only)."""
        if isinstance(stage, bool) or not isinstance(stage, int) or stage < 0:
            raise TypeError(
                f"Parameter.add_pipeline_stage: `stage` must be an int >= 0, got {stage!r}"
            )
        self.__dict__.setdefault("pipeline_stages", []).append(stage)
