"""Crescent's rules page, the rules text of Crescent, Crescent Four and Open Crescent."""

from __future__ import annotations

from ...look.i18n import N_

RULES_TEXT: tuple[tuple[str, ...], ...] = (
    (
        N_(
            "Crescent is played with two decks. One King and one Ace of each suit start the "
            "foundations: the Kings above, the Aces below."
        ),
        N_(
            "The other 96 cards lie in 16 piles of 6 along an arc. In Crescent and Crescent "
            "Four the bottom five cards of each pile lie face down; in Open Crescent every card "
            "is face up."
        ),
    ),
    (),
    (
        N_(
            "Build each Ace foundation up in its suit to the King, and each King foundation "
            "down in its suit to the Ace."
        ),
        N_(
            "Only the top card of a pile moves, one card at a time: to a foundation, or onto "
            "another pile's top card of the same suit, one rank higher or lower. A King goes "
            "on an Ace and an Ace on a King; up and down may alternate."
        ),
        N_(
            "An empty pile is never filled. A face-down card is turned up as soon as it is a "
            "pile's top card."
        ),
    ),
    (),
    (
        N_(
            "While the two foundations of a suit hold one unbroken run from Ace to King "
            "between them, the top card of one may go onto the other (never a base card). No "
            "card leaves the foundations for a pile."
        ),
    ),
    (),
    (
        N_(
            "Redeal: every pile's bottom card goes to its top. You may redeal at any time, 3 "
            "times a game (4 in Crescent Four)."
        ),
    ),
    (),
    (
        N_(
            "Every move counts, a redeal too. Each card played home scores 5 points: a won "
            "game scores 480. When no card can move and no redeal is left, undo or start "
            "again."
        ),
    ),
    (),
    (N_("Settings"),),
    (N_("One-tap moves: a card with one place to go moves on a single tap."),),
    (N_("Cards home by themselves: cards that no pile can still need go home."),),
    (N_("Automatic finish: Finish plays by itself as soon as it appears."),),
    (),
    (
        N_(
            "Drag a card, or tap it and then its place; a double tap sends a card home. Keys: "
            "arrows to move, Space to pick up and put down, R to redeal, Ctrl+Z to undo, "
            "Ctrl+Y to redo."
        ),
    ),
    (
        N_(
            "With a screen reader: T reads out the table pile by pile, H the foundations, I"
            " the time and the score."
        ),
    ),
    (),
    (
        N_(
            "When every card is face up and playing home whatever can go home wins the game, "
            "Finish (or F) takes the place of Redeal: it plays the cards home one by one. A "
            "tap or a key stops it; each card home is a move that Undo takes back."
        ),
    ),
    (),
    (
        N_(
            "Deal codes HM1-C-... are Crescent, HM1-F-... Crescent Four, HM1-O-... Open "
            "Crescent: enter one to play the same deal again."
        ),
    ),
)
"""Crescent's rules page (SPEC 5), the registry's rules text of every Crescent kind."""
