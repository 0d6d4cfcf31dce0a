"""SummaryCollector's options checked and completed: what to collect
(`collect_specified_data`), the loss-landscape settings and custom lineage data.

Example:
    >>> specified_data({"collect_metric": False}, keep_default=False)
    {'collect_metric': False}
    >>> specified_data({"collect_graph": 1}, keep_default=True)
    Traceback (most recent call last):
    ...
    TypeError: SummaryCollector: `collect_graph` must be bool, got int
"""

from __future__ import annotations

import copy
import json
import logging
import os
import re

from ..summary._checks import check_type

__all__ = ["DEFAULT_SPECIFIED_DATA", "specified_data", "check_landscape", "custom_lineage"]

_log = logging.getLogger("msfunc.train.summary")
_OWNER = "SummaryCollector"

DEFAULT_SPECIFIED_DATA = {
    "collect_metric": True,
    "collect_graph": True,
    "collect_train_lineage": True,
    "collect_eval_lineage": True,
    "collect_input_data": True,
    "collect_dataset_graph": True,
    "histogram_regular": None,
    "collect_landscape": {
        "landscape_size": 40,
        "unit": "step",
        "num_samples": 2048,
        "create_landscape": {"train": True, "result": True},
        "intervals": [list(range(1, 10)), list(range(10, 20))],
    },
}
# MindInsight's hyper-parameter tuner hands custom lineage data through this variable
_HYPER_CONFIG_ENV = "MINDINSIGHT_HYPER_CONFIG"
_HYPER_CONFIG_LIMIT = 100000


def specified_data(data, keep_default, defaults=None):
    """`data` (a dict or None) checked, completed with the defaults when `keep_default`."""
    defaults = DEFAULT_SPECIFIED_DATA if defaults is None else defaults
    check_type(_OWNER, "collect_specified_data", data, (dict, type(None)))
    if data is None:
        return dict(defaults) if keep_default else {}
    for key in data:
        check_type(_OWNER, "collect_specified_data key", key, str)
    unknown = set(data) - set(defaults)
    if unknown:
        raise ValueError(
            f"{_OWNER}: the keys {unknown} of `collect_specified_data` are unsupported; "
            f"expected some of {list(defaults)}"
        )
    if "histogram_regular" in data:
        regular = check_type(
            _OWNER, "histogram_regular", data["histogram_regular"], (str, type(None))
        )
        if regular is not None:
            try:
                re.compile(regular)
            except re.error as exc:
                raise ValueError(
                    f"{_OWNER}: `histogram_regular` of `collect_specified_data` is not a "
                    f"regular expression: {exc}"
                ) from exc
    for key in set(defaults) - {"histogram_regular", "collect_landscape"}:
        if key in data:
            check_type(_OWNER, key, data[key], bool)
    if not keep_default:
        return data
    result = dict(defaults)
    result.update(data)
    return result


def check_landscape(landscape):
    """Check the ``collect_landscape`` dict of `collect_specified_data`."""
    allowed = DEFAULT_SPECIFIED_DATA["collect_landscape"]
    unknown = set(landscape) - set(allowed)
    if unknown:
        raise ValueError(
            f"{_OWNER}: the keys {unknown} of `collect_landscape` are unsupported; expected some "
            f"of {list(allowed)}"
        )
    size = check_type(_OWNER, "landscape_size", landscape.get("landscape_size", 40), int)
    if not 3 <= size <= 256:
        raise ValueError(f"{_OWNER}: `landscape_size` must be in [3, 256], got {size}")
    unit = check_type(_OWNER, "unit", landscape.get("unit", "step"), str)
    if unit not in ("step", "epoch"):
        raise ValueError(
            f"{_OWNER}: `unit` of `collect_landscape` must be 'step' or 'epoch', got {unit!r}"
        )
    check_type(_OWNER, "num_samples", landscape.get("num_samples", 2048), int)
    create = landscape.get("create_landscape", {"train": True, "result": True})
    check_type(_OWNER, "create_landscape", create, dict)
    for key, value in create.items():
        if key not in ("train", "result"):
            raise ValueError(
                f"{_OWNER}: keys of `create_landscape` are 'train' and 'result', got {key!r}"
            )
        check_type(_OWNER, key, value, bool)
    intervals = check_type(_OWNER, "intervals", landscape.get("intervals"), list)
    for interval in intervals:
        check_type(_OWNER, "each interval of intervals", interval, list)
        if len(interval) < 3:
            raise ValueError(
                f"{_OWNER}: each interval needs at least three entries, got {interval}"
            )
        for entry in interval:
            if not isinstance(entry, int):
                raise TypeError(
                    f"{_OWNER}: interval entries must be int, got {type(entry).__name__}"
                )


def _check_lineage_items(name, data):
    check_type(_OWNER, name, data, (dict, type(None)))
    for key, value in data.items():
        check_type(_OWNER, f"{name} key", key, str)
        check_type(_OWNER, f"{name}[{key!r}]", value, (int, str, float))


def _from_hyper_config():
    """Custom lineage data MindInsight's tuner put in the environment ({} when none)."""
    config = os.environ.get(_HYPER_CONFIG_ENV)
    if config is None:
        return {}
    if len(config) > _HYPER_CONFIG_LIMIT:
        _log.warning(
            "%s is longer than %d characters; ignored", _HYPER_CONFIG_ENV, _HYPER_CONFIG_LIMIT
        )
        return {}
    try:
        found = json.loads(config).get("custom_lineage_data")
    except (TypeError, ValueError, AttributeError) as exc:
        _log.warning("%s is not a JSON object: %s", _HYPER_CONFIG_ENV, exc)
        return {}
    return found if found is not None else {}


def custom_lineage(data):
    """`data` (dict of str -> int/str/float, or None) checked, over the tuner's own."""
    data = {} if data is None else data
    _check_lineage_items("custom_lineage_data", data)
    merged = _from_hyper_config()
    _check_lineage_items("custom lineage data of MINDINSIGHT_HYPER_CONFIG", merged)
    merged = copy.copy(merged)
    merged.update(data)  # the program's own values win
    return merged
