"""SummaryCollector: a training callback that writes the loss, parameter histograms, input
images, summary primitives' values and lineage into summary files for MindInsight.

Example:
    >>> import tempfile
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import nn
    >>> from msfunc.dataset import NumpySlicesDataset
    >>> net = nn.Dense(2, 1, weight_init="ones")
    >>> data = NumpySlicesDataset({"x": np.ones((4, 2), np.float32),
    ...     "y": np.ones((4, 1), np.float32)}, shuffle=False).batch(2)
    >>> model = ms.train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    >>> collector = SummaryCollector(tempfile.mkdtemp(), collect_freq=1,
    ...     collect_specified_data={"collect_landscape": None})
    >>> model.train(1, data, callbacks=[collector])
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections import defaultdict
from typing import Any

import numpy as np

from ..summary._checks import check_positive, check_type, make_directory
from ..summary.summary_record import SummaryRecord, process_export_options
from . import _summary_lineage as lineage
from ._callback import Callback
from ._summary_options import (
    DEFAULT_SPECIFIED_DATA,
    check_landscape,
    custom_lineage,
    specified_data,
)

__all__ = ["SummaryCollector"]

_log = logging.getLogger("msfunc.train.summary")
_HISTOGRAMS_BY_DEFAULT = 5  # parameters whose histograms are kept when no regular expression
_TENSOR_STEPS_BY_DEFAULT = 20  # TensorSummary values are big: at most this many steps


class SummaryCollector(Callback):
    """Collects the common data of a training run into summary files under `summary_dir`.

    Every `collect_freq` steps (epochs in data-sink mode, and always at the first) it records
    the loss (the first network output, averaged), histograms of the optimizer's parameters,
    the first input column as images, and the summary primitives' values; at the end the
    training (or evaluation) lineage. Only one SummaryCollector may be in a callback list.

    Args:
        summary_dir (str): The directory, made when missing.
        collect_freq (int): Steps between collections. Default: ``10``.
        num_process (int): Accepted for MindSpore's signature. Default: ``32``.
        collect_specified_data (dict, optional): What to collect, keys of
            ``SummaryCollector._DEFAULT_SPECIFIED_DATA`` (``collect_metric``,
            ``histogram_regular``, ``collect_landscape`` ...).
        keep_default_action (bool): Collect what `collect_specified_data` leaves out as by
            default. Default: ``True``.
        custom_lineage_data (dict, optional): str keys to int, float or str values.
        collect_tensor_freq (int, optional): Steps between TensorSummary collections.
        max_file_size (int, optional): Bytes each file may grow to.
        export_options (dict, optional): ``{"tensor_format": "npy"}`` as in SummaryRecord.

    Raises:
        TypeError: A bad argument type.
        ValueError: A bad argument value (`collect_freq` <= 0, unknown keys, a bad regular
            expression).

    Example:
        >>> import tempfile
        >>> SummaryCollector(tempfile.mkdtemp(), collect_freq=2)._collect_freq
        2
    """

    _DEFAULT_SPECIFIED_DATA = DEFAULT_SPECIFIED_DATA

    def __init__(
        self,
        summary_dir: str,
        collect_freq: int = 10,
        num_process: int = 32,
        collect_specified_data: dict | None = None,
        keep_default_action: bool = True,
        custom_lineage_data: dict | None = None,
        collect_tensor_freq: int | None = None,
        max_file_size: int | None = None,
        export_options: dict | None = None,
    ) -> None:
        super().__init__()
        self._summary_dir = make_directory(summary_dir, "summary_dir")
        self._record = None
        self._owns_record = False
        self._collect_freq = check_positive("SummaryCollector", "collect_freq", collect_freq)
        self._collect_tensor_freq = check_positive(
            "SummaryCollector", "collect_tensor_freq", collect_tensor_freq, allow_none=True
        )
        self._tensor_collect_range = None
        self._max_file_size = check_positive(
            "SummaryCollector", "max_file_size", max_file_size, allow_none=True
        )
        self._export_options = process_export_options(export_options)
        check_type("SummaryCollector", "keep_default_action", keep_default_action, bool)
        self._collect_specified_data = specified_data(
            collect_specified_data, keep_default_action, self._DEFAULT_SPECIFIED_DATA
        )
        landscape: Any = self._collect_specified_data.get("collect_landscape")
        check_type("SummaryCollector", "collect_landscape", landscape, (dict, type(None)))
        self._is_collect_landscape = bool(landscape)
        if self._is_collect_landscape:
            check_landscape(landscape)
            self._ckpt_dir = make_directory(os.path.join(self._summary_dir, "ckpt_dir"), "ckpt_dir")
            self._model_params_file_map = {}
            self._epoch_group = defaultdict(list)
            for i, interval in enumerate(landscape["intervals"]):
                self._epoch_group[i].extend(interval)
        self._custom_lineage_data = custom_lineage(custom_lineage_data)
        self._temp_optimizer = None
        self._has_saved_graph = self._has_saved_custom_data = False
        self._is_parse_loss_success = True
        self._first_step, self._dataset_sink_mode = True, True
        self._num_process = num_process

    # -- the record: opened by ``with``, or by begin() for a run that does not enter callbacks
    def __enter__(self):
        self._record = SummaryRecord(
            log_dir=self._summary_dir,
            max_file_size=self._max_file_size,
            raise_exception=False,
            export_options=self._export_options,
        )
        self._first_step, self._dataset_sink_mode = True, True
        return self

    def __exit__(self, *err):
        self._rec.close()

    @property
    def _rec(self) -> SummaryRecord:
        if self._record is None:
            raise RuntimeError(
                "SummaryCollector: no open record; pass it to Model.train or use it in `with`"
            )
        return self._record

    def begin(self, run_context):
        """Check the callback list and follow the run's mode."""
        cb_params = run_context.original_args()
        self._check_callbacks(cb_params)
        mode = cb_params.get("mode")
        if mode not in ("train", "eval"):
            raise ValueError(f"SummaryCollector: runs of mode 'train' or 'eval' only, got {mode!r}")
        if self._record is None or self._rec._closed:
            self.__enter__()
            self._owns_record = True
        self._rec.set_mode(mode)
        self._dataset_sink_mode = bool(cb_params.get("dataset_sink_mode", False))

    def step_end(self, run_context):
        """Collect at the first step and every `collect_freq` steps."""
        cb_params = run_context.original_args()
        if cb_params.get("mode") != "train":
            return
        if not self._has_saved_graph:
            self._collect_graphs(cb_params)
            self._collect_dataset_graph(cb_params)
            self._has_saved_graph = True
            self._rec.record(cb_params.cur_step_num)
        if self._custom_lineage_data and not self._has_saved_custom_data:
            message = lineage.custom_lineage_message(self._custom_lineage_data)
            self._rec.add_value("custom_lineage_data", "custom_lineage_data", message)
            self._has_saved_custom_data = True
            self._rec.record(cb_params.cur_step_num)
        if not self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)
        if self._landscape_unit() == "step" and self._in_interval(cb_params.get("cur_step_num")):
            self._save_model_params_for_landscape(cb_params)

    def epoch_end(self, run_context):
        """Collect at epoch ends (the unit of `collect_freq` in data-sink mode)."""
        cb_params = run_context.original_args()
        self._collect_tensor_data(cb_params)
        if self._landscape_unit() == "epoch" and self._in_interval(cb_params.get("cur_epoch_num")):
            self._save_model_params_for_landscape(cb_params)
        self._rec.flush()

    def end(self, run_context):
        """Record the lineage of the run (and the landscape's metadata)."""
        cb_params = run_context.original_args()
        if cb_params.get("mode") == "train":
            self._collect_train_lineage(cb_params)
        else:
            self._collect_eval_lineage(cb_params)
        # eval mode: the summary primitives' leftovers are not written as step 0
        self._rec.set_mode("eval")
        self._rec.record(step=0)
        landscape: Any = self._collect_specified_data.get("collect_landscape")
        if cb_params.get("mode") == "train" and landscape:
            self._save_metadata(cb_params.batch_num, landscape)
        if self._owns_record:
            self._rec.close()
            self._owns_record = False

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)

    # -- collection ------------------------------------------------------------------
    def _collect_tensor_data(self, cb_params):
        if cb_params.get("mode") != "train":
            return
        if self._first_step:
            self._tensor_collect_range = self._get_tensor_collect_range(
                cb_params, self._dataset_sink_mode
            )
            self._collect_at_step_end(cb_params, None)
            self._first_step = False
            self._rec.flush()
            return
        current = cb_params.cur_epoch_num if self._dataset_sink_mode else cb_params.cur_step_num
        due, tensors_due = current % self._collect_freq == 0, current in self._tensor_collect_range
        if due and tensors_due:
            self._collect_at_step_end(cb_params, None)
        elif tensors_due:
            self._collect_at_step_end(cb_params, lambda plugin: plugin == "tensor")
        elif due:
            self._collect_at_step_end(cb_params, lambda plugin: plugin != "tensor")

    def _get_tensor_collect_range(self, cb_params, dataset_sink_mode):
        total = cb_params.epoch_num * (1 if dataset_sink_mode else cb_params.batch_num)
        if self._collect_tensor_freq is not None:
            return range(0, total + 1, self._collect_tensor_freq)
        limit = _TENSOR_STEPS_BY_DEFAULT
        if len(range(0, total + 1, self._collect_freq)) > limit:
            freq = total // (limit - 1)
            if freq > 1:
                return range(0, total + 1, freq)[:limit]
            return range(0, total + 1)[: limit + 1]  # steps count from 1: one more
        return range(0, total + 1, self._collect_freq)

    def _collect_at_step_end(self, cb_params, plugin_filter):
        self._collect_input_data(cb_params)
        self._collect_metric(cb_params)
        self._collect_histogram(cb_params)
        self._rec.record(cb_params.cur_step_num, plugin_filter=plugin_filter)

    def _check_callbacks(self, cb_params):
        callbacks = cb_params.get("list_callback") or []
        if sum(type(cb).__name__ == type(self).__name__ for cb in callbacks) > 1:
            raise ValueError(
                "SummaryCollector: more than one SummaryCollector instance in callback list"
            )

    def _collect_input_data(self, cb_params):
        """The first input column as images, while it looks like images."""
        from ...common.tensor import Tensor

        if not self._collect_specified_data.get("collect_input_data"):
            return
        data = cb_params.get("train_dataset_element")
        if not isinstance(data, (Tensor, list, tuple)) or (
            not isinstance(data, Tensor) and not data
        ):
            _log.warning("SummaryCollector: no input data in the run, none is collected")
            self._collect_specified_data["collect_input_data"] = False
            return
        if isinstance(data, (list, tuple)):
            data = data[0]
        if not isinstance(data, Tensor):
            data = Tensor(np.asarray(data))
        try:
            self._rec.add_value("image", "input_data/auto", data)
        except (TypeError, ValueError):
            _log.warning("SummaryCollector: the input data are not images, none is collected")
            self._collect_specified_data["collect_input_data"] = False

    def _collect_dataset_graph(self, cb_params):
        """The training dataset's pipeline, as lineage."""
        if not self._collect_specified_data.get("collect_dataset_graph"):
            return
        if cb_params.get("mode") == "train":
            from ._dataset_graph import dataset_graph

            graph = dataset_graph(cb_params.train_dataset)
            if graph is not None:
                self._rec.add_value("dataset_graph", "train_dataset", graph)

    def _collect_graphs(self, cb_params):
        if self._collect_specified_data.get("collect_graph"):
            _log.info("SummaryCollector: msfunc records no computational graph")

    def _collect_metric(self, cb_params):
        if not self._collect_specified_data.get("collect_metric"):
            return
        loss = self._get_loss(cb_params)
        if loss is None:
            return
        try:
            self._rec.add_value("scalar", "loss/auto", loss)
        except ValueError:
            _log.warning(
                "SummaryCollector: the network's output is not a scalar loss; not collected"
            )
            self._collect_specified_data["collect_metric"] = False

    def _get_loss(self, cb_params):
        """The first network output averaged (a Tensor), or None once that failed."""
        from ...common.tensor import Tensor

        if not self._is_parse_loss_success:
            return None
        output = cb_params.get("net_outputs")
        if isinstance(output, (list, tuple)) and output:
            output = output[0]
        if not isinstance(output, (int, float, Tensor)) or isinstance(output, bool):
            _log.warning("SummaryCollector: no loss found in the network's outputs")
            self._is_parse_loss_success = False
            return None
        value = output.asnumpy() if isinstance(output, Tensor) else np.asarray(output)
        return Tensor(np.mean(value))

    def _get_optimizer(self, cb_params):
        """The run's Optimizer (``cb_params.optimizer`` or found in the network), or None."""
        from ...nn.optim.optimizer import Optimizer

        if self._temp_optimizer == "Failed":
            return None
        if self._temp_optimizer is not None:
            return self._temp_optimizer
        optimizer = cb_params.get("optimizer")
        if optimizer is None:
            key = "train_network" if cb_params.get("mode") == "train" else "eval_network"
            network = cb_params.get(key)
            optimizer = lineage.find_optimizer(network) if network is not None else None
        if not isinstance(optimizer, Optimizer):
            _log.warning("SummaryCollector: no Optimizer found; its data are not collected")
            optimizer = None
        self._temp_optimizer = optimizer if optimizer is not None else "Failed"
        return optimizer

    def _collect_histogram(self, cb_params):
        if "histogram_regular" not in self._collect_specified_data:
            return
        optimizer: Any = self._get_optimizer(cb_params)
        if optimizer is None:
            return
        regular = self._collect_specified_data.get("histogram_regular")
        if regular is None:
            chosen = list(optimizer.parameters)[:_HISTOGRAMS_BY_DEFAULT]
        else:
            chosen = [p for p in optimizer.parameters if re.match(regular, p.name)]
        for parameter in chosen:
            self._rec.add_value("histogram", parameter.name + "/auto", parameter.data)

    # -- lineage -----------------------------------------------------------------------
    def _collect_train_lineage(self, cb_params):
        if not self._collect_specified_data.get("collect_train_lineage"):
            return
        found = {}
        loss = self._get_loss(cb_params)
        found["loss"] = float(np.atleast_1d(loss.asnumpy())[0]) if loss is not None else None
        optimizer = self._get_optimizer(cb_params)
        rate = lineage.learning_rate(optimizer) if optimizer is not None else None
        found["learning_rate"] = float(rate[0]) if rate is not None else None
        found["optimizer"] = type(optimizer).__name__ if optimizer else None
        found["network"] = type(cb_params.get("network")).__name__
        loss_fn = lineage.find_loss_fn(cb_params, cb_params.get("train_network"))
        found["loss_function"] = type(loss_fn).__name__ if loss_fn else None
        found["epoch"] = cb_params.epoch_num
        found["parallel_mode"], found["device_num"] = _parallel_setting(cb_params)
        ckpt = _latest_checkpoint(cb_params)
        found["model_path"] = json.dumps({"ckpt": ckpt})
        found["model_size"] = os.path.getsize(ckpt) if ckpt else 0
        path, found["batch_size"], size = lineage.dataset_lineage(cb_params.train_dataset)
        found["train_dataset_path"], found["train_dataset_size"] = path, size
        message = lineage.train_lineage_message(found)
        self._rec.add_value("train_lineage", "train_lineage", message)

    def _collect_eval_lineage(self, cb_params):
        if not self._collect_specified_data.get("collect_eval_lineage"):
            return
        found = {}
        try:
            found["metrics"] = json.dumps(cb_params.get("metrics"))
        except TypeError as exc:
            _log.warning("SummaryCollector: the metrics are not JSON values: %s", exc)
        path, _, size = lineage.dataset_lineage(cb_params.valid_dataset)
        found["valid_dataset_path"], found["valid_dataset_size"] = path, size
        self._rec.add_value("eval_lineage", "eval_lineage", lineage.eval_lineage_message(found))

    # -- loss landscape: the parameters at chosen steps, for MindInsight to draw from ---------
    def _landscape_unit(self):
        landscape: Any = self._collect_specified_data.get("collect_landscape")
        return landscape.get("unit", "step") if landscape else None

    def _in_interval(self, number):
        landscape = self._collect_specified_data.get("collect_landscape") or {}
        return any(number in interval for interval in landscape.get("intervals", []))

    @classmethod
    def _get_backbone(cls, network):
        for _, cell in network.cells_and_names():
            if hasattr(cell, "_backbone"):
                return cell._backbone
        return network

    def _save_model_params_for_landscape(self, cb_params):
        if cb_params.get("mode") != "train":
            return
        from ..serialization import save_checkpoint

        backbone = self._get_backbone(cb_params.train_network)
        while "network" in backbone.name_cells():
            has_optimizer = "optimizer" in backbone.name_cells()
            backbone = backbone.network
            if has_optimizer:
                break
        unit = self._landscape_unit()
        number = cb_params.cur_epoch_num if unit == "epoch" else cb_params.cur_step_num
        path = os.path.join(self._ckpt_dir, f"{type(backbone).__name__}_{number}_{unit}.ckpt")
        self._model_params_file_map[str(number)] = path
        if not os.path.isfile(path):
            params = [{"name": p.name, "data": p.data} for p in backbone.get_parameters()]
            save_checkpoint(params, path)

    def _save_metadata(self, step_per_epoch, landscape):
        path = os.path.join(self._ckpt_dir, "train_metadata.json")
        if os.path.isfile(path):
            return
        data = {
            "epoch_group": self._epoch_group,
            "model_params_file_map": self._model_params_file_map,
            "step_per_epoch": step_per_epoch,
            "unit": landscape.get("unit", "step"),
            "num_samples": landscape.get("num_samples", 2048),
            "landscape_size": landscape.get("landscape_size", 40),
            "create_landscape": landscape.get("create_landscape", {"train": True, "result": True}),
        }
        with open(path, "w", encoding="utf-8") as file:
            json.dump(data, file)
        os.chmod(path, 0o400)


def _parallel_setting(cb_params):
    """``(parallel mode, device count)`` of the run."""
    mode, devices = cb_params.get("parallel_mode"), cb_params.get("device_number")
    if mode is None:
        from ...parallel.context import get_auto_parallel_context

        mode = get_auto_parallel_context("parallel_mode")
    return mode, devices if devices is not None else 1


def _latest_checkpoint(cb_params):
    """The real path of the last checkpoint a ModelCheckpoint of the run saved, or None."""
    from .checkpoint import ModelCheckpoint

    path = None
    for callback in cb_params.get("list_callback") or []:
        if isinstance(callback, ModelCheckpoint):
            path = callback.latest_ckpt_file_name
    return os.path.realpath(path) if path else None
