"""The declarative tables the primitive classes of `msfunc.ops.primitives` are generated from.

Each row is ``(class name, constructor signature, call)``: the signature (built with
`_common.sig`) carries MindSpore's defaults; the call receives the primitive (its constructor
attributes) and MindSpore's call arguments. Calls reference msfunc's functional ops directly,
so a missing target fails at import. One module per topic.
"""

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

__all__ = ["TABLE", "INIT_CHECKS"]

TABLE = [
    row
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
    for row in module.TABLE
]

# class name -> check of its constructor arguments (raising as MindSpore does)
INIT_CHECKS = {
    **optim.INIT_CHECKS,
    **image_signal.INIT_CHECKS,
    **cpu_kernels.INIT_CHECKS,
    **recurrent.INIT_CHECKS,
    **nn.INIT_CHECKS,
    **array.INIT_CHECKS,
}
