"""`OnRequestExit`: stop training or evaluation when a signal (or a config file) asks, and save."""

from __future__ import annotations

import json
import logging
import os
import signal
import threading

from ._callback import Callback

__all__ = ["OnRequestExit"]

_log = logging.getLogger("msfunc.train")
_CONFIG_KEY = "GracefulExit"


def _check_type(name, value, kind):
    # MindSpore reports a wrong argument type of this callback as a ValueError.
    if not isinstance(value, kind):
        raise ValueError(f"OnRequestExit: `{name}` must be a {kind.__name__}, got {value!r}")
    return value


class OnRequestExit(Callback):
    """Save a checkpoint and a MINDIR file and stop when the process receives `sig`.

    The handler for `sig` is installed when training (or evaluation) begins; it only marks
    the request. Then:

    - with the environment variable ``MS_ENABLE_GRACEFUL_EXIT=1``, training stops at the end
      of the step that follows the request (or the first step after ``{"GracefulExit": 1}``
      appears in `config_file`), after saving ``<directory>/rank_<device_id>/<file_name>_train``
      ``.ckpt`` (with ``epoch_num``, ``step_num``, ``batch_num`` and ``global_step``) and
      ``.mindir``;
    - without it, training runs to its end and saves those files then;
    - evaluation stops after the current step and saves ``<file_name>_eval.ckpt`` / ``.mindir``.

    A later run with the same names starts from the saved checkpoint: training loads
    ``_train.ckpt`` into the training network, evaluation ``_eval.ckpt`` (else ``_train.ckpt``)
    into the evaluation network. msfunc's training network has no ``graceful_exit``
    Parameter (MindSpore's reduces it over devices); the request is read from the callback.

    Args:
        save_ckpt (bool): Save the checkpoint on exit (and load it when a run begins).
            Default: ``True``.
        save_mindir (bool): Export the network on exit (``file_format='MINDIR'``).
            Default: ``True``.
        file_name (str): Stem of the saved files. Default: ``'Net'``.
        directory (str): Where the ``rank_<device_id>`` folder is made (None: the working
            directory). Default: ``'./'``.
        config_file (str): A JSON file read at each step; ``{"GracefulExit": 1}`` requests the
            exit (with ``MS_ENABLE_GRACEFUL_EXIT=1``). Default: ``None``.
        sig (int): The signal that requests the exit; not SIGKILL. Default: ``signal.SIGTERM``.

    Raises:
        ValueError: `save_ckpt` or `save_mindir` not a bool, `sig` not an int, or SIGKILL.

    Example:
        >>> import tempfile
        >>> from msfunc.train import OnRequestExit
        >>> cb = OnRequestExit(save_mindir=False, file_name="LeNet5",
        ...                    directory=tempfile.mkdtemp())
        >>> cb.train_name.endswith("rank_0/LeNet5_train")
        True
    """

    def __init__(
        self,
        save_ckpt: bool = True,
        save_mindir: bool = True,
        file_name: str = "Net",
        directory: str | None = "./",
        config_file: str | None = None,
        sig: int = signal.SIGTERM,
    ) -> None:
        super().__init__()
        self.save_ckpt = _check_type("save_ckpt", save_ckpt, bool)
        self.save_mindir = _check_type("save_mindir", save_mindir, bool)
        self.sig = _check_type("sig", sig, int)
        if self.sig == getattr(signal, "SIGKILL", None):
            raise ValueError("OnRequestExit: `sig` cannot be SIGKILL, which no handler can catch")
        self.exit = False  # set by the signal handler
        self.lock = threading.Lock()
        self.save_path = directory
        self.remote_config_file = config_file
        self.use_graceful = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"
        self.stop_train = False
        self.need_do_step_end = False
        if self.save_ckpt or self.save_mindir:
            self.train_name, self.eval_name = self._save_names(file_name)

    # -- training ---------------------------------------------------------------------
    def on_train_begin(self, run_context):
        """Install the signal handler; resume from ``<file_name>_train.ckpt`` if it exists."""
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            from ..serialization import load_checkpoint

            load_checkpoint(
                f"{self.train_name}.ckpt", net=run_context.original_args().train_network
            )

    def on_train_step_begin(self, run_context):
        """Note a request (signal or config file) when graceful exit is on."""
        with self.lock:
            if self.use_graceful and (self.exit or self._config_requests_exit()):
                self.need_do_step_end = True

    def on_train_step_end(self, run_context):
        """Save and stop once a request was noted."""
        self._stop_after_step(run_context)

    def on_train_epoch_end(self, run_context):
        """Save and stop once a request was noted (a sunk epoch is one step)."""
        self._stop_after_step(run_context)

    def on_train_end(self, run_context):
        """After a signal: save the training network's checkpoint and MINDIR."""
        if self.exit:
            p = run_context.original_args()
            self._save(p.train_network, self.train_name, p.get("train_dataset_element"))

    # -- evaluation -------------------------------------------------------------------
    def on_eval_begin(self, run_context):
        """Install the signal handler; resume from the eval (else train) checkpoint."""
        signal.signal(self.sig, self._handle_signal)
        if not self.save_ckpt:
            return
        from ..serialization import load_checkpoint

        net = run_context.original_args().eval_network
        for name in (self.eval_name, self.train_name):
            if os.path.isfile(f"{name}.ckpt"):
                load_checkpoint(f"{name}.ckpt", net=net)
                return

    def on_eval_step_end(self, run_context):
        """After a signal: stop evaluating after this step."""
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        """After a signal: save the evaluation network's checkpoint and MINDIR."""
        if self.exit:
            p = run_context.original_args()
            self._save(p.eval_network, self.eval_name, p.get("eval_dataset_element"))

    # -- helpers ----------------------------------------------------------------------
    def _handle_signal(self, signum, frame):
        _log.debug("OnRequestExit: received signal %s", signum)
        self.exit = True

    def _stop_after_step(self, run_context):
        with self.lock:
            if self.stop_train or not self.need_do_step_end:
                return  # (saves once)
            _log.warning("OnRequestExit: exit requested, saving and stopping training")
            p = run_context.original_args()
            net = p.get("train_network") or p.get("network")  # (the one holding the optimizer)
            optimizer = p.get("optimizer") or getattr(net, "optimizer", None)
            extra = {
                "epoch_num": p.cur_epoch_num,
                "step_num": p.cur_step_num,
                "batch_num": p.batch_num,
            }
            manager = p.get("loss_scale_mananger")  # (MindSpore's key)
            if manager is not None:
                extra["loss_scale"] = manager.get_loss_scale()
            if optimizer is not None and hasattr(optimizer, "global_step"):
                extra["global_step"] = int(optimizer.global_step.asnumpy().reshape(-1)[0])
            self._save(p.train_network, self.train_name, p.get("train_dataset_element"), extra)
            run_context.request_stop()
            self.stop_train = True

    def _save(self, net, name, inputs, append_dict=None):
        if self.save_ckpt:
            from ..serialization import save_checkpoint

            save_checkpoint(net, name, append_dict=append_dict)
        if self.save_mindir:
            from ..exporting import export

            export(net, *(inputs or ()), file_name=name, file_format="MINDIR")

    def _config_requests_exit(self):
        path = self.remote_config_file
        if path is None or not os.path.exists(path):
            return False
        with open(path, encoding="utf-8") as f:
            try:
                config = json.load(f)
            except json.JSONDecodeError as exc:
                _log.warning("OnRequestExit: %s is not valid JSON (%s)", path, exc)
                return False
        return isinstance(config, dict) and config.get(_CONFIG_KEY) == 1

    def _save_names(self, file_name):
        from ... import context

        base = os.getcwd() if self.save_path is None else self.save_path
        folder = os.path.realpath(os.path.join(base, f"rank_{context.get_context('device_id')}"))
        os.makedirs(folder, exist_ok=True)
        return (
            os.path.join(folder, f"{file_name}_train"),
            os.path.join(folder, f"{file_name}_eval"),
        )
