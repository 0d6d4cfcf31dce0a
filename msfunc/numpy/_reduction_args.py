"""Argument entries (for `with_args`) that the reductions and NaN-reductions document alike."""

A = "a (Tensor): Input."
X = "x (Tensor): Input."
AXES = (
    "axis (Union[int, tuple[int, ...], None]): Axes to reduce; ``None`` reduces all.\n"
    "    Default: ``None``."
)
KEEPDIMS = "keepdims (bool): Keep the reduced axes with length 1. Default: ``False``."
WHERE = "where (Union[Tensor, bool]): Elements to include. Default: ``True``."
DDOF = "ddof (int): The divisor is N - `ddof`. Default: ``0``."
NAN_DDOF = (
    "ddof (int): The divisor is N - `ddof`, N counting the non-NaN elements.\n    Default: ``0``."
)
# The scan reductions (cumsum, cumprod, nancumsum) take one axis and flatten for None.
SCAN_AXIS = (
    "axis (Union[int, None]): Axis to accumulate along; ``None`` flattens first.\n"
    "    Default: ``None``."
)


def dtype_entry(role: str) -> str:
    """The ``dtype`` entry, `role` saying what the dtype is for ("Dtype to sum in.")."""
    return f"dtype (Union[dtype, str, None]): {role} Default: ``None``."


def initial_entry(extremum: str) -> str:
    """The ``initial`` entry of a maximum or minimum (`extremum`)."""
    return (
        f"initial (Union[int, float, None]): A scalar the {extremum} starts from (needed for an\n"
        "    empty reduction). Default: ``None``."
    )
