"""Every public name of msfunc.ops (and of the namespaces below) has a written docstring with
an example that runs.

The ops that `forward` exposes build their docstrings from ``msfunc/ops/_forward_docs.py``;
their examples live outside any module's globals, so the module walk of test_doctests.py
does not see them: they run here, each checked against the value NumPy/SciPy gave.
"""

import doctest
import importlib
import inspect
import re

import numpy as np
import pytest

from msfunc import ops
from msfunc.ops import _forward_docs

PLACEHOLDER = "computed by ``"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# Public ops whose docstrings still lack an example; the list may only shrink.
WITHOUT_EXAMPLE = frozenset({
    'AllGather', 'Broadcast', 'PrimitiveWithCheck', 'PrimitiveWithInfer', 'ReduceOp',
    'ReduceScatter', 'adaptive_avg_pool1d', 'adaptive_avg_pool2d', 'adaptive_avg_pool2d_ext',
    'adaptive_avg_pool3d', 'adaptive_max_pool1d', 'adaptive_max_pool2d', 'adaptive_max_pool3d',
    'add_layer_norm', 'add_rms_norm', 'affine_grid', 'avg_pool1d', 'avg_pool2d', 'avg_pool3d',
    'bartlett_window', 'batch_norm', 'bernoulli', 'bias_add', 'bidense', 'binary_cross_entropy',
    'binary_cross_entropy_with_logits', 'blackman_window', 'bounding_box_decode',
    'bounding_box_encode', 'celu', 'channel_shuffle', 'check_valid', 'choice_with_mask',
    'col2im', 'conv1d', 'conv2d', 'conv3d', 'conv3d_transpose', 'conv_transpose2d', 'coo2csr',
    'coo_add', 'coo_concat', 'coo_tensor_get_dense_shape', 'coo_tensor_get_indices',
    'coo_tensor_get_values', 'cosine_embedding_loss', 'crop_and_resize', 'cross_entropy',
    'csr2coo', 'csr_add', 'csr_div', 'csr_gather', 'csr_mm', 'csr_mul', 'csr_mv',
    'csr_reduce_sum', 'csr_softmax', 'csr_tensor_get_dense_shape', 'csr_tensor_get_indices',
    'csr_tensor_get_indptr', 'csr_tensor_get_values', 'csr_to_coo', 'csr_to_dense', 'ctc_loss',
    'dense', 'dense_to_sparse_coo', 'dense_to_sparse_csr', 'dropout', 'dropout1d', 'dropout2d',
    'dropout3d', 'elu', 'embedding', 'fast_gelu', 'fft', 'fft2', 'fftfreq', 'fftn', 'fftshift',
    'flash_attention_score', 'fold', 'fractional_max_pool2d', 'fractional_max_pool3d', 'gamma',
    'gaussian_nll_loss', 'gelu', 'glu', 'grid_sample', 'group_norm', 'gumbel_softmax',
    'hamming_window', 'hann_window', 'hardshrink', 'hardsigmoid', 'hardswish', 'hardtanh',
    'hfft', 'hfft2', 'hfftn', 'hinge_embedding_loss', 'huber_loss', 'ifft', 'ifft2', 'ifftn',
    'ifftshift', 'ihfft', 'ihfft2', 'ihfftn', 'inplace_sigmoid', 'interpolate', 'iou', 'irfft',
    'irfft2', 'irfftn', 'kaiser_window', 'kl_div', 'l1_loss', 'laplace', 'layer_norm',
    'leaky_relu', 'log_softmax', 'logsigmoid', 'lp_pool1d', 'lp_pool2d', 'lrn',
    'make_coo_tensor', 'make_csr_tensor', 'margin_ranking_loss', 'max_pool2d', 'max_pool3d',
    'max_unpool1d', 'max_unpool2d', 'max_unpool3d', 'mirror_pad', 'mish', 'mse_loss',
    'mse_loss_ext', 'multi_margin_loss', 'multilabel_margin_loss',
    'multilabel_soft_margin_loss', 'multinomial', 'multinomial_with_replacement', 'nll_loss',
    'normal', 'one_hot', 'pad', 'padding', 'pixel_shuffle', 'pixel_unshuffle', 'poisson',
    'prelu', 'prim_attr_register', 'rand', 'rand_like', 'randint', 'randint_like', 'randn',
    'randn_like', 'random_categorical', 'random_gamma', 'random_poisson', 'randperm', 'relu',
    'relu6', 'rfft', 'rfft2', 'rfftfreq', 'rfftn', 'rms_norm', 'rotary_position_embedding',
    'rrelu', 'selu', 'sequence_mask', 'shuffle', 'sigmoid', 'silu', 'smooth_l1_loss',
    'soft_margin_loss', 'soft_shrink', 'softmax', 'softmin', 'softplus', 'softshrink',
    'softsign', 'standard_laplace', 'standard_normal', 'stft', 'swiglu', 'tanhshrink',
    'threshold', 'triplet_margin_loss', 'unfold', 'uniform', 'upsample'
})


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?j?|nan|inf")


