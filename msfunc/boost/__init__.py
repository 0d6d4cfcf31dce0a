"""MindSpore's `boost` training helpers msfunc provides: gradient accumulation."""

from .grad_accumulation import GradientAccumulation, gradient_accumulation_op, gradient_clear_op

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]
