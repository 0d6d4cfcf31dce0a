"""Image argument checks shared by the vision transforms, with MindSpore's exception types."""

from __future__ import annotations

import numpy as np

__all__ = ["image_arg", "images_arg", "joined", "is_pil", "over_images", "size_pair", "one_input"]


def is_pil(x):
    """Whether `x` is a PIL image (without importing PIL when it was never loaded).

    Example:
        >>> is_pil(np.zeros((2, 2)))
        False
    """
    import sys

    image = sys.modules.get("PIL.Image")
    return image is not None and isinstance(x, image.Image)


def image_arg(x, who, *, max_rank: int | None = 3):
    """`x` (a numpy array or a PIL image) as a numpy image of rank 2 up to `max_rank`.

    Any other input is a TypeError, a wrong rank a RuntimeError (MindSpore's types: the rank
    is found by its C++ kernels).

    Example:
        >>> image_arg(np.zeros((1, 2)), "Resize").shape
        (1, 2)
    """
    if is_pil(x):
        x = np.asarray(x)
    if not isinstance(x, np.ndarray):
        raise TypeError(f"{who}: the image must be a numpy array or a PIL image, got {type(x)}")
    if x.dtype.kind in "USOV":
        raise RuntimeError(f"{who}: images of dtype {x.dtype} are not supported")
    if x.ndim < 2 or (max_rank is not None and x.ndim > max_rank):
        wanted = "(H, W) or (H, W, C)" if max_rank == 3 else "(..., H, W[, C])"
        raise RuntimeError(f"{who}: expected an image of shape {wanted}, got shape {x.shape}")
    return x


def images_arg(images, who, *, max_rank: int | None = 3, same_size: bool = False):
    """The images of a transform that takes one or several (MindSpore's random crops and
    flips give all the inputs of a row the same draw), each checked by `image_arg`; with
    `same_size`, their heights and widths must agree (a RuntimeError, as in MindSpore).

    Example:
        >>> [x.shape for x in images_arg((np.zeros((2, 3)), np.ones((2, 3, 1))), "RandomCrop")]
        [(2, 3), (2, 3, 1)]
    """
    if not images:
        raise RuntimeError(f"{who}: takes one or more images, got none")
    checked = [image_arg(x, who, max_rank=max_rank) for x in images]
    sizes = {x.shape[:2] if x.ndim <= 3 else x.shape[-3:-1] for x in checked}
    if same_size and len(sizes) > 1:
        raise RuntimeError(f"{who}: the input images have different sizes {sorted(sizes)}")
    return checked


def joined(outputs):
    """One output for one input, else a tuple of them (a transform's result).

    Example:
        >>> joined([1]), joined([1, 2])
        (1, (1, 2))
    """
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def over_images(fn, img):
    """Apply `fn` (one (H, W) or (H, W, C) image to one image) to every image of a stack
    (..., H, W, C) of rank 4 or more, as MindSpore's video-capable transforms do.

    Example:
        >>> over_images(lambda im: im[::-1], np.arange(4).reshape(1, 2, 2, 1))[0, :, :, 0].tolist()
        [[2, 3], [0, 1]]
    """
    if img.ndim <= 3:
        return fn(img)
    flat = img.reshape((-1,) + img.shape[-3:])
    outs = [fn(one) for one in flat]
    return np.stack(outs).reshape(img.shape[:-3] + outs[0].shape)


def size_pair(size, who):
    """A positive int (up to 2**24), or a pair (height, width) of positive ints, checked.

    Example:
        >>> size_pair([2, 3], "Resize")
        (2, 3)
    """
    if isinstance(size, (int, np.integer)):
        if not 1 <= size <= 1 << 24:
            raise ValueError(f"{who}: `size` must be in [1, 2**24], got {size!r}")
        return int(size)
    if isinstance(size, (tuple, list)) and len(size) == 2:
        if not all(isinstance(s, (int, np.integer)) for s in size):
            raise TypeError(f"{who}: `size` values must be ints, got {size!r}")
        if not all(1 <= s <= 2**31 - 1 for s in size):
            raise ValueError(f"{who}: `size` values must be in [1, 2**31 - 1], got {size!r}")
        return (int(size[0]), int(size[1]))
    raise TypeError(f"{who}: `size` must be an int or a pair (height, width), got {size!r}")


def one_input(cls):
    """Make the one-image transform `cls` refuse several inputs with a RuntimeError, as
    MindSpore's one-to-one operations do (a class decorator; returns `cls`).

    Example:
        >>> @one_input
        ... class Same:
        ...     def __call__(self, img):
        ...         return img
        >>> Same()(1)
        1
    """
    call = cls.__call__

    def __call__(self, *images):
        if len(images) != 1:
            raise RuntimeError(f"{cls.__name__}: takes one image, got {len(images)} inputs")
        return call(self, images[0])

    __call__.__doc__ = call.__doc__
    cls.__call__ = __call__
    return cls