class _CloseChecker(doctest.OutputChecker):
    """Exact text, except that numbers agree to float32's last place (XLA and NumPy
    approximate special functions differently in the last places)."""

    def check_output(self, want, got, optionflags):
        if super().check_output(want, got, optionflags):
            return True
        want_numbers, got_numbers = _NUMBER.findall(want), _NUMBER.findall(got)
        if ("".join(_NUMBER.sub("#", want).split()) != "".join(_NUMBER.sub("#", got).split())
                or len(want_numbers) != len(got_numbers)):
            return False
        want_values = np.array([complex(n) for n in want_numbers])
        got_values = np.array([complex(n) for n in got_numbers])
        return bool(np.allclose(got_values, want_values, rtol=1e-6, atol=1e-6, equal_nan=True))


def _forwarded():
    return sorted(n for n in ops.__all__ if getattr(getattr(ops, n), "__wrapped_fn__", None)
                  is not None or n in _forward_docs.ALIASES or n in _forward_docs.SUMMARIES)


def test_no_placeholder_docstring():
    placeholders = [n for n in ops.__all__ if PLACEHOLDER in (getattr(ops, n).__doc__ or "")]
    assert placeholders == []


def test_every_op_has_an_example():
    lacking = {n for n in ops.__all__ if ">>>" not in (inspect.getdoc(getattr(ops, n)) or "")}
    assert lacking <= WITHOUT_EXAMPLE, sorted(lacking - WITHOUT_EXAMPLE)
    assert WITHOUT_EXAMPLE <= lacking, f"now documented, drop: {sorted(WITHOUT_EXAMPLE - lacking)}"


def test_forwarded_docstrings_have_args_and_returns():
    for name in _forwarded():
        doc = inspect.getdoc(getattr(ops, name))
        params = inspect.signature(getattr(ops, name)).parameters
        assert "Args:" in doc and "Returns:" in doc, name
        for param in params:
            assert f"    {param} (" in doc, (name, param)


@pytest.mark.parametrize("name", _forwarded())
def test_forwarded_example_runs(name):
    doc = getattr(ops, name).__doc__
    test = doctest.DocTestParser().get_doctest(doc, {}, f"msfunc.ops.{name}", None, 0)
    runner = doctest.DocTestRunner(checker=_CloseChecker(), optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, name


# Other namespaces whose every public callable has an example, but for the names listed
# (which may only shrink); msfunc.nn, msfunc.mint and msfunc.scipy.special are not there yet.
OTHER_NAMESPACES = {
    "msfunc": {"F1", "LossScaleManager", "ParallelMode", "Top1CategoricalAccuracy",
               "Top5CategoricalAccuracy", "get_seed"},
    "msfunc.numpy": set(),
    "msfunc.scipy.linalg": set(),
    "msfunc.scipy.fft": set(),
    "msfunc.scipy.optimize": {"OptimizeResults"},
    "msfunc.train": {"F1", "LossScaleManager", "Top1CategoricalAccuracy",
                     "Top5CategoricalAccuracy"},
    "msfunc.dataset": {"Dataset", "TupleIterator", "DictIterator"},
}


@pytest.mark.parametrize("path", sorted(OTHER_NAMESPACES))
def test_other_namespaces_have_examples(path):
    module = importlib.import_module(path)
    names = getattr(module, "__all__", None) or [n for n in dir(module) if n[0] != "_"]
    lacking = set()
    for name in names:
        obj = getattr(module, name, None)
        if callable(obj) and not inspect.ismodule(obj):
            doc = inspect.getdoc(obj) or ""
            assert PLACEHOLDER not in doc, f"{path}.{name}"
            if ">>>" not in doc:
                lacking.add(name)
    assert lacking == OTHER_NAMESPACES[path]
