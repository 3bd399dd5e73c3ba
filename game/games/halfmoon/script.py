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
    stalemate=position_text({1: "AC 5S", 2: "9C 6S", 3: "QD"}),
    stalemate_moves=(("1", "2"),),  # 5+6 leaves A, 9, Q: nothing adds up to 11
)
"""Two pairs win; a pair that leaves A, 9 and Q stalls."""
