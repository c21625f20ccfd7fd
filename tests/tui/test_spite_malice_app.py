"""The Spite & Malice table through the real app at 80×24, keys only: a whole game against the
bot with plays from the pay-off pile and a discard spot, a joker, a completed pile, a refill in
the middle of the turn, the bus and the bottom card; ASCII mode; the hot-seat hand-over."""

from __future__ import annotations

import re

import pytest

from cardgames.core.cards import parse_card
from cardgames.core.errors import InvalidCommand
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.games.spite_malice.builders import card, cards, position, run_of
from tests.tui.drive import deal, find_table, human_to_move, passing
from tests.tui.screen_text import non_ascii, screen_text
from tests.tui.spite_malice_drive import own, play_first
from tests.tui.test_noleak import RecordingApp

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO = GameSetup("spite_malice", default_seats(2, 1), {}, 1)


def _keys(app: CardGamesApp) -> set[str]:
    """The footer's keys."""
    return {key for key, active in app.screen.active_bindings.items() if active.binding.show}


def _nearly_won() -> object:
    # Pile 1 needs a K, pile 2 (A 2 3) a 4; the pay-off pile is 9♠ 7♦ 6♥ (6♥ on top), spot 1
    # holds 5♠; the hand is K♦ and a joker; the stock gives the refill, then 8♣. The bot holds
    # only court cards and can build nothing.
    return position(
        hands=["Kd Xr", "Kh Kc Qh Jh Jc"],
        pay_off=["9s 7d 6h", "Ks Qs"],
        spots=[["5s"]],
        piles=[run_of(12, "c", deck=1), "As 2s 3s"],
        stock="Qc Qd 3h 10h 2c 8c",
        full=True,
    )


async def test_whole_game_by_keys_with_every_kind_of_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, _nearly_won())  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        assert own(app).current().card == card("Kd")
        # K♦ completes pile 1, which is cleared (SM-7): Enter picks, Enter plays on pile 1.
        await pilot.press("enter")
        await pilot.pause()
        assert "[pile 1]  spot 2   spot 3   spot 4   bus" in screen_text(app)
        # A number that is no place is refused with the places there are; nothing moves.
        await pilot.press("9")
        await pilot.pause()
        assert "9 is not a place for K♦: choose pile 1, spot 2, spot 3, spot 4 or bus" in \
            " ".join(screen_text(app).split())
        assert own(app).picking and len(session.view().piles[0]) == 12
        await pilot.press("enter")
        await pilot.pause()
        assert session.view().piles[0] == ()
        assert session.view().cleared_size == 13
        # The joker goes on pile 2 as the 4 (digit 2); the empty hand is refilled (SM-10).
        await pilot.press("enter", "2")
        await pilot.pause()
        view = session.view()
        assert view.piles[1][-1] == card("Xr")
        assert view.hand == tuple(sorted(cards("Qc Qd 3h 10h 2c")))
        assert "=4" in screen_text(app)
        # The 5♠ from spot 1 has one destination: one key plays it.
        assert own(app).current().source == "s1"
        await pilot.press("enter")
        await pilot.pause()
        assert session.view().spots[0][0] == ()
        # The pay-off top 6♥: one key; 7♦ turns face up (SM-9).
        assert own(app).current().source == "pay"
        await pilot.press("enter")
        await pilot.pause()
        assert session.view().pay_off_tops[0] == card("7d")
        # 10♥ under the bus: Tab to the hand, right twice, Enter, left (the bus is last), Enter.
        await pilot.press("tab")
        assert own(app).current().card == card("2c")
        await pilot.press("right", "right", "enter")
        await pilot.pause()
        assert "bus" in screen_text(app)
        await pilot.press("left", "enter")
        await wait_until(pilot, lambda: human_to_move(app))
        view = session.view()
        assert view.pay_off_sizes[0] == 3 and view.pay_off_tops[0] == card("7d")
        # v shows the bottom card until the next key (SM-4); it is not a move.
        moves = len(session.history)
        await pilot.press("v")
        await pilot.pause()
        assert "bottom 10♥" in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert "bottom 10♥" not in screen_text(app)
        # So does the typed command `bottom`, which the command table lists.
        await pilot.press("colon", *"Bottom", "enter")
        await pilot.pause()
        assert "bottom 10♥" in screen_text(app) and "not a move" not in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert "bottom 10♥" not in screen_text(app)
        assert len(session.history) == moves
        # 7♦, 8♣ (Enter, Enter), 9♠ and 10♥ from the pay-off pile: the last one wins.
        for _ in range(4):
            await play_first(pilot, app)
        await wait_until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen")
        outcome = session.outcome()
        assert outcome is not None and outcome.winners == (0,)


async def test_typed_bottom_works_on_the_other_players_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # SM-4: looking at the bottom card is not a move, so the command bar takes `bottom` while
    # the computer player is to move (as `v` does); a move typed then is refused as not yours.
    deal(monkeypatch, position(hands=["Kd 5c", "Kh Kc"], pay_off=["9s 7d 6h", "Ks Qs"],
                               stock="Qc Qd 3h 10h 2c 8c", current=1, full=True))
    app = CardGamesApp(SOLO, AppSettings(bot_delay=30))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = find_table(app).session
        assert session.current_player == 1 and not session.legal_actions()
        assert "colon" in _keys(app)
        await pilot.press("colon", *"play 5c", "enter")
        await pilot.pause()
        assert "not yours" in " ".join(screen_text(app).split())
        assert session.current_player == 1 and len(session.history) == 0
        await pilot.press("colon", *"bottom", "enter")
        await pilot.pause()
        assert "bottom 9♠" in screen_text(app)
        assert "not yours" not in " ".join(screen_text(app).split()), "the refusal went"


