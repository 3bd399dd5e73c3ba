"""The win and stalemate scenes: a panel drawn over the finished table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..look import ui
from ..look.i18n import N_, _, ngettext
from ..rules import daily
from .base import Context, Scene
from .deal_names import deal_name
from .dialogs import Dialog

if TYPE_CHECKING:
    from .play import PlayScene


class _EndScene(Dialog):
    """A panel over the finished table: New game, Play this deal again, ..."""

    def __init__(self, ctx: Context, play: PlayScene) -> None:
        super().__init__(ctx, play)
        self.play = play

    def back(self) -> Scene | None:
        return self.play.menu()

    def key(self, event: pygame.event.Event) -> Scene | None:
        return self.choose("new") if event.key == pygame.K_n else None

    def choose(self, key: str) -> Scene | None:
        if key == "new":
            return self.play.new_game()
        if key == "replay":
            return self.play.replay()
        return None


class WinScene(_EndScene):
    """All 104 cards removed."""

    title = N_("You won!")
    actions = (("new", N_("New game")), ("replay", N_("Play this deal again")))

    def lines(self) -> list[str]:
        game = self.play.game
        return [
            _("Score {score}").format(score=game.score)
            + " \u00b7 "
            + _("Moves {moves}").format(moves=game.moves),
            _("Time {time}").format(time=ui.format_time(self.play.elapsed)),
            _("Deal {code}").format(code=game.code) if game.code else "",
            *self._daily(),
        ]

    def _daily(self) -> list[str]:
        """For a day's deal, its name; for today's, with the daily streak as it stands
        with this win."""
        code = self.play.game.code
        if not code:
            return []
        today = daily.today()
        named = deal_name(code, today)
        if named is None:
            return []
        if daily.day_of(code, today) != today:
            return [named]
        streak = self.ctx.of(self.play.kind).stats.daily_streak_on(today)
        return [named + " \u00b7 " + _("Daily streak {count}").format(count=streak)]


class StalemateScene(_EndScene):
    """No pair and no triple is left."""

    title = N_("No moves left")
    actions = (
        ("undo", N_("Undo")),
        ("replay", N_("Play this deal again")),
        ("new", N_("New game")),
    )

    def shown_actions(self) -> tuple[tuple[str, str], ...]:
        """Undo only when there is a move to take back (a deal may start stuck)."""
        if self.play.game.can_undo():
            return self.actions
        return tuple(action for action in self.actions if action[0] != "undo")

    def lines(self) -> list[str]:
        game = self.play.game
        board = self.play.board
        left = board.cards_left()
        return [
            board.stalemate_reason(),
            _("Score {score}").format(score=game.score)
            + " \u00b7 "
            + ngettext("{count} card is left", "{count} cards are left", left).format(count=left),
        ]

    def key(self, event: pygame.event.Event) -> Scene | None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if (event.key == pygame.K_z and ctrl) or event.key == pygame.K_BACKSPACE:
            return self.choose("undo")
        return super().key(event)

    def choose(self, key: str) -> Scene | None:
        if key == "undo" and self.play.game.can_undo():
            self.play.undo()
            self.ctx.game = self.play.game
            return self.play
        return super().choose(key)
