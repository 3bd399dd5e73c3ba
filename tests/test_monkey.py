"""The monkey (tools/monkey.py) in short: 2,500 random events into the real game on a
desktop (every game of the registry) and on a kiosk that offers one Crescent game.

``make monkey`` runs the long version (50,000 events). A failure message names the
seed and the event, and the command that replays it. The kiosk's checks are shown to
fail when a game it does not offer is dealt or stored, or when its code is taken.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import monkey
import monkey_scripts

from game.games.catalog import KINDS, kind_by_key
from game.records.statistics import Statistics
from game.scenes.code_entry import CodeEntryScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene

KIOSK_GAMES = ("crescent",)
NOT_OFFERED = [kind for kind in KINDS if kind.key not in KIOSK_GAMES]


@pytest.mark.once
@pytest.mark.parametrize(
    "games", [None, KIOSK_GAMES], ids=["desktop", "kiosk-" + "-".join(KIOSK_GAMES)]
)
def test_2500_random_events_break_nothing(display, games):
    kiosk = games is not None
    report = monkey.run(seed=2026, events=2500, kiosk=kiosk, games=games)
    print(report)
    assert report.events == 2500
    reached = set(report.scenes)
    assert {"PlayScene", "TitleScene", "CodeEntryScene"} <= reached
    assert reached & {"WinScene", "StalemateScene"}
    if kiosk:
        assert set(report.kinds) == set(games)  # the check held: nothing else on the table
        assert report.codes["refused"] > 0  # codes of the other games were typed
        assert report.restarts == 0 and "StillPlayingScene" in reached
    else:
        assert set(report.kinds) == {kind.key for kind in KINDS}  # every game was played
        assert report.codes["taken"] > 0
        assert report.restarts > 0  # window close quit the game, and it started again


@pytest.mark.once
def test_a_seed_replays_its_run_deals_too(display):
    """What ``--seed N`` promises: the same events, the same new deals, the same run."""
    first = monkey.run(seed=7, events=500, kiosk=False)
    again = monkey.run(seed=7, events=500, kiosk=False)
    assert first.moves > 0 and first.restarts > 0
    seen = ("frames", "moves", "restarts", "scenes", "kinds", "codes")
    assert [getattr(again, name) for name in seen] == [getattr(first, name) for name in seen]


@pytest.fixture
def kiosk_monkey(display, tmp_path):
    """A monkey on a kiosk that offers only KIOSK_GAMES, at its title."""
    one = monkey.Monkey(seed=1, kiosk=True, home=tmp_path, games=KIOSK_GAMES)
    yield one
    one.close()


def _new_game(one):
    one.click(one.session.loop.scene.button_rects()["new"].center)
    one.frame(1 / 60)
    return one.session.loop.scene


@pytest.mark.parametrize("other", NOT_OFFERED, ids=lambda kind: kind.key)
def test_the_kiosk_check_fails_when_a_game_not_offered_is_dealt(kiosk_monkey, monkeypatch, other):
    one = kiosk_monkey
    play = _new_game(one)
    assert isinstance(play, PlayScene) and play.kind is kind_by_key(KIOSK_GAMES[0])
    one.check()  # the kiosk's own deal passes
    monkeypatch.setattr(
        Flow,
        "play",
        lambda flow, game, elapsed=0.0: PlayScene(flow.ctx, flow, other.random(flow.ctx.deals)),
    )
    one.click(play.layout.buttons["new"].center)  # no move yet: dealt without a question
    assert one.session.loop.scene.kind is other
    with pytest.raises(AssertionError, match=f"a game of {other.name} is on the table"):
        one.check()


@pytest.mark.parametrize("other", NOT_OFFERED, ids=lambda kind: kind.key)
def test_the_kiosk_check_fails_when_a_file_of_a_game_not_offered_appears(kiosk_monkey, other):
    one = kiosk_monkey
    storage = one.session.ctx.storage
    one.check()
    Statistics().save(storage, other.statistics_file)
    with pytest.raises(AssertionError, match=f"a file of {other.name}, which is not offered"):
        one.check()


@pytest.mark.parametrize("broken", [False, True], ids=["as-is", "taking-every-code"])
def test_the_code_screen_check_fails_when_a_code_not_offered_is_taken(
    kiosk_monkey, monkeypatch, broken
):
    """The monkey's code screen: whole codes of every game; on this kiosk those of the
    games not offered must be refused, and the check says so when one is taken."""
    one = kiosk_monkey
    if broken:
        monkeypatch.setattr(
            CodeEntryScene, "_pick", lambda scene, kind: setattr(scene, "kind", kind) or True
        )
    failure = None
    for _ in range(300):
        try:
            monkey_scripts.code_entry(one)
        except AssertionError as error:
            failure = str(error)
            break
        one.check()
        if one.report.codes["refused"] >= 3:
            break
    if broken:
        assert failure is not None and "of a game not offered, was taken" in failure
    else:
        assert failure is None and one.report.codes["refused"] >= 3, one.report.codes
