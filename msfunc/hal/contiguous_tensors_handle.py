"""``mindspore.hal.contiguous_tensors_handle``: a list of Tensors read as one flat buffer.

MindSpore copies the Tensors into one contiguous block of device memory; msfunc's arrays are
immutable, so the handle keeps the Tensors and lays their current values end to end (raw
bytes, read in the first Tensor's dtype) whenever it is read: a later write to one of the
Tensors shows through the handle, as it does in MindSpore. There is no alignment padding
(as on MindSpore's CPU, `enable_mem_align` changes nothing).
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["ContiguousTensorsHandle", "combine_tensor_list_contiguous"]


def _bytes(tensors):
    return b"".join(np.ascontiguousarray(t.asnumpy()).tobytes() for t in tensors)


def _read(raw, dtype):
    usable = len(raw) - len(raw) % dtype.itemsize
    return np.frombuffer(raw[:usable], dtype=dtype)


class ContiguousTensorsHandle:
    """Tensors laid end to end in one flat buffer (see the module docstring).

    Args:
        tensor_list (Union[list[Tensor], tuple[Tensor]]): The Tensors, at least one.
        enable_mem_align (bool): Accepted (no padding is added). Default: ``True``.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> a = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> b = ms.Tensor(np.array([[3.0], [4.0]], np.float32))
        >>> handle = ContiguousTensorsHandle([a, b])
        >>> handle[1:3].asnumpy().tolist(), handle.slice_by_tensor_index(1).asnumpy().tolist()
        ([2.0, 3.0], [3.0, 4.0])
    """

    def __init__(self, tensor_list: list | tuple, enable_mem_align: bool = True) -> None:
        from ..common.tensor import Tensor

        if not isinstance(tensor_list, (list, tuple)) or not all(
            isinstance(t, Tensor) for t in tensor_list
        ):
            raise TypeError("combine_tensor_list_contiguous: tensor_list must be a list of Tensors")
        if not tensor_list:
            raise IndexError("combine_tensor_list_contiguous: tensor_list is empty")
        if not isinstance(enable_mem_align, bool):
            raise TypeError(
                f"combine_tensor_list_contiguous: enable_mem_align must be a bool, "
                f"got {type(enable_mem_align).__name__}"
            )
        self.tensor_list = tuple(tensor_list)
        self.enable_mem_align = enable_mem_align
        self.before_padding_sizes = [int(t.nbytes) for t in self.tensor_list]
        self.after_padding_sizes = list(self.before_padding_sizes)
        self.total_padding_size = sum(self.after_padding_sizes)
        # (MindSpore gives the element count as a float: bytes / the first dtype's size)
        self.handle_shape = self.total_padding_size / self._dtype(0).itemsize

    def _dtype(self, index):
        return np.dtype(self.tensor_list[index].asnumpy().dtype)

    def _flat(self, first=0, last=None):
        return _read(_bytes(self.tensor_list[first:last]), self._dtype(first))

    def __getitem__(self, key: Any) -> Any:
        from ..common.tensor import Tensor

        flat = self._flat()
        if isinstance(key, int) and not isinstance(key, bool):
            if not 0 <= key < flat.size:
                raise ValueError(f"handle index {key} is outside [0, {flat.size})")
            return Tensor(flat[key : key + 1].copy())
        if isinstance(key, slice) and all(
            v is None or (isinstance(v, int) and not isinstance(v, bool))
            for v in (key.start, key.stop, key.step)
        ):
            # (as MindSpore: the step is not applied, and the bounds must lie in the buffer)
            start = 0 if key.start is None else key.start
            stop = flat.size if key.stop is None else key.stop
            if not 0 <= start < stop <= flat.size:
                raise ValueError(f"handle slice [{start}:{stop}] is outside [0, {flat.size}]")
            return Tensor(flat[start:stop].copy())
        raise TypeError(f"a handle is indexed by an int or an int slice, got {key!r}")

    def slice_by_tensor_index(self, start: int | None = None, end: int | None = None) -> Any:
        """The Tensors ``start`` to ``end`` (exclusive) of the list, flattened end to end.

        Args:
            start (Union[int, None]): The first Tensor's index; None: 0. Default: ``None``.
            end (Union[int, None]): One past the last; None: the list's length.
                Default: ``None``.

        Returns:
            Tensor, 1-D, in the dtype of Tensor `start`.

        Example:
            >>> import numpy as np, msfunc as ms
            >>> t = ms.Tensor(np.ones(2, np.float32))
            >>> ContiguousTensorsHandle([t, t * 2]).slice_by_tensor_index(0, 1).shape
            (2,)
        """
        from ..common.tensor import Tensor

        count = len(self.tensor_list)
        first = 0 if start is None else start
        last = count if end is None else end
        if not 0 <= first < last <= count:
            raise ValueError(
                f"slice_by_tensor_index({start}, {end}): needs 0 <= start < end <= {count}"
            )
        return Tensor(self._flat(first, last).copy())

    def __str__(self) -> str:
        lines = [f"contiguous handle of {self.total_padding_size} bytes"]
        lines += [f"  tensor {i}: {t}" for i, t in enumerate(self.tensor_list)]
        return "\n".join(lines)


def combine_tensor_list_contiguous(
    tensor_list: list | tuple, enable_mem_align: bool = True
) -> ContiguousTensorsHandle:
    """A `ContiguousTensorsHandle` over `tensor_list`.

    Args:
        tensor_list (Union[list[Tensor], tuple[Tensor]]): The Tensors, at least one.
        enable_mem_align (bool): Accepted (no padding is added). Default: ``True``.

    Returns:
        ContiguousTensorsHandle, the handle.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> t = ms.Tensor(np.arange(3, dtype=np.float32))
        >>> combine_tensor_list_contiguous([t, t])[4].asnumpy().tolist()
        [1.0]
    """
    return ContiguousTensorsHandle(tensor_list, enable_mem_align)
