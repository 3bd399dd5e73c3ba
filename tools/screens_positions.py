"""The positions tools/screens.py shows: a game stuck or long, a few moves in."""

from __future__ import annotations

STALEMATE = "\n".join(
    [
        f"{n}: {cards}"
        for n, cards in zip(range(1, 13), ["9C 2S", "QD", "4H 7S", *["-"] * 9], strict=True)
    ]
    + [f"R{n}: {card}" for n, card in zip(range(1, 9), ["KS", "8D", *["-"] * 6], strict=True)]
)
"""A table with cards left and no pair or triple: the stalemate panel's background."""


def crescent_long_pile(code: str, seed: int = 2):
    """A Crescent game grown by moves onto its longest pile: a pile of 13 cards."""
    import random

    from game.rules import Crescent

    rng = random.Random(seed)
    game = Crescent.from_code(code)
    for _ in range(400):
        longer = [
            move
            for move in game.legal_moves()
            if not str(move.target).startswith("F")
            and len(game.pile(move.source)) <= len(game.pile(move.target))
        ]
        if not longer:
            break
        move = max(longer, key=lambda m: (len(game.pile(m.target)), rng.random()))
        game.move(move.source, move.target)
    return game


def crescent_stalemate(code: str, seed: int = 1):
    """A Crescent game played at random (cards home first) until no move or redeal is left."""
    import random

    from game.rules import Crescent

    rng = random.Random(seed)
    game = Crescent.from_code(code)
    while game.outcome is None:
        moves = game.legal_moves()
        home = [m for m in moves if str(m.target).startswith("F")]
        if home:
            move = rng.choice(home)
        elif moves and ((rng.random() < 0.9 and game.moves < 600) or not game.redeals_left):
            move = rng.choice(moves)
        else:
            game.redeal()
            continue
        game.move(move.source, move.target)
    return game


def a_few_moves(kind, count: int = 6):
    """The first deal of ``kind`` (numbers 1, 2, ...) on which ``count`` moves, each the
    first of its legal moves, leave the game going, with those moves made."""
    for number in range(1, 1000):
        game = kind.from_code(kind.code(number))
        while game.moves < count and game.outcome is None and game.legal_moves():
            game.play(game.legal_moves()[0])
        if game.moves == count and game.outcome is None and game.legal_moves():
            return game
    raise ValueError(f"no deal of {kind.name} goes on after {count} moves")


NO_MOVES = ("HM1-C-GWXGKSY", ("1>F6", "5>F5", "6>14", "6>F2", "12>8", "13>7", "2>1"))
"""A Crescent deal and the moves after which no card can move: the no-moves notice."""


def stuck(game):
    """``game`` after :data:`NO_MOVES`'s moves, each found among its legal moves."""
    for text in NO_MOVES[1]:
        slots = tuple(text.split(">"))
        game.play(next(move for move in game.legal_moves() if move.slots == slots))
    return game
