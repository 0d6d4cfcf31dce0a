"""`Model`: MindSpore's high-level train / eval / predict loop over a network, a loss and an
optimizer, with callbacks, metrics, mixed precision and data sinking."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import jax
import numpy as np

from .. import amp, context, parallel
from ..nn.cell import Cell
from ..nn.optim import Optimizer
from ..nn.wrap import WithEvalCell, WithLossCell
from ..transforms.jit_api import jit
from .callback import CallbackList, CallbackParam, ProgressBar, RunContext
from .callback.monitors import _isatty
from .metrics import Loss, Metric, get_metric_fn

if TYPE_CHECKING:
    from typing import Any

__all__ = ["Model"]


def _columns(batch):
    """One batch as a tuple of columns (tuple/list, dict values, or a single array)."""
    if isinstance(batch, dict):
        return tuple(batch.values())
    if isinstance(batch, (tuple, list)):
        return tuple(batch)
    return (batch,)


def _batches(dataset):
    """One epoch of batches from a dataset (create_tuple_iterator / create_dict_iterator) or
    any re-iterable of batches."""
    if hasattr(dataset, "create_tuple_iterator"):
        source = dataset.create_tuple_iterator()
    elif hasattr(dataset, "create_dict_iterator"):
        source = dataset.create_dict_iterator()
    else:
        source = iter(dataset)
    for batch in source:
        yield _columns(batch)


def _epoch_source(dataset, num_epochs):
    """``next_epoch()`` giving each epoch's batches. A pipeline gives them from one iterator
    for all `num_epochs` (as MindSpore's Model does: its shuffles and random transforms go
    on from epoch to epoch instead of starting over); other iterables are iterated anew."""
    for name in ("create_tuple_iterator", "create_dict_iterator"):
        create = getattr(dataset, name, None)
        if create is None:
            continue
        try:
            source = create(num_epochs=num_epochs)
        except TypeError:  # (a stand-in dataset without `num_epochs`)
            break
        return lambda: (_columns(batch) for batch in source)
    return lambda: _batches(dataset)


def _reset(dataset):
    """Call the dataset's ``reset()`` after a pass, as MindSpore's Model does (a no-op for
    MindSpore's own pipelines; a hand-written dataset may rewind itself there)."""
    reset = getattr(dataset, "reset", None)
    if callable(reset):
        reset()


def _split_across_devices(batch):
    """DATA_PARALLEL: each array column split along its batch axis across the data mesh
    (scalars stay whole)."""
    return tuple(parallel.distribute_batch(c)[0] if np.ndim(c) >= 1 else c for c in batch)


def _dataset_size(dataset):
    for attr in ("get_dataset_size", "__len__"):
        fn = getattr(dataset, attr, None)
        if fn is not None:
            try:
                return int(fn())
            except TypeError:
                continue
    return None


def _sink_on_target(sink, sink_size):
    """``(sink, batch_num shown to callbacks or None)`` for the device target: MindSpore's CPU
    build has no dataset sink, so it trains step by step over the whole dataset every epoch
    and callbacks see only the sink size, as ``batch_num``."""
    if sink and context.get_context("device_target") == "CPU":
        return False, (sink_size if sink_size > 0 else None)
    return sink, None


def _check_dataset(who, dataset, passes=1):
    ok = (
        hasattr(dataset, "create_tuple_iterator")
        or hasattr(dataset, "create_dict_iterator")
        or hasattr(dataset, "__iter__")
    )
    if not ok:
        raise TypeError(
            f"Model.{who}: the dataset must have create_tuple_iterator() / "
            f"create_dict_iterator() or be an iterable of batches, got "
            f"{type(dataset).__name__}"
        )
    if (
        passes > 1
        and hasattr(dataset, "__next__")
        and not hasattr(dataset, "create_tuple_iterator")
    ):
        raise TypeError(
            f"Model.{who}: a one-shot iterator cannot be replayed for {passes} "
            "epochs; pass a list or a re-iterable dataset"
        )


def _metrics(metrics):
    if metrics is None:
        return {}
    if isinstance(metrics, dict):
        out = dict(metrics)
    elif isinstance(metrics, (set, list, tuple)):
        out = {name: get_metric_fn(name) for name in metrics}
    else:
        raise TypeError(
            f"Model: `metrics` must be a set of names or a dict name -> Metric, got "
            f"{type(metrics).__name__}"
        )
    for name, m in out.items():
        if not isinstance(m, Metric):
            raise TypeError(f"Model: metric {name!r} must be a Metric, got {type(m).__name__}")
    return out


class Model:
    """Train, evaluate and predict with one object.

    Args:
        network (Cell): The network (without loss when `loss_fn` is given).
        loss_fn (Union[Cell, None]): The loss Cell; ``None`` if `network` already returns the
            loss. Default: ``None``.
        optimizer (Union[Optimizer, None]): ``None`` if `network` is already a training Cell.
            Default: ``None``.
        metrics (Union[set[str], dict[str, Metric], None]): Names (``{'acc', 'loss'}``) or a
            dict name -> Metric, for `eval`. Default: ``None``.
        eval_network (Union[Cell, None]): The Cell `eval` runs; ``None`` is
            ``WithEvalCell(network, loss_fn)``. Default: ``None``.
        eval_indexes (Union[list[int], None]): Positions of (loss, prediction, label) in
            eval_network's outputs. Default: ``None``.
        amp_level (str): ``"O0"`` .. ``"O3"`` (see `msfunc.amp.auto_mixed_precision`).
            Default: ``"O0"``.
        boost_level (str): MindSpore's training accelerations ``"O0"`` .. ``"O2"``; accepted,
            msfunc trains the same way at every level. Default: ``"O0"``.
        kwargs (Any): ``loss_scale_manager`` (a Fixed/DynamicLossScaleManager) and
            ``keep_batchnorm_fp32``.

    Training steps run compiled (msfunc.jit); ``dataset_sink_mode=True`` runs each epoch's
    steps as one `msfunc.data_sink` program, except on the CPU target, where (as in
    MindSpore's CPU build, which has no sink) every step of the whole dataset runs and
    reaches the callbacks, whose ``batch_num`` is the sink size. In DATA_PARALLEL mode
    (`msfunc.set_auto_parallel_context`) with several devices, `train` lays the training
    network and its optimizer out once with `msfunc.parallel.prepare` (Parameters
    replicated, optimizer state sharded if ``enable_parallel_optimizer``) and splits each
    batch across the devices; the batch size must divide by the device count.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 1, "zeros", "zeros")
        >>> model = ms.train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1),
        ...                        metrics={"mae"})
        >>> data = [(np.ones((4, 2), np.float32), np.ones((4, 1), np.float32))] * 3
        >>> model.train(5, data)
        >>> round(model.eval(data)["mae"], 3) < 0.5
        True
    """

    def __init__(
        self,
        network: Cell,
        loss_fn: Cell | None = None,
        optimizer: Optimizer | None = None,
        metrics: set[str] | dict[str, Metric] | None = None,
        eval_network: Cell | None = None,
        eval_indexes: list[int] | None = None,
        amp_level: str = "O0",
        boost_level: str = "O0",
        **kwargs: Any,
    ):
        if not isinstance(network, Cell):
            raise TypeError(f"Model: `network` must be a Cell, got {type(network).__name__}")
        if optimizer is not None and not isinstance(optimizer, Optimizer):
            raise TypeError(
                f"Model: `optimizer` must be an nn.Optimizer, got {type(optimizer).__name__}"
            )
        if amp_level not in amp.AMP_LEVELS:
            raise ValueError(
                f"Model: `amp_level` must be one of {amp.AMP_LEVELS}, got {amp_level!r}"
            )
        unknown = set(kwargs) - {"loss_scale_manager", "keep_batchnorm_fp32"}
        if unknown:
            raise TypeError(f"Model: unexpected keyword arguments {sorted(unknown)}")
        if eval_indexes is not None and (
            not isinstance(eval_indexes, list) or len(eval_indexes) != 3
        ):
            raise ValueError(
                "Model: `eval_indexes` must be a list of 3 ints (loss, prediction, label positions)"
            )
        self._loss_scale_manager = kwargs.get("loss_scale_manager")
        self._network = amp.auto_mixed_precision(network, amp_level)
        self._loss_fn, self._optimizer = loss_fn, optimizer
        self._metric_fns = _metrics(metrics)
        self._train_network = self._build_train_network()
        if eval_network is None and loss_fn is not None:
            eval_network = WithEvalCell(self._network, loss_fn)
            eval_indexes = [0, 1, 2]
        self._eval_network, self._eval_indexes = eval_network, eval_indexes
        self._compiled = {}
        self._parallel_mesh = None  # the mesh the Parameters were laid out on

    # -- networks ------------------------------------------------------------------
    def _build_train_network(self):
        if self._optimizer is None:
            return (
                WithLossCell(self._network, self._loss_fn)
                if self._loss_fn is not None
                else self._network
            )
        kwargs = (
            {}
            if self._loss_scale_manager is None
            else {"loss_scale_manager": self._loss_scale_manager}
        )
        # amp was applied to self._network already
        return amp.build_train_network(
            self._network, self._optimizer, self._loss_fn, "O0", **kwargs
        )

    @property
    def train_network(self):
        return self._train_network

    @property
    def predict_network(self):
        return self._network

    @property
    def eval_network(self):
        return self._eval_network

    def _compiled_fn(self, cell):
        fn = self._compiled.get(id(cell))
        if fn is None:
            fn = self._compiled[id(cell)] = jit(cell)
        return fn

    def _prepare_data_parallel(self):
        """In DATA_PARALLEL mode with several devices: lay out the training network's
        Parameters (and its optimizer's state) on the data mesh, once per mesh; returns
        whether batches are to be split across the devices."""
        if not parallel.is_data_parallel():
            return False
        mesh = parallel.data_mesh()
        if self._parallel_mesh is not mesh:
            optimizer = (
                self._optimizer
                if self._optimizer is not None
                else getattr(self._train_network, "optimizer", None)
            )
            if not isinstance(optimizer, Optimizer):
                optimizer = None
            parallel.prepare(self._train_network, optimizer)
            self._parallel_mesh = mesh
        return True

    # -- training --------------------------------------------------------------------
    def _callbacks(self, callbacks):
        cbs = CallbackList(callbacks).callbacks
        # sys.stdout may be any object with write/flush (a logger, a capture): ask safely
        if _isatty(sys.stdout) and not any(isinstance(c, ProgressBar) for c in cbs):
            cbs = cbs + [ProgressBar()]
        return CallbackList(cbs)

    def train(
        self,
        epoch,
        train_dataset,
        callbacks=None,
        dataset_sink_mode=False,
        sink_size=-1,
        initial_epoch=0,
    ):
        """Train for `epoch` epochs over `train_dataset`.

        `sink_size` > 0 with `dataset_sink_mode` makes each epoch that many steps (on the
        CPU target: each epoch is the whole dataset, and callbacks see `sink_size` steps).
        """
        self._fit(
            epoch, train_dataset, None, 1, callbacks, dataset_sink_mode, sink_size, initial_epoch
        )

    def fit(
        self,
        epoch,
        train_dataset,
        valid_dataset=None,
        valid_frequency=1,
        callbacks=None,
        dataset_sink_mode=False,
        valid_dataset_sink_mode=False,
        sink_size=-1,
        initial_epoch=0,
    ):
        """Train, evaluating on `valid_dataset` every `valid_frequency` epochs (results in
        ``cb_params.eval_results`` as ``eval_<metric>``, for EarlyStopping and friends)."""
        if valid_dataset is not None and not self._metric_fns:
            raise ValueError("Model.fit: `valid_dataset` needs `metrics`")
        self._fit(
            epoch,
            train_dataset,
            valid_dataset,
            valid_frequency,
            callbacks,
            dataset_sink_mode,
            sink_size,
            initial_epoch,
        )

    def _fit(
        self,
        epoch,
        dataset,
        valid_dataset,
        valid_frequency,
        callbacks,
        sink,
        sink_size,
        initial_epoch,
    ):
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch < 1:
            raise ValueError(f"Model.train: `epoch` must be a positive int, got {epoch!r}")
        if (
            isinstance(sink_size, bool)
            or not isinstance(sink_size, int)
            or sink_size == 0
            or sink_size < -1
        ):
            raise ValueError(
                f"Model.train: `sink_size` must be -1 or a positive int, got {sink_size!r}"
            )
        if not 0 <= initial_epoch < epoch:
            raise ValueError(
                f"Model.train: `initial_epoch` must be in [0, epoch), got {initial_epoch!r}"
            )
        _check_dataset("train", dataset, epoch - initial_epoch)
        if self._optimizer is None and not isinstance(self._train_network, Cell):
            raise ValueError("Model.train: needs an optimizer or a training network")
        size = _dataset_size(dataset)
        split = self._prepare_data_parallel()  # data_sink splits its chunks by itself
        sink, shown_batches = _sink_on_target(sink, sink_size)
        if sink:
            steps = sink_size if sink_size > 0 else size
            if steps is None:
                raise ValueError(
                    "Model.train: dataset_sink_mode with sink_size=-1 needs a "
                    "dataset with a size (get_dataset_size() or len())"
                )
            from ..transforms.sink import data_sink

            runner = data_sink(self._train_network, dataset, sink_size=steps)
        else:
            steps = size
        net = self._train_network
        net.set_train(True)
        cb = self._callbacks(callbacks)
        with cb:  # (each callback entered for the run, as MindSpore's Model)
            p = CallbackParam(
                train_network=net,
                network=self._network,  # (the user's network, as MindSpore's cb_params.network)
                epoch_num=epoch,
                batch_num=shown_batches or steps or 0,
                cur_epoch_num=initial_epoch,
                cur_step_num=initial_epoch * (steps or 0),
                net_outputs=None,
                optimizer=self._optimizer,
                loss_fn=self._loss_fn,
                loss_scale_mananger=self._loss_scale_manager,  # (MindSpore's key, spelled so)
                train_dataset=dataset,
                train_dataset_element=None,
                mode="train",
                list_callback=cb.callbacks,
                dataset_sink_mode=bool(sink),
                eval_results=None,
                metrics=None,
            )
            ctx = RunContext(p)
            cb.on_train_begin(ctx)
            step = self._compiled_fn(net)
            next_epoch = None if sink else _epoch_source(dataset, epoch - initial_epoch)
            for e in range(initial_epoch + 1, epoch + 1):
                p.cur_epoch_num = e
                p.eval_results = p.metrics = None
                cb.on_train_epoch_begin(ctx)
                if sink:
                    cb.on_train_step_begin(ctx)
                    p.net_outputs = runner()
                    if split:
                        jax.block_until_ready(p.net_outputs)
                    p.cur_step_num += steps
                    cb.on_train_step_end(ctx)
                else:
                    assert next_epoch is not None  # set above whenever not sinking
                    count = 0
                    for batch in next_epoch():
                        p.train_dataset_element = batch
                        cb.on_train_step_begin(ctx)
                        if split:
                            p.net_outputs = step(*_split_across_devices(batch))
                            # One step at a time: steps queued on simulated CPU devices can
                            # deadlock in XLA's collective rendezvous.
                            jax.block_until_ready(p.net_outputs)
                        else:
                            p.net_outputs = step(*batch)
                        count += 1
                        p.cur_step_num += 1
                        if not (steps or shown_batches):
                            p.batch_num = count  # size unknown until the first epoch ends
                        cb.on_train_step_end(ctx)
                        if ctx.get_stop_requested():
                            break
                    # a later epoch of an exhausted one-shot source runs no step, as in MindSpore
                    if count == 0 and e == initial_epoch + 1:
                        raise ValueError("Model.train: the dataset produced no batches")
                    steps = steps or count
                    p.batch_num = shown_batches or steps
                if valid_dataset is not None and (e - initial_epoch) % valid_frequency == 0:
                    results = self.eval(valid_dataset)
                    p.eval_results = {f"eval_{k}": v for k, v in results.items()}
                    p.metrics = results  # LossMonitor prints them, as MindSpore's does
                    net.set_train(True)
                if not sink:
                    _reset(dataset)
                cb.on_train_epoch_end(ctx)
                if ctx.get_stop_requested():
                    break
            cb.on_train_end(ctx)

    # -- evaluation / prediction -------------------------------------------------------
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """Run `metrics` over `valid_dataset`; returns ``{name: value}``.

        The eval network's outputs at `eval_indexes` feed the metrics: Loss gets the loss,
        every other metric (prediction, label).
        """
        if not self._metric_fns:
            raise ValueError("Model.eval: no `metrics` were given to Model")
        if self._eval_network is None:
            raise ValueError("Model.eval: needs `loss_fn` or `eval_network`")
        _check_dataset("eval", valid_dataset)
        net = self._eval_network
        net.set_train(False)
        for m in self._metric_fns.values():
            m.clear()
        cb = CallbackList(callbacks)
        with cb:  # (each callback entered for the run, as MindSpore's Model)
            p = CallbackParam(
                eval_network=net,
                valid_dataset=valid_dataset,
                mode="eval",
                cur_step_num=0,
                net_outputs=None,
                eval_dataset_element=None,
                metrics=None,
            )
            ctx = RunContext(p)
            cb.on_eval_begin(ctx)
            cb.on_eval_epoch_begin(ctx)
            run = self._compiled_fn(net)
            for batch in _batches(valid_dataset):
                p.eval_dataset_element = batch
                cb.on_eval_step_begin(ctx)
                outputs = run(*batch)
                p.net_outputs, p.cur_step_num = outputs, p.cur_step_num + 1
                self._update_metrics(outputs)
                cb.on_eval_step_end(ctx)
                if ctx.get_stop_requested():
                    break  # (the metrics cover the steps run)
            _reset(valid_dataset)
            results = {name: m.eval() for name, m in self._metric_fns.items()}
            p.metrics = results
            cb.on_eval_epoch_end(ctx)
            cb.on_eval_end(ctx)
            return results

    def _update_metrics(self, outputs):
        if not isinstance(outputs, (tuple, list)):
            outputs = (outputs,)
        indexes = self._eval_indexes
        for m in self._metric_fns.values():
            if indexes is None:
                m.update(*outputs)
            elif isinstance(m, Loss):
                m.update(outputs[indexes[0]])
            else:
                m.update(outputs[indexes[1]], outputs[indexes[2]])

    def predict(self, *predict_data, backend=None, config=None):
        """The network's output for `predict_data` (inference mode, compiled); `backend`
        ``'lite'`` (MindSpore Lite) runs the same compiled network here."""
        if backend not in ("lite", None):
            raise ValueError(f"Model.predict: `backend` must be 'lite' or None, got {backend!r}")
        net = self._network
        net.set_train(False)
        return self._compiled_fn(net)(*predict_data)
