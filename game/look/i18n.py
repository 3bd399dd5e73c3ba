"""Languages: gettext catalogs for English, Malay, Finnish and Russian.

Every visible string goes through :func:`_` (or :func:`ngettext` for plurals). Strings
defined before a language is chosen are marked with :func:`N_` and translated where
they are shown. Catalogs live in ``game/locale/<lang>/LC_MESSAGES/halfmoon.po``; the
``.mo`` files are compiled from them at build time (``make`` and the package build).
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import locale
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

DOMAIN = "halfmoon"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"  # game/locale
"""Where the compiled catalogs are (inside the package, so they travel with it)."""
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "ms": "Bahasa Melayu",
    "fi": "Suomi",
    "ru": "Русский",
}
"""The languages the game speaks, by code, each named in itself."""
DEFAULT_LANGUAGE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def N_(message: str) -> str:
    """Mark a string for translation without translating it yet."""
    return message


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The right plural form for ``count`` in the current language (Russian has three)."""
    return _translation.ngettext(singular, plural, count)


def format_date(day: str, code: str | None = None) -> str:
    """The day ``day`` (ISO, ``2026-12-03``) as the language ``code`` (the current one
    by default) writes it, by Babel's medium format (``Dec 3, 2026``, ``3.12.2026``)
    where Babel is installed; else ``day`` as it is. Babel is imported here, when a
    screen first shows a date, never at start-up."""
    return _format_date(day, code or _language)


@functools.lru_cache(maxsize=256)
def _format_date(day: str, code: str) -> str:
    try:
        import datetime

        from babel.dates import format_date as babel_format_date

        return str(babel_format_date(datetime.date.fromisoformat(day), "medium", locale=code))
    except Exception:  # no Babel, or no data for the language: the ISO date says it all
        return day


def language() -> str:
    """The current language code."""
    return _language


def set_language(code: str) -> bool:
    """Speak ``code``; False (and English) when there is no catalog for it."""
    global _translation, _language
    if code not in LANGUAGES:
        code = DEFAULT_LANGUAGE
    if code == DEFAULT_LANGUAGE:
        _translation, _language = gettext.NullTranslations(), code
        return True
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        _translation, _language = gettext.NullTranslations(), DEFAULT_LANGUAGE
        return False
    _language = code
    return True


def preferred_locales() -> list[str]:
    """The user's preferred languages as the operating system reports them, best first
    (``pygame.system.get_pref_locales``: Windows' and macOS' language lists, which set no
    environment variable). Elsewhere none: SDL would read the variables
    :func:`system_language` has read already (``LANG``, ``LANGUAGE``)."""
    if sys.platform not in ("win32", "darwin"):
        return []
    try:
        import pygame.system

        return [entry["language"] for entry in pygame.system.get_pref_locales()]
    except (ImportError, AttributeError, KeyError, TypeError, RuntimeError):
        return []


def system_language(
    environ: Mapping[str, str] | None = None, preferred: Sequence[str] | None = None
) -> str:
    """The first language the game speaks among: the environment variables (LANGUAGE,
    LC_ALL, LC_MESSAGES, LANG: they override the system), the system's preferred
    languages (``preferred``, by default :func:`preferred_locales`, asked only when no
    variable names one: 1 ms of pygame's at the start) and the C library's locale; else
    English. Given an ``environ``, only it and ``preferred`` are read."""
    for candidate in _candidates(environ, preferred):
        for part in candidate.split(":"):
            code = part.split("_")[0].split("-")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def _candidates(
    environ: Mapping[str, str] | None, preferred: Sequence[str] | None
) -> Iterator[str]:
    """:func:`system_language`'s candidates, in order, each found when it is reached."""
    env = os.environ if environ is None else environ
    yield from (env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
    if preferred is None and environ is None:
        preferred = preferred_locales()
    yield from preferred or ()
    if environ is None:
        found = ""
        with contextlib.suppress(ValueError):
            found = locale.getlocale()[0] or ""
        yield found
