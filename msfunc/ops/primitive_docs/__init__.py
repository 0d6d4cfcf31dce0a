"""Written docstrings of the generated primitive classes, one module per primitive table."""

from . import (
    array,
    control,
    cpu_kernels,
    elementwise,
    image_signal,
    loss,
    math_linalg,
    nn,
    no_cpu_kernel,
    optim,
    optim_fused,
    recurrent,
    sampling,
    scatter,
    sparse_dense,
    sparse_optim,
    summary,
)

__all__ = ["DOCS"]

DOCS: dict[str, str] = {
    name: doc
    for module in (
        elementwise,
        array,
        scatter,
        math_linalg,
        nn,
        loss,
        sampling,
        image_signal,
        control,
        summary,
        optim,
        optim_fused,
        sparse_optim,
        sparse_dense,
        no_cpu_kernel,
        cpu_kernels,
        recurrent,
    )
    for name, doc in module.DOCS.items()
}
