"""msfunc.train.summary: SummaryRecord, writing MindSpore's summary and lineage files."""

from .summary_record import SummaryRecord

__all__ = ["SummaryRecord"]
