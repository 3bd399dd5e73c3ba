"""Half Moon's rules page, in sentences marked for translation."""

from __future__ import annotations

from ...look.i18n import N_

RULES_TEXT: tuple[tuple[str, ...], ...] = (
    (
        N_("Half Moon is played with two decks: 104 cards."),
        N_("96 cards lie in 12 piles of 8 along an arc; the other 8 form the reserve."),
        N_("You can play the top card of each pile and every reserve card."),
    ),
    (),
    (
        N_("Remove two number cards that add up to 11 (the Ace counts 1):"),
        N_("Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter."),
        N_("Remove a Jack, a Queen and a King together. Face cards never pair."),
        N_("Emptied piles and reserve slots stay empty."),
    ),
    (),
    (
        N_("Tap a card to select it, then tap its partner. A triple takes three taps."),
        N_("Tap a selected card again to put it down."),
        N_(
            "Or drag a card onto its partner; for a triple, select a face card, then drag"
            " another onto the third."
        ),
        N_("A card dropped anywhere else flies back."),
    ),
    (),
    (
        N_("A pair scores 10 points, a triple 15. A won game is 48 moves and 520 points."),
        N_("When no pair and no triple is left, undo or start again."),
    ),
    (),
    (N_("Settings"),),
    (N_("Move errors: says why a tap removed nothing."),),
    (N_("Placement aid: dims the cards that cannot go with your selection."),),
    (N_("Pile labels: shows each pile's number and how many cards it holds."),),
    (N_("Four-colour deck: clubs green, diamonds blue."),),
    (),
    (
        N_("Keys: arrows and Space to play, Ctrl+Z or Backspace to undo, Ctrl+Y to redo,"),
        N_("Ctrl+C to copy the deal code, N for a new game, F11 for fullscreen, Esc for the menu."),
    ),
    (
        N_(
            "With a screen reader: T reads out the table card by card, H the cards removed"
            " so far, I the time and the score."
        ),
    ),
    (),
    (N_("Every deal has a code such as HM1-N-AAAAAAB: enter it to play the same deal again."),),
)
"""Half Moon's rules page (the registry's rules text), paragraph by paragraph: each
paragraph's sentences flow together and are wrapped as one; an empty paragraph is a blank
line, a one-word one a heading."""
