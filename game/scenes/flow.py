"""The scene graph in one place: which screen follows which.

Scenes never import each other: a scene that leads somewhere asks the :class:`Flow`
(``self.ctx.flow``) for the next scene. Only this module knows every scene::

    title -> play -> win | stalemate -> play | title
    title -> settings | rules | statistics | deal code -> title (or play)
    any   -> "Still playing?" | operator PIN (kiosk) -> back, or title

A game under way is never thrown away without the question (see :meth:`Flow.start`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import GameKind, TableGame, game_for_code, kind_of
from ..i18n import N_
from ..rules import Crescent, Game, Outcome
from ..storage import Storage
from .base import Context, Scene
from .code_entry import CodeEntryScene
from .dialogs import ConfirmScene
from .end import StalemateScene, WinScene
from .kiosk import PinScene, PinTries, StillPlayingScene
from .menus import SettingsScene, StatisticsScene
from .play import PlayScene
from .rules_page import RulesScene
from .title import TitleScene


def open_context(storage: Storage, **kwargs: object) -> Context:
    """:meth:`Context.open` with its scene graph: what a run, a tool or a test starts from."""
    ctx = Context.open(storage, **kwargs)
    Flow(ctx)
    return ctx


class Flow:
    """Makes the next scene for the scenes of one run."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        ctx.flow = self

    # ------------------------------------------------------------- the table
    def play(self, game: TableGame, elapsed: float = 0.0) -> PlayScene:
        """The table for ``game`` (it becomes the game in progress of its kind). A kiosk
        deals only the games it offers: another's (a ``--deal``, a code) gives way to a
        new deal of the chosen game."""
        kiosk = self.ctx.kiosk
        if kiosk is not None and kiosk.offered(kind_of(game)) is not kind_of(game):
            game, elapsed = kiosk.offered(self.ctx.kind).random(self.ctx.deals), 0.0
        return PlayScene(self.ctx, game, elapsed)

    def resume(self) -> Scene:
        """The game in progress, where it was left."""
        game = self.ctx.game
        if game is None:
            return self.title()
        return self.play(game, self.ctx.elapsed)

    def start(self, under: Scene, make: Callable[[], TableGame]) -> Scene:
        """A new game made by ``make``: at once when nothing is under way, else after the
        question (whose default answer keeps the game)."""
        game = self.ctx.game
        if game is None or game.moves == 0 or game.outcome is Outcome.WON:
            return self.play(make())
        return ConfirmScene(
            self.ctx,
            under,
            N_("Abandon this game and deal a new one?"),
            N_("New game"),
            lambda: self.play(make()),
        )

    def new_game(self, under: Scene, kind: GameKind | None = None) -> Scene:
        """A random deal of ``kind`` (the current game's kind by default)."""
        chosen = kind if kind is not None else self.ctx.kind
        return self.start(under, lambda: chosen.random(self.ctx.deals))

    def deal(self, under: Scene, code: str) -> Scene:
        """The deal of ``code``, of whatever game the code names."""
        return self.start(under, lambda: game_for_code(code))

    def replay(self, game: TableGame) -> Scene:
        """``game``'s deal again from the start (a finished game: nothing to ask)."""
        if game.code is not None:
            return self.play(kind_of(game).from_code(game.code))
        if isinstance(game, Crescent):
            return self.play(Crescent(game.start, game.variant))
        return self.play(Game(game.start))

    def won(self, play: PlayScene) -> Scene:
        """The win panel over the table."""
        return WinScene(self.ctx, play)

    def stalemate(self, play: PlayScene) -> Scene:
        """The stalemate panel over the table."""
        return StalemateScene(self.ctx, play)

    # --------------------------------------------------------------- screens
    def title(self, resume: Scene | None = None) -> Scene:
        """The title screen (the menu during a game, with Continue)."""
        return TitleScene(self.ctx, resume=resume)

    def settings(self, back: Scene) -> Scene:
        return SettingsScene(self.ctx, back=back)

    def rules(self, back: Scene) -> Scene:
        return RulesScene(self.ctx, back=back)

    def statistics(self, back: Scene) -> Scene:
        return StatisticsScene(self.ctx, back=back)

    def code_entry(self, back: Scene) -> Scene:
        return CodeEntryScene(self.ctx, back=back)

    # ----------------------------------------------------------------- kiosk
    def still_playing(self, under: Scene, seconds: float) -> Scene:
        """ "Still playing?" over ``under``, counting ``seconds`` down to the title."""
        return StillPlayingScene(self.ctx, under, seconds)

    def operator_pin(self, under: Scene, pin: str, tries: PinTries) -> Scene:
        """The operator's keypad."""
        return PinScene(self.ctx, under, pin, tries)
