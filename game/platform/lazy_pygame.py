"""pygame in two halves: the few modules the window needs at once, the rest after it shows.

``import pygame`` imports every module of the package first (fonts, sound, joysticks,
sprites, its data classes, ``importlib.resources``...): 50-80 ms on the 2-core machine
before a window could open. Opening the window needs only the display and what it
stands on, 3-5 ms of imports. :func:`window_half` makes the ``pygame`` package and
imports just those; :func:`first_frame` adds the few more the game's first frame draws
with, and :func:`whole`, once that frame is shown, runs the package's own ``__init__`` in
the same module object, which imports the rest and defines every name as a plain ``import
pygame`` does (the modules already imported are reused, not imported twice).

The package made by :func:`window_half` completes itself the first time anybody asks it
for a name it lacks (``pygame.font``, ``pygame.init``), so nothing can see a half pygame:
``import pygame`` anywhere afterwards gets the same module, whole or made whole on first
use. A frozen build, ``HALFMOON_PLAIN=1`` (:func:`game.platform.plain`), or anything
unexpected on the way, imports pygame the usual way.

Whole but for the mixer (:data:`DEFERRED`): it is imported when first asked for, by
``import pygame.mixer`` or by the name ``pygame.mixer`` (or ``pygame.Sound``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import Any

from . import plain

WINDOW_MODULES = ("base", "constants", "rect", "color", "surface", "display", "window", "image")
"""The submodules the window needs first, in the order they stand on each other."""
FIRST_NAMES = {"Rect": "rect", "Color": "color", "Surface": "surface", "Window": "window"}
"""Names pygame's ``__init__`` takes from them (and ``*`` of base and constants)."""

FIRST_FRAME_MODULES = ("event", "time", "key", "mouse", "draw", "transform", "font", "math")
"""The submodules the game's first frame needs besides the window's (:func:`first_frame`):
the rest of the package (its data classes, ``importlib.resources``, the system font
finder, sprites, cursors, its debug helpers: 17 ms) waits until that frame is shown."""
FIRST_FRAME_NAMES = {"Vector2": "math", "Vector3": "math"}
"""Names pygame's ``__init__`` takes from them."""

DEFERRED = ("mixer_music", "mixer")
"""Submodules that the package's ``__init__`` imports and :func:`whole` leaves for their
first use: they load SDL_mixer and the codec libraries it links (MIDI, MP3, Opus, FLAC,
Vorbis, WavPack, tracker modules: 3 MB of memory), and the game plays its own PCM, from
its first sound effect on (game/audio/sound.py)."""
MIXER_NAMES = {"mixer": "mixer", "mixer_music": "mixer_music", "Sound": "mixer", "Channel": "mixer"}
"""Names of the package that come from the deferred modules, and the module of each."""

_spec: Any = None
"""The package's import spec while it is half imported; None once whole or never split."""
_completing = False


def window_half() -> ModuleType:
    """The ``pygame`` package with at least :data:`WINDOW_MODULES` imported.

    Already imported: that module. Else the package is made without running its
    ``__init__``; it completes itself (see the module's docstring) on first use of a name
    it lacks, or when :func:`whole` is called.
    """
    global _spec
    loaded = sys.modules.get("pygame")
    if loaded is not None:
        return loaded
    usual = getattr(sys, "frozen", False) or plain()
    spec = None if usual else importlib.util.find_spec("pygame")
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return _import_whole()
    package = importlib.util.module_from_spec(spec)
    package.__dict__["__getattr__"] = _complete_on_use  # the module's __getattr__ (PEP 562)
    sys.modules["pygame"] = package
    _spec = spec
    try:
        for name in WINDOW_MODULES:
            module = importlib.import_module(f"pygame.{name}")
            if name in ("base", "constants"):
                names = getattr(module, "__all__", None) or [
                    key for key in vars(module) if not key.startswith("_")
                ]
                package.__dict__.update({key: getattr(module, key) for key in names})
        for name, module_name in FIRST_NAMES.items():
            setattr(package, name, getattr(getattr(package, module_name), name))
    except Exception:  # any surprise: the usual import says what is wrong
        return whole()
    return package


def whole() -> ModuleType:
    """The ``pygame`` package, complete: imported the usual way, or the half made by
    :func:`window_half` completed by running the package's own ``__init__`` in it."""
    global _spec, _completing
    package = sys.modules.get("pygame")
    if package is None:
        return _import_whole()
    spec, _spec = _spec, None
    if spec is None:
        return package
    _completing = True
    # None in sys.modules makes the __init__'s "import pygame.mixer" fail as a pygame
    # built without its mixer would, which it allows for
    deferred = [f"pygame.{name}" for name in DEFERRED if f"pygame.{name}" not in sys.modules]
    _block_imports(deferred)
    try:
        spec.loader.exec_module(package)
    except BaseException:
        del sys.modules["pygame"]  # the next import of pygame tries again, and says why
        raise
    finally:
        _completing = False
        for name in deferred:
            del sys.modules[name]
        for name in MIXER_NAMES:
            if f"pygame.{MIXER_NAMES[name]}" in deferred:
                package.__dict__.pop(name, None)  # the stand-in saying "not available"
        package.__dict__["__getattr__"] = _load_deferred
    return package


def first_frame() -> ModuleType:
    """The ``pygame`` package with :data:`FIRST_FRAME_MODULES` imported too, still half
    when it was (:func:`whole` completes it once the first frame is shown; any name it
    lacks before then completes it on first use, as ever)."""
    package = sys.modules.get("pygame")
    if package is None or _spec is None:
        return whole()
    try:
        for name in FIRST_FRAME_MODULES:
            importlib.import_module(f"pygame.{name}")
        for name, module_name in FIRST_FRAME_NAMES.items():
            setattr(package, name, getattr(getattr(package, module_name), name))
    except Exception:  # any surprise: the usual import says what is wrong
        return whole()
    return package


def quit_pygame() -> None:
    """``pygame.quit()``, without importing the :data:`DEFERRED` modules never used: it
    imports each module it knows of to shut it (3 MB and a few milliseconds at exit)."""
    import pygame

    unused = [f"pygame.{name}" for name in DEFERRED if f"pygame.{name}" not in sys.modules]
    _block_imports(unused)  # an import that fails is one it skips
    try:
        pygame.quit()
    finally:
        for name in unused:
            del sys.modules[name]


def is_whole() -> bool:
    """Whether ``pygame`` is imported completely (True too when it is not imported)."""
    return _spec is None


def _complete_on_use(name: str) -> Any:
    """The half package's module ``__getattr__``: complete it, then look ``name`` up."""
    if _completing or _spec is None:
        raise AttributeError(f"module 'pygame' has no attribute {name!r}")
    return getattr(whole(), name)


def _load_deferred(name: str) -> Any:
    """The whole package's module ``__getattr__``: import a deferred module when first
    asked for (``pygame.mixer``, ``pygame.Sound``...)."""
    module_name = MIXER_NAMES.get(name)
    if module_name is None:
        raise AttributeError(f"module 'pygame' has no attribute {name!r}")
    module = importlib.import_module(f"pygame.{module_name}")
    return module if module_name == name else getattr(module, name)


def _block_imports(names: list[str]) -> None:
    """Make ``import`` of each module of ``names`` raise ImportError: None in
    ``sys.modules`` (until the caller deletes the entries)."""
    # None is a value of sys.modules that the import system documents (the module cache,
    # in the language reference); typeshed's dict[str, ModuleType] leaves it out.
    sys.modules.update(dict.fromkeys(names))  # type: ignore[arg-type]


def _import_whole() -> ModuleType:
    import pygame

    return pygame
