"""Every board's footer fits at 80 columns with q Leave and ? Rules, even with all its keys on;
the keys a narrow footer cuts are all listed on the rules screen."""

from __future__ import annotations

import pytest
from textual.dom import DOMNode

from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.keys import own_bindings
from cardgames.tui.screens.rules import RulesScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal_near_the_end, human_to_move, screen_name, table_when_my_turn
from tests.tui.screen_text import screen_text


def _all_keys_on(app: CardGamesApp) -> None:
    """Enable every shown binding of the focus chain, one action per key (as the game does:
    a key has one meaning at a time), so the footer is as full as it can ever be."""
    seen: set[str] = set()
    on: dict[int, set[str]] = {}
    for node, bindings in app.screen._binding_chain:
        for key, binding in ((key, b) for key, group in bindings.key_to_bindings.items()
                             for b in group if b.show):
            if key not in seen:
                seen.add(key)
                on.setdefault(id(node), set()).add(binding.action.split("(")[0])

    def check(node: DOMNode) -> None:
        actions = on.get(id(node), set())
        node.check_action = lambda action, parameters: action in actions  # type: ignore[method-assign]

    for node, _ in app.screen._binding_chain:
        check(node)
    app.screen.refresh_bindings()


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
async def test_every_board_footer_shows_leave_and_rules_at_80_columns(game: str) -> None:
    app = CardGamesApp(GameSetup(game, default_seats(2, 1), {}, 7),
                       AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await table_when_my_turn(pilot, app)
        _all_keys_on(app)
        await pilot.pause()
        await wait_until(pilot, lambda: screen_text(app).splitlines()[-1].strip() != "")
        footer = screen_text(app).splitlines()[-1]
        assert "q Leave" in footer and "? Rules" in footer, footer
        assert_footer_whole(app, footer)


def assert_footer_whole(app: CardGamesApp, footer: str) -> None:
    """Every key the footer offers is drawn whole ("b Bot speed", never "b Bot sp")."""
    actions: dict[str, tuple[str, str]] = {}
    for active in app.screen.active_bindings.values():
        binding = active.binding
        if binding.show:  # the footer shows one key per action: the first
            actions.setdefault(binding.action,
                               (app.get_key_display(binding), binding.description))
    offered = list(actions.values())
    assert offered and len(footer.rstrip()) <= app.size.width
    assert footer.rstrip().endswith(f"{offered[-1][0]} {offered[-1][1]}"), (offered, footer)


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
async def test_the_rules_screen_lists_every_key_of_the_table(game: str) -> None:
    """Each key of the focus chain (the product's own, shown in the footer or not) has a row
    in the rules screen's Keys section, with what it does."""
    app = CardGamesApp(GameSetup(game, default_seats(2, 1), {}, 7),
                       AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_when_my_turn(pilot, app)
        keys = table.keys_text()
        rows = {line for line in keys.splitlines() if line.startswith("- `")}
        for node, _ in app.screen._binding_chain:
            for binding in own_bindings(node):
                shown = app.get_key_display(binding)
                assert any(f"`{shown}" in row or f" {shown}`" in row or f" {shown} " in row
                           for row in rows), (shown, binding.description)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert isinstance(app.screen, RulesScreen) and app.screen.markdown.endswith(keys)


async def _footer_at_my_turn(game: str, seats: tuple[SeatSpec, ...], width: int) -> str:
    app = CardGamesApp(GameSetup(game, seats, {}, 7), AppSettings(bot_delay=0, ascii=True),
                       pass_delay=0)
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_move(app) or screen_name(app) == "PassScreen")
        if screen_name(app) == "PassScreen":
            await pilot.press("enter")
        await table_when_my_turn(pilot, app)
        await pilot.pause()
        await wait_until(pilot, lambda: screen_text(app).splitlines()[-1].strip() != "")
        footer = screen_text(app).splitlines()[-1]
        assert_footer_whole(app, footer)
        return footer


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
async def test_hint_is_in_the_footer_on_my_turn_at_80_columns(game: str) -> None:
    footer = await _footer_at_my_turn(game, default_seats(2, 1), 80)
    assert "h Hint" in footer and "q Leave" in footer, footer


async def test_bot_speed_is_in_the_footer_when_it_fits_and_computer_players_play() -> None:
    """b works whenever computer players are at the table: it is offered where the width
    allows (after the more important keys), and not at a table of people only."""
    assert "b Bot speed" in await _footer_at_my_turn("trash", default_seats(2, 1), 80)
    assert "b Bot speed" in await _footer_at_my_turn("makao", default_seats(2, 1), 120)
    people = (SeatSpec("Anna"), SeatSpec("Ben"))
    footer = await _footer_at_my_turn("makao", people, 120)
    assert "h Hint" in footer and "b Bot speed" not in footer, footer


async def test_bot_speed_leaves_the_footer_once_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No computer player moves again on a finished game's table ("t Look at the table")."""
    deal_near_the_end(monkeypatch)
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7),
                       AppSettings(bot_delay=0, ascii=True), pass_delay=0)
    async with app.run_test(size=(120, 24)) as pilot:
        await table_when_my_turn(pilot, app)
        await wait_until(pilot, lambda: "b Bot speed" in screen_text(app).splitlines()[-1])
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("t")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        await wait_until(pilot, lambda: "q Leave" in screen_text(app).splitlines()[-1])
        footer = screen_text(app).splitlines()[-1]
        assert "r Result" in footer and "b Bot speed" not in footer, footer
