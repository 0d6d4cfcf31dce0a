"""Monitoring callbacks: LossMonitor, TimeMonitor, History, LambdaCallback and a tqdm
progress bar."""

from __future__ import annotations

import time

import numpy as np

from ._callback import Callback

__all__ = ["LossMonitor", "TimeMonitor", "History", "LambdaCallback", "ProgressBar"]


def loss_value(net_outputs):
    """The loss as a Python float from a step's outputs (a loss, or a tuple led by it)."""
    out = net_outputs
    if isinstance(out, (tuple, list)) and out:
        out = out[0]
    return float(np.asarray(out).reshape(-1)[0]) if out is not None else float("nan")


def step_in_epoch(cb_params):
    return (cb_params.cur_step_num - 1) % cb_params.batch_num + 1


def print_line(text):
    """Print `text` as a line of its own: above an open progress bar (tqdm clears the bar,
    writes the line, redraws the bar), else a plain print."""
    tqdm = _TQDM[0] if _TQDM else None
    if tqdm is not None and getattr(tqdm, "_instances", None):
        import sys

        tqdm.write(text, file=sys.stdout)
        sys.stdout.flush()
    else:
        # a plain print, as MindSpore's: no flush (a replaced sys.stdout may clear on flush)
        print(text)


def _shown_loss(net_outputs):
    # MindSpore's LossMonitor: a Tensor loss prints as a Python float (its mean), the first
    # Tensor of a tuple of outputs (an eval network's) prints as that Tensor does
    if isinstance(net_outputs, (tuple, list)) and net_outputs:
        return net_outputs[0]
    return float(np.mean(np.asarray(net_outputs)))


class LossMonitor(Callback):
    """Print ``epoch: E step: S, loss is L`` every `per_print_times` steps, as MindSpore does,
    and ``Eval result: epoch E, metrics: {...}`` after an epoch of `Model.fit` that evaluated.

    Args:
        per_print_times (int): Print every this many steps; 0 prints nothing. Default: ``1``.

    Example:
        >>> from msfunc.train import LossMonitor
        >>> LossMonitor(per_print_times=10)._per_print_times
        10
    """

    def __init__(self, per_print_times: int = 1):
        if (
            isinstance(per_print_times, bool)
            or not isinstance(per_print_times, int)
            or per_print_times < 0
        ):
            raise ValueError(
                f"LossMonitor: `per_print_times` must be an int >= 0, got {per_print_times!r}"
            )
        self._per_print_times = per_print_times
        self._last_print_step = 0

    def _step_end(self, run_context):
        p = run_context.original_args()
        loss = _shown_loss(p.net_outputs)
        epoch = p.get("cur_epoch_num") or 1
        batch_num = p.get("batch_num") or 0
        step = (p.cur_step_num - 1) % batch_num + 1 if batch_num else p.cur_step_num
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError(
                f"LossMonitor: epoch {epoch} step {step}: the loss is {loss}, training stops"
            )
        if p.cur_step_num <= self._last_print_step:
            self._last_print_step = 0  # a new run (Model.eval after train) counts afresh
        if (
            self._per_print_times
            and p.cur_step_num - self._last_print_step >= self._per_print_times
        ):
            self._last_print_step = p.cur_step_num
            print_line(f"epoch: {epoch} step: {step}, loss is {loss}")

    on_train_step_end = on_eval_step_end = _step_end

    def on_train_epoch_end(self, run_context):
        p = run_context.original_args()
        metrics = p.get("metrics")
        if metrics:
            print_line(f"Eval result: epoch {p.cur_epoch_num}, metrics: {metrics}")


class TimeMonitor(Callback):
    """Print ``Train epoch time: T ms, per step time: S ms`` after each epoch (``Eval ...``
    after an evaluation), as MindSpore does; `data_time` adds the time per step spent
    between steps (fetching data) outside `dataset_sink_mode`.

    The steps are the epoch's batch count; `data_size` is used where that is unknown.

    Args:
        data_size (Union[int, None]): The steps per epoch, where the dataset does not say.
            Default: ``None``.
        data_time (bool): Also print the time per step spent fetching data. Default: ``False``.

    Example:
        >>> from msfunc.train import TimeMonitor
        >>> TimeMonitor(data_size=10).data_size
        10
    """

    def __init__(self, data_size: int | None = None, data_time: bool = False):
        if not isinstance(data_time, bool):
            raise TypeError(f"TimeMonitor: `data_time` must be a bool, got {data_time!r}")
        self.data_size, self.data_time = data_size, data_time
        self.epoch_time = None
        self._data_sum = self._data_start = 0.0

    def _timing_data(self, run_context):
        return self.data_time and not run_context.original_args().get("dataset_sink_mode")

    def _epoch_begin(self, run_context):
        self.epoch_time = self._data_start = time.perf_counter()
        self._data_sum = 0.0
        self._first_step = run_context.original_args().get("cur_step_num") or 0

    def on_train_step_begin(self, run_context):
        if self._timing_data(run_context):
            self._data_sum += time.perf_counter() - self._data_start

    def on_train_step_end(self, run_context):
        if self._timing_data(run_context):
            self._data_start = time.perf_counter()

    def _epoch_end(self, run_context):
        p = run_context.original_args()
        ms_spent = (time.perf_counter() - self.epoch_time) * 1000
        steps = (
            p.get("batch_num") or self.data_size or (p.get("cur_step_num") or 0) - self._first_step
        )
        if not isinstance(steps, int) or steps <= 0:
            raise ValueError(
                f"TimeMonitor: `data_size` must be an int > 0 when the number of "
                f"steps is unknown, got {self.data_size!r}"
            )
        line = (
            f"{str(p.get('mode') or '').title()} epoch time: {ms_spent:5.3f} ms, "
            f"per step time: {ms_spent / steps:5.3f} ms"
        )
        if self._timing_data(run_context):
            line += f" (data time: {self._data_sum * 1000 / steps:5.3f} ms)"
        print_line(line)

    on_train_epoch_begin = on_eval_epoch_begin = _epoch_begin
    on_train_epoch_end = on_eval_epoch_end = _epoch_end


