"""How the app tests win and stall Half Moon with real input (:class:`~..kind.Script`)."""

from __future__ import annotations

from ..kind import Script
from .slots import PILES, RESERVE_SLOTS


def position_text(
    piles: dict[int, str] | None = None, reserve: dict[int, str] | None = None
) -> str:
    """Position text with the given piles {n: "cards bottom to top"} and reserve
    {n: "card"}; every other slot is empty."""
    piles, reserve = piles or {}, reserve or {}
    lines = [f"{name}: {piles.get(int(name), '-')}" for name in PILES]
    lines += [f"{name}: {reserve.get(int(name[1:]), '-')}" for name in RESERVE_SLOTS]
    return "\n".join(lines)


SCRIPT = Script(
    win=position_text({1: "5S", 2: "6D", 3: "AC", 4: "10H"}),
    win_moves=(("1", "2"), ("3", "4")),
    stalemate=position_text({1: "AC", 2: "10C", 3: "5S", 4: "6S", 5: "QD"}),
    stalemate_moves=(("1", "2"), ("3", "4")),  # the Queen is left alone
    showcase=position_text({1: "AC 5S 9D", 2: "10C 6S", 3: "2C", 7: "QD 2H 8S 3C 4D JC 7H 6D"}),
)
"""Two pairs win; two pairs that leave a Queen alone stall."""
