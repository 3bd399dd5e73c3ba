"""The notices over the screens: a damaged file set aside, a folder that cannot be
written. The storage queues them; one shows at a time, for :data:`NOTICE_SECONDS`."""

from __future__ import annotations

from ..look import i18n
from .storage import Storage

NOTICE_SECONDS = 6.0
"""How long a notice (a damaged file, a folder that cannot be written) stays."""

Notice = tuple[str, float]
"""A notice on screen: its translated text and how long it has shown, in seconds."""


def next_notice(notice: Notice | None, dt: float, storage: Storage) -> Notice | None:
    """``notice`` aged by ``dt`` seconds, or, once it is gone, the next one the storage
    queued (translated), or None."""
    if notice is not None:
        text, age = notice
        notice = (text, age + dt) if age + dt < NOTICE_SECONDS else None
    if notice is None:
        pending = storage.take_notice()
        if pending is not None:
            message, args = pending
            notice = (i18n._(message).format(**args), 0.0)
    return notice
