"""``mindspore._extends``: `cell_attr_register`, the decorator MindSpore's built-in Cells put on
``__init__`` to record their construction arguments as ``cell_init_args``.

Example:
    >>> import msfunc
    >>> class Scale(msfunc.nn.Cell):
    ...     @cell_attr_register
    ...     def __init__(self, factor, bias=0.0):
    ...         super().__init__()
    ...         self.factor = factor
    >>> Scale(2.0).cell_init_args
    'Scaledict_values([2.0])'
"""

import functools
import inspect

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """Decorate a Cell's ``__init__`` so the instance records how it was built.

    With ``attrs=None`` the record is the class name followed by the arguments the call
    passed (as MindSpore writes them, a ``dict_values`` list); with a list of attribute
    names (or one name) it is the class name followed by those attributes' values after
    ``__init__`` ran.

    Example:
        >>> import msfunc
        >>> class Pad(msfunc.nn.Cell):
        ...     @cell_attr_register(attrs=["width"])
        ...     def __init__(self, width):
        ...         super().__init__()
        ...         self.width = width
        >>> Pad(3).cell_init_args
        'Pad[3]'
    """
    if attrs is not None and not isinstance(attrs, (list, str)):
        raise ValueError(
            f"cell_attr_register: `attrs` must be a list or a str, got {type(attrs).__name__}"
        )
    if isinstance(attrs, list) and not all(isinstance(a, str) for a in attrs):
        raise ValueError("cell_attr_register: every name in `attrs` must be a str")

    def decorate(init):
        signature = inspect.signature(init)

        @functools.wraps(init)
        def wrapped(self, *args, **kwargs):
            passed = None
            if attrs is None:
                passed = dict(signature.bind(self, *args, **kwargs).arguments)
                del passed[next(iter(signature.parameters))]  # the instance itself
            init(self, *args, **kwargs)
            if attrs is None:
                record = str(passed.values())
            elif isinstance(attrs, str):
                record = str(getattr(self, attrs, []))
            else:
                record = str([getattr(self, a) for a in attrs if hasattr(self, a)])
            self.cell_init_args = type(self).__name__ + record

        return wrapped

    return decorate if fn is None else decorate(fn)