class History(Callback):
    """Record the loss of the last step of each epoch (``history['net_output']``) and the
    evaluation results of `Model.fit`; ``epoch`` lists the epoch numbers.

    Example:
        >>> from msfunc.train import History
        >>> History().history
        {}
    """

    def __init__(self):
        self.history, self.epoch = {}, []

    def on_train_begin(self, run_context):
        self.history, self.epoch = {}, []

    def on_train_epoch_end(self, run_context):
        p = run_context.original_args()
        self.epoch.append(p.cur_epoch_num)
        self.history.setdefault("net_output", []).append(loss_value(p.net_outputs))
        for name, value in (p.get("eval_results") or {}).items():
            self.history.setdefault(name, []).append(value)


class LambdaCallback(Callback):
    """A callback from plain functions of the run context (``on_train_epoch_end=fn`` ...).

    Example:
        >>> from msfunc.train import LambdaCallback
        >>> seen = []
        >>> cb = LambdaCallback(on_train_step_end=lambda ctx: seen.append(1))
        >>> cb.on_train_step_end(None); seen
        [1]
    """

    _NAMES = (
        "on_train_epoch_begin",
        "on_train_epoch_end",
        "on_train_step_begin",
        "on_train_step_end",
        "on_train_begin",
        "on_train_end",
        "on_eval_epoch_begin",
        "on_eval_epoch_end",
        "on_eval_step_begin",
        "on_eval_step_end",
        "on_eval_begin",
        "on_eval_end",
    )

    def __init__(self, **hooks):
        unknown = [k for k in hooks if k not in self._NAMES]
        if unknown:
            raise TypeError(
                f"LambdaCallback: unknown hooks {unknown}; expected among {list(self._NAMES)}"
            )
        for name, fn in hooks.items():
            if fn is not None:
                if not callable(fn):
                    raise TypeError(f"LambdaCallback: `{name}` must be callable")
                setattr(self, name, fn)


class ProgressBar(Callback):
    """A tqdm progress bar over each epoch's steps, showing the loss (Model.train adds one
    when stdout is a terminal).

    The bar is redrawn at most once per `mininterval` seconds (default: 0.1 on a terminal,
    1.0 when stderr is a log file, a pipe or a notebook's text stream), and the loss is read
    from the device only when it is drawn, so steps are not synchronised one by one. In a
    Jupyter kernel with ipywidgets installed it is a notebook widget; without ipywidgets, a
    text bar (tqdm's ``tqdm.auto`` would warn on every epoch).

    Args:
        leave (bool): Keep each epoch's finished bar on screen. Default: ``True``.
        mininterval (Union[float, None]): The least seconds between redraws; ``None`` picks as
            above. Default: ``None``.

    Example:
        >>> from msfunc.train import ProgressBar
        >>> ProgressBar().bar is None
        True
    """

    def __init__(self, leave: bool = True, mininterval: float | None = None):
        if mininterval is not None and (
            isinstance(mininterval, bool)
            or not isinstance(mininterval, (int, float))
            or mininterval < 0
        ):
            raise ValueError(
                f"ProgressBar: `mininterval` must be None or a number of seconds "
                f">= 0, got {mininterval!r}"
            )
        self.leave, self.mininterval, self.bar = leave, mininterval, None
        self._drawn_at = 0.0

    def on_train_epoch_begin(self, run_context):
        import sys

        p = run_context.original_args()
        interval = self.mininterval
        if interval is None:
            interval = 0.1 if _isatty(sys.stderr) else 1.0
        self.bar = _tqdm_class()(
            total=p.batch_num,
            desc=f"epoch {p.cur_epoch_num}/{p.epoch_num}",
            leave=self.leave,
            unit="step",
            mininterval=interval,
        )
        self._drawn_at = time.monotonic()

    def on_train_step_end(self, run_context):
        if self.bar is None:
            return
        p = run_context.original_args()
        self.bar.n = step_in_epoch(p)
        now = time.monotonic()
        if now - self._drawn_at >= self.bar.mininterval:
            # Drawn here and at the epoch's end only: every refresh is a write to the
            # stream (one output message per step in a notebook) and a device sync.
            self._drawn_at = now
            self.bar.set_postfix(loss=f"{loss_value(p.net_outputs):.4f}", refresh=False)
            self.bar.refresh()

    def on_train_epoch_end(self, run_context):
        if self.bar is not None:
            p = run_context.original_args()
            postfix = {}
            if p.get("net_outputs") is not None:
                postfix["loss"] = f"{loss_value(p.net_outputs):.4f}"
            for k, v in (p.get("eval_results") or {}).items():
                postfix[k] = f"{float(np.mean(v)):.4f}"
            self.bar.set_postfix(postfix, refresh=False)
            self.bar.close()
            self.bar = None


def _isatty(stream):
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


_TQDM = []


def _tqdm_class():
    """tqdm's notebook widget where it can be drawn (a Jupyter kernel with ipywidgets),
    else the text bar."""
    if not _TQDM:
        try:
            import ipywidgets  # noqa: F401  (tqdm.auto picks the widget only with it)
            from tqdm.auto import tqdm
        except ImportError:
            from tqdm import tqdm
        _TQDM.append(tqdm)
    return _TQDM[0]
