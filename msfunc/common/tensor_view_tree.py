"""The tree of live views a Tensor holds, re-derived after its values change."""

__all__ = ["refresh_views"]


def refresh_views(tensor):
    """Re-derive every live view of `tensor` (and theirs) from its new values.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0, 2.0])
        >>> head = t[:1]
        >>> t._value = t._value * 3
        >>> refresh_views(t)
        >>> head.tolist()
        [3.0]
    """
    views = tensor.__dict__.get("_views")
    if not views:
        return
    for view in list(views):
        view._value = view.__dict__["_view_link"].derive(tensor._value)
        refresh_views(view)
