"""The scene graph in one place: which screen follows which.

Scenes never import each other: a scene that leads somewhere is handed the :class:`Flow`
when it is made, and asks it for the next scene. Only this module knows every scene;
each scene module says what it asks of the flow in a Protocol of its own (``PlayFlow``,
``TitleFlow``, ``CodeEntryFlow``, ``KioskFlow``), so that no scene, and not the context,
imports this module::

    title -> play -> win | stalemate -> play | title
    title -> settings | rules | statistics | deal code -> title (or play)
    rules -> examples -> rules;  kiosk: examples (attract loop) -> title
    any   -> "Still playing?" (kiosk) -> back, or title
    any   -> operator PIN (kiosk) -> operator's screen -> back, or quit

A game under way is never thrown away without the question (see :meth:`Flow.start`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..games.catalog import GameKind, kind_for_code, kind_of
from ..look.i18n import N_, _
from ..records.storage import Storage
from ..rules import PlayedGame, daily
from .base import Context, Scene

if TYPE_CHECKING:
    from datetime import date

    from .kiosk import PinTries
    from .play import PlayScene

SCENES = (
    "title",
    "play",
    "dialogs",
    "end",
    "examples_page",
    "menus",
    "rules_page",
    "code_entry",
    "kiosk",
    "operator",
)
"""The scene modules, each imported where a scene of it is first made (the first frame
needs one or two of them: the others took 10 ms of the title's), all of them by
:func:`preload` once the first frame is shown, so that no tap waits for one."""


def preload() -> None:
    """Import every module of :data:`SCENES` (after the first frame)."""
    from importlib import import_module

    for name in SCENES:
        import_module(f"{__package__}.{name}")


def open_context(storage: Storage, **kwargs: object) -> Context:
    """:meth:`Context.open`: what a run, a tool or a test starts from (its scenes are
    made by ``Flow(ctx)``)."""
    return Context.open(storage, **kwargs)


class Flow:
    """Makes the next scene for the scenes of one run (it holds nothing but the context:
    two flows of one context make the same scenes)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # ------------------------------------------------------------- the table
    def play(self, game: PlayedGame, elapsed: float = 0.0) -> PlayScene:
        """The table for ``game`` (it becomes the game in progress of its kind). A kiosk
        deals only the games it offers: another's (a ``--deal``, a code) gives way to a
        new deal of the chosen game."""
        from .play import PlayScene

        kiosk = self.ctx.kiosk
        if kiosk is not None and kiosk.offered(kind_of(game)) is not kind_of(game):
            game, elapsed = kiosk.offered(self.ctx.kind).random(self.ctx.deals), 0.0
        return PlayScene(self.ctx, self, game, elapsed)

    def resume(self, kind: GameKind | None = None) -> Scene:
        """The game in progress of ``kind`` (the chosen game by default), where it was
        left; the title when there is none."""
        progress = self.ctx.of(kind if kind is not None else self.ctx.kind)
        if progress.game is None:
            return self.title()
        return self.play(progress.game, progress.elapsed)

    def start(self, under: Scene | None, kind: GameKind, make: Callable[[], PlayedGame]) -> Scene:
        """A new game of ``kind`` made by ``make``: the one policy of every path that
        deals (New game, a deal code, ``--deal``, Play again, the chooser, the kiosk).

        A game of that kind that had a move (even one undone since), not won, is never
        thrown away unasked: the question comes over ``under``, and its default answer,
        Keep playing, goes to that game (``under`` itself when it is that game's table).
        ``under`` None: the first screen of a run (:meth:`attract`), made only when the
        question is asked (a run started with a deal shows its table first).
        """
        from .dialogs import ConfirmScene

        at_stake = self.ctx.at_stake(kind)
        if at_stake is None:
            return self.play(make())
        if under is None:
            under = self.attract()
        if getattr(under, "game", None) is at_stake:
            question, keep = N_("Abandon this game and deal a new one?"), None
        else:
            question = _("Abandon your game of {game} and deal a new one?").format(
                game=_(kind.name)
            )
            keep = lambda: self.resume(kind)  # noqa: E731 - the safe answer's scene
        return ConfirmScene(
            self.ctx, under, question, N_("New game"), lambda: self.play(make()), on_no=keep
        )

    def restart(self, under: Scene, table: Scene | None = None) -> Scene:
        """The chosen game's deal again from its start, the same deal code (Restart this
        deal, on the menu over ``table``). It ends the game under way as a new deal does
        (Context.begin: a loss once it had a move, as README's Statistics say), so a game
        with moves is not thrown away unasked: Keep playing goes back to it. The question
        names the game unless the menu is over that game's own table."""
        from .dialogs import ConfirmScene

        kind, game = self.ctx.kind, self.ctx.game
        if game is None:
            return self.title()
        restarted = game

        def again() -> Scene:
            return self.play(restarted.restarted())

        def keep() -> Scene:
            if table is not None and getattr(table, "game", None) is restarted:
                return table
            return self.resume(kind)

        if self.ctx.at_stake(kind) is None:
            return again()
        if getattr(table, "game", None) is game:  # the menu over this game's own table
            question = N_("Abandon this game and play its deal again from the start?")
        else:  # another game's tile was chosen (or no table): say which game
            question = _("Abandon your game of {game} and play its deal again from the start?")
            question = question.format(game=_(kind.name))
        return ConfirmScene(self.ctx, under, question, N_("Restart"), again, on_no=keep)

    def new_game(self, under: Scene, kind: GameKind | None = None) -> Scene:
        """A random deal of ``kind`` (the chosen game by default)."""
        chosen = kind if kind is not None else self.ctx.kind
        return self.start(under, chosen, lambda: chosen.random(self.ctx.deals))

    def daily(self, under: Scene | None, day: date | None = None) -> Scene:
        """The deal of the day of the chosen game: ``day``'s, today's by default (the
        local date now, game.rules.daily). When that deal is the game under way of the kind,
        it goes on where it was left: nothing to ask, nothing lost."""
        kind = self.ctx.kind
        code = daily.code(day if day is not None else daily.today(), kind.letter)
        under_way = self.ctx.of(kind).game
        if under_way is not None and under_way.code == code:
            return self.resume(kind)
        return self.start(under, kind, lambda: kind.from_code(code))

    def deal(self, under: Scene | None, code: str) -> Scene:
        """The deal of ``code``, of whatever game the code names (DealCodeError for a
        code of no game, or of one the kiosk does not offer)."""
        kind = kind_for_code(code, self.ctx.offered())
        return self.start(under, kind, lambda: kind.from_code(code))

    def replay(self, game: PlayedGame) -> Scene:
        """``game``'s deal again from the start (a finished game: nothing to ask)."""
        return self.play(game.restarted())

    def won(self, play: PlayScene) -> Scene:
        """The win panel over the table."""
        from .end import WinScene

        return WinScene(self.ctx, play)

    def stalemate(self, play: PlayScene) -> Scene:
        """The stalemate panel over the table."""
        from .end import StalemateScene

        return StalemateScene(self.ctx, play)

    # --------------------------------------------------------------- screens
    def title(self, resume: Scene | None = None) -> Scene:
        """The title screen (the menu during a game, with Continue)."""
        from .title import TitleScene

        return TitleScene(self.ctx, self, resume=resume)

    def attract(self) -> Scene:
        """The first screen of a run, and of a kiosk's next visitor: the title; a kiosk
        with ``attract = "examples"`` waiting for a player shows an example on a loop in
        front of it (a touch: the title)."""
        from .title import TitleScene

        title = TitleScene(self.ctx, self)
        kiosk, ctx = self.ctx.kiosk, self.ctx
        if kiosk is None or kiosk.attract != "examples" or not title.attract:
            return title
        from .examples_page import ExamplesScene

        shown = [kind for kind in ctx.offered() if kind.has_example]
        kind = ctx.kind if ctx.kind in shown else shown[0] if shown else None
        return ExamplesScene(ctx, title, kind, attract=True) if kind is not None else title

    def examples(self, back: Scene) -> Scene:
        """The Examples page of the chosen game (its kind offers an example)."""
        from .examples_page import ExamplesScene

        return ExamplesScene(self.ctx, back, self.ctx.kind)

    def settings(self, back: Scene) -> Scene:
        from .menus import SettingsScene

        return SettingsScene(self.ctx, back=back)

    def rules(self, back: Scene) -> Scene:
        from .rules_page import RulesScene

        return RulesScene(self.ctx, back=back, flow=self)

    def statistics(self, back: Scene) -> Scene:
        from .menus import StatisticsScene

        return StatisticsScene(self.ctx, back=back, flow=self)

    def code_entry(self, back: Scene) -> Scene:
        from .code_entry import CodeEntryScene

        return CodeEntryScene(self.ctx, self, back=back)

    # ----------------------------------------------------------------- kiosk
    def still_playing(self, under: Scene, seconds: float) -> Scene:
        """ "Still playing?" over ``under``, counting ``seconds`` down to the title."""
        from .kiosk import StillPlayingScene

        return StillPlayingScene(self.ctx, self, under, seconds)

    def operator_pin(self, under: Scene, pin: str, tries: PinTries) -> Scene:
        """The operator's keypad."""
        from .kiosk import PinScene

        return PinScene(self.ctx, under, pin, tries, lambda: self.operator_menu(under))

    def operator_menu(self, under: Scene) -> Scene:
        """The operator's screen over ``under``: the kiosk's usage, Quit and Back."""
        from .operator import OperatorScene

        return OperatorScene(self.ctx, under)