async def test_ascii_mode_draws_only_ascii_with_four_players() -> None:
    app = CardGamesApp(GameSetup("spite_malice", default_seats(4, 3), {}, 3),
                       AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await play_first(pilot, app)
        await wait_until(pilot, lambda: human_to_move(app))
        text = screen_text(app)
        assert "Building piles" in text and "Your cards" in text
        assert non_ascii(app) == set()
        assert "enter" in _keys(app) and "tab" in _keys(app)
        # h points out the computer player's move on the table; one Enter plays it.
        screen = find_table(app)
        moves = len(screen.session.history)
        await pilot.press("h")
        await pilot.pause()
        hinted = screen.note.removeprefix("Hint: ")
        await pilot.press("enter")
        await pilot.pause()
        seat, action = screen.session.history[moves]
        assert seat == 0 and _symbols(str(action)) == hinted


def _symbols(command: str) -> str:
    """``discard 6h 1`` as the status line writes it: ``discard 6♥ 1``."""
    words = command.split()
    return " ".join([words[0], *(_card_symbol(word) for word in words[1:])])


def _card_symbol(word: str) -> str:
    try:
        return parse_card(word).symbol
    except InvalidCommand:
        return word


_HAND_ROW = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])|Jk[rb]")


def _hand_row(text: str) -> tuple[str, set[str]]:
    """The own cards' box title and the card names on its hand row (right of column 35)."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if "cards ─" in line or "Hands are hidden" in line:
            title = line
            row = lines[number + 2] if number + 2 < len(lines) else ""
            return title, {m.group(0) for m in _HAND_ROW.finditer(row[35:])}
    return "", set()


async def test_hot_seat_hand_over_never_shows_the_other_hand() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = RecordingApp(GameSetup("spite_malice", seats, {}, 8), FAST, pass_delay=0)
    names = [seat.name for seat in seats]
    async with app.run_test(size=SIZE) as pilot:
        handovers = 0
        while handovers < 4:
            await wait_until(
                pilot,
                lambda: isinstance(app.screen, PassScreen) or passing(app) or human_to_move(app),
            )
            if isinstance(app.screen, PassScreen):
                app.holder = names.index(app.screen.player)
                await pilot.press("enter")
                handovers += 1
            elif passing(app):
                await pilot.press("enter")
            else:
                await play_first(pilot, app)
        await pilot.pause()
    checked = 0
    for text, hands, holder in app.frames:
        title, shown = _hand_row(text)
        for seat in hands:
            if seat != holder and names[seat] in title:
                raise AssertionError(f"{names[seat]}'s cards shown while {holder} holds it")
        if holder is not None and names[holder] in title:
            assert shown <= {c.symbol for c in hands[holder]}, text
            checked += 1
    assert checked > 5


async def test_the_joker_picked_is_the_one_that_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """With both jokers in hand, Enter on Jkb and spot 1 puts Jkb there, not Jkr; the record
    names it, so the game replays exactly (SM-6)."""
    from cardgames.session.session import Session

    deal(monkeypatch, position(hands=["2h 3s Kd Xr Xb", "Kh Kc Qh Jh Jc"],
                               pay_off=["9s 7d 6h", "Ks Qs"], full=True))  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        for _ in range(3):
            if own(app).current().source == "hand":
                break
            await pilot.press("tab")
        for _ in range(6):
            if own(app).current().card == card("Xb"):
                break
            await pilot.press("right")
        assert own(app).current().card == card("Xb")
        await pilot.press("enter", "1")
        await wait_until(pilot, lambda: session.view_for(0).spots[0][0] != ())
        assert session.view_for(0).spots[0][0] == (card("Xb"),)
        assert card("Xr") in session.view_for(0).hand
        assert "discard jkb 1" in session.commands()
        again = Session(session.setup)
        again.restore(session.commands())
        assert again.view_for(0) == session.view_for(0)


async def test_end_with_cards_in_hand_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """``e`` is not in the footer while cards are in hand; pressed anyway, the status line
    says why the turn cannot end so (SM-13)."""
    deal(monkeypatch, position(hands=["2h 3s Kd", "Kh Kc Qh Jh Jc"],
                               pay_off=["9s 7d 6h", "Ks Qs"], full=True))  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        table = find_table(app)
        shown = {active.binding.description for active in app.screen.active_bindings.values()
                 if active.binding.show}
        assert "End" not in shown
        await pilot.press("e")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert "You still hold cards: end your turn with a discard or the bus" in status
        assert table.session.history == []


async def test_the_final_table_shows_every_hand_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the game is over, ``t`` shows the table with every seat's hand open, as in the
    other games with hands; the pay-off piles stay as they lay (SM-4 hides hands only while
    the game runs)."""
    deal(monkeypatch, position(hands=["Kd", "Kh Kc Qh Jh Jc"], pay_off=["2s", "Ks Qs"],
                               piles=["As"], full=True))  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        assert own(app).current().card == card("2s")
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen")
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"
        text = screen_text(app)
        assert "Every hand, open" in text
        assert "J♣ J♥ Q♥ K♣ K♥" in text and "K♦" in text
