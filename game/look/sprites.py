"""Card sprites rendered from the SVG files in ``assets/sprites`` and cached per size.

``CardArt().face(Card.parse("10H"), (120, 168))`` renders ``10H.svg`` at exactly
120 x 168 pixels the first time and returns the same surface after that. Call
:meth:`CardArt.clear` when the window is resized so the old sizes are dropped.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..platform import plain
from ..rules.cards import Card, standard_deck
from .art import EDGE_WIDTH, WIDTH, card_edge, sprite_name
from .assets import AssetError, asset_path
from .card_paper import Papers, render_card

if TYPE_CHECKING:
    from .faces_ahead import FacesAhead

__all__ = ["AssetError", "CardArt"]

Size = tuple[int, int]
THEMED = "themed:"
"""The names of pictures drawn by game.look.art_themes when first needed (no sprite file):
``themed:large/10H.svg``, ``themed:large/four/10H.svg``, ``themed:backs/waves.svg``."""

PREPARED_APART = 6
"""The fewest faces :meth:`CardArt.prepare` renders on two threads (fewer: one by one)."""

_SVG_TAG = re.compile(rb"<svg\b[^>]*>")
_SIZE_ATTRIBUTES = re.compile(rb'\s(?:width|height|preserveAspectRatio)\s*=\s*"[^"]*"')


def _check_size(size: Size) -> Size:
    """The size as two positive ints, or a ValueError."""
    width, height = int(size[0]), int(size[1])
    if width <= 0 or height <= 0:
        raise ValueError(f"a sprite size must be positive, got {size!r}")
    return width, height


MIN_EDGE = 1.0
"""The least width in pixels of a card's grey edge. Drawn thinner (the art's 3 units of
250 on a card under 83 px wide) it fades into the paper, and a pile's top card runs into
the white cards under it; a whole pixel of it lies at full strength along the card."""

_EDGE = card_edge().encode()


def _edged(svg: bytes, width: int) -> bytes:
    """The SVG with the card's edge at least :data:`MIN_EDGE` pixels wide when drawn
    ``width`` pixels wide (unchanged if it draws no such edge: other art)."""
    units = MIN_EDGE * WIDTH / width
    if units <= EDGE_WIDTH:
        return svg
    return svg.replace(_EDGE, card_edge(units).encode(), 1)


def _sized_svg(svg: bytes, size: Size, path: Path) -> bytes:
    """The SVG with its root element set to ``size`` pixels, its drawing stretched to fill,
    and the card's edge widened to show at that size (:func:`_edged`).

    pygame's loader keeps the drawing's aspect ratio and so may come out a pixel short;
    asking for exactly the requested size makes the surface that size.
    """
    svg = _edged(svg, size[0])
    match = _SVG_TAG.search(svg)
    if match is None or b"viewBox" not in match.group(0):
        raise AssetError(f"{path} is not an SVG drawing with a viewBox")
    tag = _SIZE_ATTRIBUTES.sub(b"", match.group(0))
    sized = (
        f'<svg width="{size[0]}" height="{size[1]}" preserveAspectRatio="none"'.encode()
        + tag[len(b"<svg") :]
    )
    return svg[: match.start()] + sized + svg[match.end() :]


NEAR = 0.2
"""Stand-ins within this share of their source's width are scaled by the nearest pixel
(five times quicker than smoothly: a window edge being dragged); farther, smoothly."""


def _scaled(source: pygame.Surface, size: Size) -> pygame.Surface:
    """A stand-in of ``source`` at ``size``, until the crisp render replaces it."""
    if abs(size[0] - source.get_width()) <= NEAR * source.get_width():
        return pygame.transform.scale(source, size)
    return pygame.transform.smoothscale(source, size)


class CardArt:
    """Card faces and the back as pygame surfaces, rendered lazily from SVG and cached.

    ``sprite_dir`` holds ``10H.svg`` ..., ``four/10H.svg`` ... and ``back.svg``; it defaults
    to the game's ``assets/sprites`` (also inside a PyInstaller bundle).
    """

    def __init__(self, sprite_dir: Path | None = None) -> None:
        self.sprite_dir = Path(sprite_dir) if sprite_dir is not None else asset_path("sprites")
        if not self.sprite_dir.is_dir():
            raise AssetError(f"card sprite folder not found: {self.sprite_dir}")
        self._sources: dict[str, bytes] = {}
        self._surfaces: dict[tuple[str, Size], pygame.Surface] = {}
        self._quick: Size | None = None  # the size served scaled first (see resize)
        self._standins: dict[tuple[str, Size], None] = {}  # scaled, waiting to be crisp
        self._little: dict[tuple[str, Size], pygame.Surface] = {}  # see little()
        self._ahead: FacesAhead | None = None  # see ahead()
        self._papers: Papers = {}  # the cards' paper at each size (game.look.card_paper)
        self.deck = "classic"
        """The faces drawn: ``classic`` (the sprite files) or ``large`` (large index)."""
        self.card_back = "moons"
        """The back drawn: ``moons`` (the sprite file) or another of game.look.art_themes."""

    @property
    def look(self) -> tuple[str, str]:
        """The deck and the back drawn now: pictures made of other ones are out of date."""
        return self.deck, self.card_back

    def set_look(self, deck: str, card_back: str) -> None:
        """Draw the faces of ``deck`` and the back ``card_back`` from now on (the
        settings' ``deck`` and ``card_back``); the pictures of the others are dropped."""
        if (deck, card_back) != self.look:
            self.deck, self.card_back = deck, card_back
            self.clear()

    def check(self) -> None:
        """Raise :class:`AssetError` naming the first sprite file that is missing or empty.

        Called at start-up, so a damaged installation says so at once, not mid-game.
        """
        names = [sprite_name(card) for card in standard_deck()]
        for name in [*names, *(f"four/{n}" for n in names), "back.svg"]:
            path = self.sprite_dir / name
            try:
                if path.stat().st_size == 0:
                    raise AssetError(f"card sprite is empty: {path}")
            except OSError:
                raise AssetError(f"card sprite not found: {path}") from None

    def face(self, card: Card, size: Size, four_colour: bool = False) -> pygame.Surface:
        """The face of ``card`` at exactly ``size`` pixels (width, height).

        ``four_colour`` uses the four-colour deck (clubs green, diamonds blue).
        """
        return self._surface(self._face_name(card, four_colour), size)

    def back(self, size: Size) -> pygame.Surface:
        """The card back at exactly ``size`` pixels (width, height)."""
        return self._surface(self._back_name(), size)

    def _back_name(self) -> str:
        """The sprite of the back drawn now."""
        return "back.svg" if self.card_back == "moons" else f"{THEMED}backs/{self.card_back}.svg"

    def little(self, card: Card | None, size: Size, four_colour: bool = False) -> pygame.Surface:
        """A little picture of ``card``'s face (None: the back) at ``size``, such as the
        title's game tiles show: kept apart from the table's cards, so it never stands in
        for one (scaled up it would be a blur), and a resize of the table keeps it. Made
        smaller from a larger one already made, if any (a fraction of a render's time)."""
        name = self._back_name() if card is None else self._face_name(card, four_colour)
        key = (name, _check_size(size))
        surface = self._little.get(key)
        if surface is None:
            width, height = key[1]
            larger = [
                made
                for (other, (w, h)), made in self._little.items()
                if other == name and w >= width and h >= height
            ]
            if larger:
                source = min(larger, key=pygame.Surface.get_width)
                surface = pygame.transform.smoothscale(source, key[1])
            else:
                surface = self._render(*key)
            self._little[key] = surface
        return surface

    def _face_name(self, card: Card, four_colour: bool) -> str:
        """The sprite of ``card``'s face in the deck drawn now."""
        name = f"four/{sprite_name(card)}" if four_colour else sprite_name(card)
        return name if self.deck == "classic" else f"{THEMED}{self.deck}/{name}"

    def has_face(self, card: Card, size: Size, four_colour: bool = False) -> bool:
        """Whether the face of ``card`` at ``size`` is already rendered."""
        return (self._face_name(card, four_colour), size) in self._surfaces

    def warm(self, cards: Iterable[Card], size: Size, four_colour: bool = False) -> None:
        """Render the faces of ``cards`` at ``size`` now, so that drawing them later is quick."""
        for card in cards:
            self.face(card, size, four_colour)

    def clear(self) -> None:
        """Drop every cached surface (the deck's look changed)."""
        self._ahead = None  # (its helper ends by itself; its faces are not kept)
        self._papers = {}
        self._surfaces.clear()
        self._standins.clear()
        self._little.clear()

    def resize(self, size: Size) -> None:
        """The table's cards are now ``size``: until each is rendered at that size, a face
        or back asked for at it is scaled from a size already rendered (a resize costs no
        SVG rendering), and :meth:`refine` renders them crisp a few at a time. Crisp
        renders stay as sources until the new size is all crisp; stand-ins of earlier
        sizes are freed at once."""
        size = _check_size(size)
        if size == self._quick:
            return
        for key in self._standins:
            self._surfaces.pop(key, None)
        self._standins.clear()
        self._quick = size

    @property
    def refining(self) -> bool:
        """Whether scaled stand-ins wait to be rendered crisp (:meth:`refine`)."""
        return bool(self._standins)

    def refine(self, seconds: float) -> bool:
        """Render stand-ins crisp for about ``seconds`` (at least one); True when the last
        one was replaced now, so the table should be drawn again. The earlier size's
        renders are then freed."""
        if not self._standins:
            return False
        deadline = time.perf_counter() + seconds
        while self._standins:
            key = next(iter(self._standins))
            del self._standins[key]
            self._surfaces[key] = self._render(*key)
            if time.perf_counter() > deadline:
                break
        if self._standins:
            return False
        self._surfaces = {k: v for k, v in self._surfaces.items() if k[1] == self._quick}
        self._papers = {}
        return True

    def _surface(self, name: str, size: Size) -> pygame.Surface:
        """The cached surface of sprite file ``name`` at ``size``, rendering it if needed
        (or scaling a stand-in from another size, for the size of :meth:`resize`)."""
        key = (name, _check_size(size))
        surface = self._surfaces.get(key)
        ahead = self._ahead
        if surface is None and ahead is not None and ahead.size == key[1] and name in ahead.names:
            self._take_ahead()  # being rendered: wait for it
            surface = self._surfaces.get(key)
        if surface is None:
            source = self._stand_in_source(name, key[1]) if key[1] == self._quick else None
            if source is not None:
                surface = _scaled(source, key[1])
                self._standins[key] = None
            else:
                surface = self._render(name, key[1])
            self._surfaces[key] = surface
        return surface

    def _stand_in_source(self, name: str, size: Size) -> pygame.Surface | None:
        """The crisp render of ``name`` closest in size to ``size``, if any."""
        best = None
        for (other, other_size), surface in self._surfaces.items():
            if other != name or (other, other_size) in self._standins or other_size == size:
                continue
            distance = abs(other_size[0] - size[0])
            if best is None or distance < best[0]:
                best = (distance, surface)
        return best[1] if best is not None else None

    def _source(self, name: str) -> tuple[Path, bytes]:
        """The path and bytes of sprite file ``name``, read once."""
        path = self.sprite_dir / name
        data = self._sources.get(name)
        if data is None and name.startswith(THEMED):  # drawn now, not read from a file
            from .art_themes import themed_svg  # only when a theme is chosen

            data = self._sources[name] = themed_svg(name[len(THEMED) :]).encode()
        if data is None:
            try:
                data = path.read_bytes()
            except OSError as error:
                raise AssetError(f"cannot read card sprite {path}: {error}") from error
            self._sources[name] = data
        return path, data

    def ahead(self, cards: Iterable[tuple[Card | None, bool]], size: Size) -> None:
        """Start rendering the faces of ``cards`` (``(card, four_colour)``; None: the
        back) at ``size`` that are not made yet on a second thread
        (game.look.faces_ahead), when there are at least :data:`PREPARED_APART`: the
        table's scene calls it as soon as it knows its cards' size, and the first frame's
        :meth:`prepare` takes them. Nothing with ``HALFMOON_PLAIN`` set (one by one when
        drawn); a face with a stand-in at hand (after a resize) is left to :meth:`face`."""
        key_size = _check_size(size)
        missing = self._missing(cards, key_size)
        if len(missing) < PREPARED_APART or plain():
            return
        if self._ahead is not None and self._ahead.size == key_size:
            missing = [name for name in missing if name not in self._ahead.names]
            if len(missing) < PREPARED_APART:
                return
            self._take_ahead()
        from .faces_ahead import FacesAhead

        self._ahead = FacesAhead(
            self._papers,
            missing,
            key_size,
            lambda name: _sized_svg(self._source(name)[1], key_size, self.sprite_dir / name),
        )

    def prepare(self, cards: Iterable[tuple[Card | None, bool]], size: Size) -> None:
        """Render the faces of ``cards`` (as :meth:`ahead`) that are not made yet, those
        begun ahead and the rest shared between this thread and the helper: a table's
        first frame (20 to 52 faces, 0.5 ms each at 1280x720) has them sooner on two
        cores. The pictures are those :meth:`face` and :meth:`back` make one by one,
        which they do with ``HALFMOON_PLAIN`` set or only a few to make."""
        self.ahead(cards, size)
        self._take_ahead()

    def _missing(self, cards: Iterable[tuple[Card | None, bool]], size: Size) -> list[str]:
        """The sprites of ``cards`` not made at ``size`` and with no stand-in at hand."""
        names = {self._back_name() if c is None else self._face_name(c, four) for c, four in cards}
        quick = size == self._quick
        return [
            name
            for name in sorted(names)
            if (name, size) not in self._surfaces
            and not (quick and self._stand_in_source(name, size) is not None)
        ]

    def _take_ahead(self) -> None:
        """The faces begun ahead, finished (and kept), if any."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return
        rendered = ahead.finish()
        for name in sorted(ahead.names):
            key = (name, ahead.size)
            if key in self._surfaces:
                continue
            raw = rendered.get(name)
            self._surfaces[key] = self._finished(raw, ahead.size) if raw else self._render(*key)

    def _render(self, name: str, size: Size) -> pygame.Surface:
        """Render sprite file ``name`` at exactly ``size`` pixels."""
        path, data = self._source(name)
        try:
            surface = render_card(_sized_svg(data, size, path), size, self._papers)
        except pygame.error as error:
            raise AssetError(f"cannot render card sprite {path}: {error}") from error
        return self._finished(surface, size)

    @staticmethod
    def _finished(surface: pygame.Surface, size: Size) -> pygame.Surface:
        """A rendered sprite at exactly ``size``, in the display's format."""
        if surface.get_size() != size:  # the loader rounded: centre it on the exact size
            exact = pygame.Surface(size, pygame.SRCALPHA)
            exact.blit(surface, surface.get_rect(center=exact.get_rect().center))
            surface = exact
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        return surface
