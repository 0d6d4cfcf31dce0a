"""Host cycle counts (syscnt) to microsecond timestamps, from the run's recorded clock."""

from decimal import Decimal

__all__ = ["TimeConverter"]


class TimeConverter:
    """Converts a syscnt to a timestamp in us: ``((syscnt - cntvct) * 1000 / freq + diff) / 1000``.

    `init_parameters` records the counter frequency (MHz), the counter at collection start
    (cntvct) and the nanosecond offset of that start from the epoch (diff); converting
    before it is a RuntimeError. Results keep three decimals (ns).

    Example:
        >>> from msfunc.profiler.timeline.time_converter import TimeConverter
        >>> TimeConverter.init_parameters(100.0, 0, 0)
        >>> TimeConverter.convert_syscnt_to_timestamp_us(150)
        Decimal('1.500')
    """

    US_TO_NS = 1000
    NS_TO_US = Decimal("1e-3")
    DECIMAL_PRECISION = Decimal("0.000")
    _freq = 100.0
    _cntvct = 0
    _localtime_diff = 0
    _is_loaded = False

    @classmethod
    def convert_syscnt_to_timestamp_us(cls, syscnt):
        """The timestamp (us, a Decimal with three places) of the cycle count `syscnt`."""
        if not cls._is_loaded:
            raise RuntimeError("TimeConverter.init_parameters has not been called")
        ns = Decimal((syscnt - cls._cntvct) * cls.US_TO_NS / cls._freq) + Decimal(
            cls._localtime_diff
        )
        return (ns * cls.NS_TO_US).quantize(cls.DECIMAL_PRECISION)

    @classmethod
    def init_parameters(cls, freq, cntvct, localtime_diff):
        """Records the clock of the run being analysed."""
        cls._freq, cls._cntvct, cls._localtime_diff = freq, cntvct, localtime_diff
        cls._is_loaded = True
