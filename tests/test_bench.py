"""The benchmarks: the reference engine, the games measured and the README's figures section.

No test here checks a speed: figures are for reading, next to the reference of the same run.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from cardgames.bench import (
    CloneTimer,
    ReferenceState,
    measure,
    playable_names,
    player_counts,
    reference_play,
    sample_positions,
    simulation_speed,
)
from cardgames.core.registry import GAMES
from cardgames.core.rng import Rng
from cardgames.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def readme_figures(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The ``benchmarks/readme_figures.py`` script as a module."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    return importlib.import_module("readme_figures")


def card_count(state: ReferenceState) -> int:
    return sum(map(len, state.hands)) + len(state.stock) + len(state.pile)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_reference_games_end_and_keep_every_card(players: int) -> None:
    chooser = Rng(players)
    for seed in range(20):
        state = ReferenceState(players, seed=seed)
        for _ in range(10_000):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(chooser.choice(legal))
            assert card_count(state) == 52
        assert state.player is None, "the game ends"
        assert not all(state.hands) or state.passes == players, "someone went out, or all passed"


def test_reference_refuses_an_illegal_action_and_changes_nothing() -> None:
    state = ReferenceState(2, seed=3)
    missing = next(card for card in range(52) if card not in state.hands[0])
    before = (repr(state.hands), list(state.stock), list(state.pile), state.suit, state.player)
    for action in [(missing, missing % 4), (-2, 0)]:
        with pytest.raises(ValueError, match="not legal now"):
            state.apply(action)
    assert (repr(state.hands), state.stock, state.pile, state.suit, state.player) == before


def test_reference_eights_name_any_suit_and_others_must_match() -> None:
    state = ReferenceState(2, seed=0)
    state.hands[0] = [6 * 4 + 1, 0 * 4 + 2, 5 * 4 + 3]  # an eight, a two, a seven (rank * 4 + suit)
    state.pile = [9 * 4 + 2]  # a jack of the two's suit
    state.suit = 2
    assert state.legal_actions() == [(25, 0), (25, 1), (25, 2), (25, 3), (2, 2)]
    state.apply((25, 3))
    assert (state.suit, state.player, state.pile[-1]) == (3, 1, 25)


def test_the_engine_benchmark_covers_every_playable_game_of_the_registry() -> None:
    assert playable_names() == tuple(info.name for info in GAMES if info.playable)
    assert {"makao", "shithead"} <= set(playable_names())
    rows = measure(playable_names(), 0.01, positions=5)
    expected = [(name, players) for name in playable_names() for players in player_counts(name)]
    assert [(row.game, row.players) for row in rows] == expected
    for row in rows:
        assert row.actions_per_second > 0 and row.reference_per_second > 0
        assert row.ratio == row.actions_per_second / row.reference_per_second


def test_reference_clone_is_independent_and_plays_on_alike() -> None:
    state = ReferenceState(3, seed=5)
    chooser = Rng(1)
    for _ in range(30):
        state.apply(chooser.choice(state.legal_actions()))
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.hands != state.hands or copy.pile != state.pile
    again = state.clone()
    for _ in range(200):
        legal = state.legal_actions()
        if not legal:
            break
        action = chooser.choice(legal)
        state.apply(action)
        again.apply(action)
        assert (again.hands, again.stock, again.pile) == (state.hands, state.stock, state.pile)


def test_clone_figures_are_measured_on_positions_of_random_games() -> None:
    positions = sample_positions(lambda seed: ReferenceState(2, seed=seed), count=12)
    assert len(positions) == 12 and all(isinstance(p, ReferenceState) for p in positions)
    timer = CloneTimer(positions)
    timer.run(0.0)
    assert timer.clones == 12 and timer.rate > 0
    [row] = measure(["makao"], 0.01, positions=5)[:1]
    assert row.clones_per_second and row.reference_clones_per_second
    assert row.clone_ratio == row.clones_per_second / row.reference_clones_per_second


def test_comparisons_are_skipped_with_a_note_without_their_packages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    comparisons = importlib.import_module("comparisons")
    real = importlib.import_module

    def without(name: str, package: str | None = None) -> ModuleType:
        if name in ("pyspiel", "rlcard"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(comparisons.importlib, "import_module", without)
    found, notes = comparisons.available()
    assert found == []
    assert len(notes) == 4 and all("skipped" in note for note in notes)


def test_player_counts_are_the_fewest_and_four_or_the_most() -> None:
    assert player_counts("makao") == (2, 4)
    assert player_counts("zoliky") == (2, 4)
    assert all(
        player_counts(info.name)[0] == info.min_players
        and player_counts(info.name)[-1] == min(4, info.max_players)
        for info in GAMES
    )


def test_simulation_in_blocks_gives_the_totals_of_one_simulate_call() -> None:
    speed = simulation_speed("shithead", games=5, players=3, seed=7, block=2)
    whole = simulate("shithead", games=5, players=3, seed=7)
    got = speed.result
    assert (got.title, got.players, got.games, got.actions, got.wins) == (
        whole.title, whole.players, whole.games, whole.actions, whole.wins,
    )
    assert speed.reference_per_second > 0
    assert speed.ratio == speed.turns_per_second / speed.reference_per_second
    with pytest.raises(ValueError, match="at least 1"):
        simulation_speed("shithead", games=0, players=3)


def test_reference_play_counts_whole_games() -> None:
    play = reference_play(3)
    play.run(0.0)
    assert play.games == 1
    assert play.actions > 0 and play.seconds > 0


def test_readme_section_is_written_between_the_markers(readme_figures: ModuleType) -> None:
    figures = readme_figures.Figures(
        machine="a test machine",
        runs=3,
        startup={"minimal Textual app": (0.2, 32.0), "cardgames picker": (0.25, 34.0)},
        seconds=0.01,
        engine=measure(["makao"], 0.01, positions=5),
        outside=[],
        notes=["OpenSpiel crazy_eights skipped: the open_spiel package is not installed"],
        games=2,
        simulated=[simulation_speed("makao", games=2, players=4)],
    )
    section = readme_figures.render(figures)
    begin, end = readme_figures.BEGIN, readme_figures.END
    text = f"# Title\n\n## Performance\n\n{begin}\nold figures\n{end}\n\n## Development\n"
    written = readme_figures.replace_section(text, section)
    head, rest = written.split(begin)
    body, tail = rest.split(end)
    assert head == "# Title\n\n## Performance\n\n"
    assert tail == "\n\n## Development\n"
    assert body == f"\n{section}\n"
    assert readme_figures.replace_section(written, section) == written

    tables = [block for block in section.split("\n\n") if block.startswith("|")]
    startup, engine, simulated = ([line.split(" | ") for line in t.splitlines()] for t in tables)
    assert startup[3][1:] == ["250 ms (1.25×)", "34.0 MiB (1.06×) |"]
    assert [row[:2] for row in engine[2:]] == [["| Makao", "2"], ["| Makao", "4"]]
    for row, speed in zip(engine[2:], figures.engine, strict=True):
        assert row[5] == f"{speed.ratio:.3f}×"
        assert row[-1] == f"{speed.clone_ratio:.3f}× |"
    assert "open_spiel package is not installed." in section
    [makao] = simulated[2:]
    result = figures.simulated[0].result
    assert makao[:2] == ["| Makao", "4"]
    assert makao[6] == f"{result.average_actions:.1f}"
    assert makao[7].count("%") == 4
    assert "compare the ratios" in section
    assert all(len(line) <= 100 for line in section.splitlines() if not line.startswith("|"))


@pytest.mark.parametrize(
    "text",
    ["no markers", "{end}\n{begin}\n", "{begin}\n{begin}\n{end}\n", "{begin}\nonly the start\n"],
)
def test_readme_section_needs_one_pair_of_markers(readme_figures: ModuleType, text: str) -> None:
    broken = text.format(begin=readme_figures.BEGIN, end=readme_figures.END)
    with pytest.raises(ValueError, match="needs one"):
        readme_figures.replace_section(broken, "figures")


def test_the_readme_has_the_figures_section(readme_figures: ModuleType) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count(readme_figures.BEGIN) == text.count(readme_figures.END) == 1
    assert text.index("## Performance") < text.index(readme_figures.BEGIN)
