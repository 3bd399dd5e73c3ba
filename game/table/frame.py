"""What the table shows in one frame, as plain values: the view draws a :class:`Frame`.

The play scene builds a frame from the game (through its board) and from what moves
(cards in flight, a dragged card, the celebration); :class:`game.scenes.table_view.
TableView` draws it, comparing each part with the frame before so that only what
changed is repainted. Nothing here holds a surface or knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Card

CardAt = tuple[Card | None, int]
"""A card of a slot (None: its back) and its offset in pixels to the right of the slot's
card rectangle (a fan)."""


@dataclass(frozen=True)
class SlotLook:
    """Everything that decides what one slot looks like at rest."""

    cards: tuple[CardAt, ...] = ()
    """The cards shown, bottom to top; the last one is drawn whole."""
    edges: int = 0
    """Stack edges drawn under the top card (Half Moon's piles), 0 to 7."""
    selected: bool = False
    """The top card is lifted, with a glow."""
    dimmed: bool = False
    """The top card is veiled (the Placement aid)."""
    target: bool = False
    """The slot is outlined: the selected or dragged card may go there."""
    marker: str = ""
    """Text shown on the slot when it shows no card, or over its top card (a
    foundation's suit and direction, a stack's depth, a stock's count)."""
    four_colour: bool = False
    """The cards are drawn from the four-colour deck."""

    @property
    def top(self) -> CardAt | None:
        """The top card with its offset, or None for an empty slot."""
        return self.cards[-1] if self.cards else None


@dataclass(frozen=True)
class Sprite:
    """A card drawn over the table: flying away, sliding, flipping or dragged."""

    card: Card | None
    """The card, or None for its back."""
    rect: tuple[int, int, int, int]
    """Where, at its drawn size."""
    alpha: int = 255
    """Opacity, 0 ... 255."""
    four_colour: bool = False
    shadow: bool = False
    """Drawn with a soft shadow (a card that is being carried)."""


@dataclass(frozen=True)
class Button:
    """One button of the bar."""

    name: str
    label: str
    enabled: bool = True
    state: str | None = None
    """``"hover"``, ``"pressed"`` or None."""
    primary: bool = False
    """Drawn as the main choice (the Redeal button when only a redeal is left)."""


@dataclass
class Frame:
    """One frame of the table."""

    looks: dict[str, SlotLook]
    """Every slot's look, by slot name."""
    info: tuple[str, ...]
    """The info bar's parts: the time first, then score, moves, ..., the deal code."""
    buttons: tuple[Button, ...]
    focus: str | None = None
    """The slot with the keyboard's focus ring."""
    labels: dict[str, str] = field(default_factory=dict)
    """Each slot's label (``3 · 7``) when Pile labels is on; else empty."""
    clock_running: bool = False
    """The time changes every second (its text is then not cached)."""
    sprites: tuple[Sprite, ...] = ()
    message: tuple[str, float] | None = None
    """A short message and its opacity (0 ... 1)."""
    sparks: tuple[tuple[str, tuple[int, int, int], int, int], ...] | None = None
    """The win celebration's falling suit symbols (symbol, colour, x, y), or None."""
    code: str = ""
    """The deal code as shown in the info bar (a tap on it copies it)."""
    table: str = "green"
    """The felt's colour, a key of game.look.theme.TABLES."""


def faces_of(looks: dict[str, SlotLook]) -> list[tuple[Card | None, bool]]:
    """The faces (None: the back) and decks (four-colour or not) that ``looks`` show."""
    return [(card, look.four_colour) for look in looks.values() for card, _ in look.cards]
