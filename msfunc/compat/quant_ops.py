"""``mindspore.ops.operations._quant_ops``: `FakeQuantParam`, the node that carries a tensor's
quantisation parameters (scale, zero point) through a graph for export.

MindSpore's CPU build constructs it and has no kernel to run it; msfunc does the same, so
a network that records quantisation parameters builds, and running it fails as there. It
exports, as there: in the program `export` writes it passes its input through (msfunc's
StableHLO carries no quantisation attributes).

Example:
    >>> import msfunc as ms
    >>> op = FakeQuantParam.linear_quant_param(ms.common.dtype.QuantDtype.INT8, 0.1, 1)
    >>> op.attrs["quant_dtype"], op.attrs["linear_quant_scale"]
    (7, [0.1])
"""

from .. import _state
from ..ops.primitives import Primitive

__all__ = ["FakeQuantParam"]

_LINEAR = "linear_quant_algo"


class FakeQuantParam(Primitive):
    """Records a quantisation algorithm and its parameters as attributes.

    Args:
        quant_dtype (QuantDtype): The quantised dtype (``QuantDtype.INT8`` ...).
        quant_algo_name (str): The algorithm's name (``'linear_quant_algo'``).
        is_per_channel (bool): Whether the parameters are per channel.
        kwargs (dict): The algorithm's parameters, each also an attribute.

    Example:
        >>> import msfunc as ms
        >>> op = FakeQuantParam(ms.common.dtype.QuantDtype.INT4, "linear_quant_algo", False)
        >>> op.attrs["quant_dtype"], op.is_per_channel
        (3, False)
    """

    def __init__(self, quant_dtype, quant_algo_name, is_per_channel, **kwargs):
        super().__init__("FakeQuantParam")
        self.add_prim_attr("quant_dtype", quant_dtype.value())
        self.add_prim_attr("quant_algo_name", quant_algo_name)
        self.add_prim_attr("is_per_channel", is_per_channel)
        self.add_prim_attr("kwargs", dict(kwargs))
        for key, value in kwargs.items():
            self.add_prim_attr(key, value)

    @classmethod
    def linear_quant_param(cls, quant_dtype, scale, zp, is_per_channel=False, **kwargs):
        """A `FakeQuantParam` of the linear algorithm: ``q = round(x / scale) + zp``.

        Args:
            quant_dtype (QuantDtype): The quantised dtype.
            scale (Union[float, list, tuple]): The scale, one or one per channel.
            zp (Union[int, list, tuple]): The zero point, one or one per channel.
            is_per_channel (bool): Whether the parameters are per channel. Default: ``False``.
            kwargs (dict): Further attributes.

        Example:
            >>> import msfunc as ms
            >>> op = FakeQuantParam.linear_quant_param(ms.common.dtype.QuantDtype.INT8, [0.1], [2])
            >>> op.attrs["linear_quant_zero_point"]
            [2]
        """
        if not isinstance(scale, (float, list, tuple)):
            raise TypeError(
                "FakeQuantParam: `scale` must be a float, list or tuple, "
                f"got {type(scale).__name__}"
            )
        if not isinstance(zp, (int, list, tuple)) or isinstance(zp, bool):
            raise TypeError(
                f"FakeQuantParam: `zp` must be an int, list or tuple, got {type(zp).__name__}"
            )
        scales = list(scale) if isinstance(scale, (list, tuple)) else [scale]
        points = list(zp) if isinstance(zp, (list, tuple)) else [zp]
        params = {"linear_quant_scale": scales, "linear_quant_zero_point": points, **kwargs}
        return cls(quant_dtype, _LINEAR, is_per_channel, **params)

    def __call__(self, *args, **kwargs):
        if _state.exporting() and len(args) == 1 and not kwargs:
            return args[0]  # (a marker in an exported graph)
        raise RuntimeError(
            "FakeQuantParam: a marker for exporting quantised graphs, with no CPU or JAX "
            "kernel; run the float network, or quantise with jnp.round(x / scale) + zp"
        )
