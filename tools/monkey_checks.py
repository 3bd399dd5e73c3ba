"""The monkey's checks (tools/monkey.py), after every event, for a game of any kind.

For every game in sight (each kind's game in progress, and the game of every table on
screen or under a dialog or a menu):

* it reads back as itself: ``kind.from_dict(game.to_dict())``, through JSON, has the same
  position, score, moves, outcome and code;
* its score lies between 0 and the kind's best score, which a won game has;
* where its rules offer them: no card is lost or made (the cards on its table, and those
  it removed, are those of its deal), and its moves are its line of moves.

The table on screen is the chosen game's game in progress (whose moves are saved).
Every save file in the data folder reads back, as a game of its kind, and is the game
in progress of that kind. On a kiosk: every table on screen, every game dealt and the
chosen game are of a game it offers, and no file of another game is in the data folder.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.games.catalog import KINDS, GameKind, kind_of
from game.records.context import Context
from game.records.savegame import SavedGame
from game.rules import Outcome, PlayedGame
from game.scenes.base import Scene
from game.scenes.play import PlayScene


def scenes_in_sight(scene: Scene) -> list[Scene]:
    """``scene`` and the scenes it holds (the table under a dialog, the game a menu
    continues, the screen Back returns to), each once."""
    found: list[Scene] = []
    todo = [scene]
    while todo:
        current = todo.pop()
        if any(current is seen for seen in found):
            continue
        found.append(current)
        todo.extend(value for value in vars(current).values() if isinstance(value, Scene))
    return found


def tables(scene: Scene) -> list[PlayScene]:
    """The tables in sight."""
    return [found for found in scenes_in_sight(scene) if isinstance(found, PlayScene)]


def _names(kinds: Iterable[GameKind]) -> str:
    return ", ".join(kind.name for kind in kinds)


class Checks:
    """The checks of one monkey run; ``offered``: the kiosk's games, None on a desktop."""

    def __init__(self, offered: list[GameKind] | None = None) -> None:
        self.offered = offered
        self._read_back: set[tuple[int, str]] = set()
        """Games (id, saved data) already read back: a game that did not change is not
        read again."""
        self._deals: dict[str, Counter[Any]] = {}
        """Each deal code's cards."""

    def __call__(self, ctx: Context, scene: Scene) -> None:
        games = [progress.game for progress in ctx.progress.values() if progress.game]
        games += [table.game for table in tables(scene)]
        for game in {id(game): game for game in games}.values():
            self.game(game)
        if isinstance(scene, PlayScene) and scene.game.outcome is not Outcome.WON:
            assert ctx.kind is scene.kind and ctx.game is scene.game, (
                f"the table of {scene.kind.key} on screen is not the chosen game's "
                f"({ctx.kind.key}): its moves are not saved"
            )
        self.saves(ctx)
        if self.offered is not None:
            self.kiosk(ctx, scene)

    # ----------------------------------------------------------------- a game
    def game(self, game: PlayedGame) -> None:
        """A game of any kind holds together (see the module docstring)."""
        kind = kind_of(game)
        text = json.dumps(game.to_dict(), sort_keys=True)
        if (id(game), text) in self._read_back:
            return
        copy = kind.from_dict(json.loads(text))
        assert copy.position() == game.position(), f"{kind.key}: read back at another position"
        same = (copy.score, copy.moves, copy.outcome, copy.code)
        assert same == (game.score, game.moves, game.outcome, game.code), (
            f"{kind.key}: read back as {same}"
        )
        assert 0 <= game.score <= kind.best_score, f"{kind.key}: score {game.score}"
        if game.outcome is Outcome.WON:
            assert game.score == kind.best_score, f"{kind.key}: won with {game.score}"
        self._cards(kind, game)
        line = getattr(game, "line", getattr(game, "removals", None))
        if line is not None:
            assert game.moves == len(line), f"{kind.key}: {game.moves} moves, a line of {len(line)}"
        if len(self._read_back) > 1000:
            self._read_back.clear()
        self._read_back.add((id(game), text))

    def _cards(self, kind: GameKind, game: PlayedGame) -> None:
        """Where the rules tell the cards on the table (and those removed): they are the
        deal's cards."""
        cards = getattr(game.table, "cards", None)
        if not callable(cards):
            return
        held = Counter(cards()) + Counter(getattr(game, "removed_cards", list)())
        dealt = self._deals.get(game.code or "")
        if dealt is None:
            start = game.restarted()
            dealt = Counter(start.table.cards())  # type: ignore[attr-defined]
            dealt += Counter(getattr(start, "removed_cards", list)())
            if game.code is not None:
                self._deals[game.code] = dealt
        assert held == dealt, f"{kind.key}: cards not conserved ({held - dealt} {dealt - held})"

    # --------------------------------------------------------------- the files
    def saves(self, ctx: Context) -> None:
        """Each save file reads back as a game of its kind, the game in progress of its
        kind (when that kind's files have been read); a game in progress with a move has
        its file."""
        ctx.storage.flush()
        for kind in KINDS:
            path = ctx.storage.path(kind.save_file)
            progress = ctx.progress.get(kind.key)
            playing = progress.game if progress is not None else None
            if playing is not None and ctx.at_stake(kind) is None:
                playing = None  # never had a move, or won: nothing to keep, no file
            if not path.exists():
                assert playing is None, f"{kind.key}: a game in progress has no save file"
                continue
            saved = SavedGame.from_dict(json.loads(path.read_bytes()), kind).game
            assert kind_of(saved) is kind, f"{path.name} holds a game of {kind_of(saved).key}"
            if progress is None:
                continue  # from an earlier run, not read yet
            assert playing is not None, f"{path.name} is left over: {kind.key} has no game"
            assert (saved.position(), saved.moves) == (playing.position(), playing.moves), (
                f"{path.name} is not the game in progress"
            )

    # ------------------------------------------------------------------ kiosk
    def kiosk(self, ctx: Context, scene: Scene) -> None:
        """Nothing of a game the kiosk does not offer: on a table, dealt, chosen or in
        the data folder."""
        offered = self.offered or []
        others = [kind for kind in KINDS if kind not in offered]
        for table in tables(scene):
            kind = kind_of(table.game)
            assert kind in offered and table.kind is kind, (
                f"a game of {kind.name} is on the table; the kiosk offers {_names(offered)}"
            )
        for progress in ctx.progress.values():
            if progress.game is not None and kind_of(progress.game) not in offered:
                raise AssertionError(
                    f"a game of {kind_of(progress.game).name} was dealt; "
                    f"the kiosk offers {_names(offered)}"
                )
        assert ctx.kind in offered, f"{ctx.kind.name} is chosen; it is not offered"
        for kind in others:
            for name in (kind.save_file, kind.statistics_file):
                assert not ctx.storage.path(name).exists(), (
                    f"{name}, a file of {kind.name}, which is not offered, is in the data folder"
                )
