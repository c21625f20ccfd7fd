"""Cards as styled Rich text: compact ``7♥`` chips, boxed cards and card backs.

Pure Rich (no Textual), so it can be tested and reused anywhere. Every function takes a
:class:`CardStyle` that says whether to draw with letters only (``7h``) and whether each suit has
its own colour (♠ black, ♥ red, ♦ blue, ♣ green).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from cardgames.core.cards import Card, Rank, Suit

ChipState = Literal["normal", "dim", "cursor", "cursor-dim", "selected", "cursor-selected"]
"""How a hand card is drawn: plain, not playable now, under the cursor (playable or not),
selected, or both."""

FACE = "#f2f0e6"
"""The paper colour of a card face."""
BACK = "#2d5fa8"
"""The colour of a card back."""

_TWO_COLOURS = {Suit.SPADES: "#1c1c1c", Suit.CLUBS: "#1c1c1c", Suit.HEARTS: "#c8102e",
                Suit.DIAMONDS: "#c8102e"}
_FOUR_COLOURS = {Suit.SPADES: "#1c1c1c", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf",
                 Suit.CLUBS: "#17803d"}
_ON_DARK_TWO = {Suit.SPADES: "#e8e8e8", Suit.CLUBS: "#e8e8e8", Suit.HEARTS: "#ff5f5f",
                Suit.DIAMONDS: "#ff5f5f"}
_ON_DARK_FOUR = {Suit.SPADES: "#e8e8e8", Suit.HEARTS: "#ff5f5f", Suit.DIAMONDS: "#6fa8ff",
                 Suit.CLUBS: "#5fd75f"}
_CHIP_BACKGROUNDS = {
    "normal": FACE,
    "dim": "#77766f",
    "cursor": "#ffd75f",
    "cursor-dim": "#d7a93f",
    "selected": "#9fd3ff",
    "cursor-selected": "#c9b6ff",
}
_ASCII_PAIRS = {"←→": "<- ->", "↑↓": "up/down", "−/+": "-/+"}
_ASCII_SIGNS = str.maketrans({
    "—": "-", "–": "-", "−": "-", "·": "-", "…": "...", "×": "x", "←": "<-", "→": "->",
    "↑": "^", "↓": "v", "▶": ">", "▲": "^", "▼": "v", "✗": "!", "✓": "+", "⏎": "Enter",
    "⏱": "time", "▮": "#", "░": "#", "★": "*",
} | {suit.symbol: suit.value for suit in Suit} | {
    # Letters that keep no plain letter once their accents are dropped (Łukasz is Lukasz).
    "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h",
    "ı": "i", "ß": "ss", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th",
})
_CARD_IN_TEXT = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])")
_JOKER_IN_TEXT = re.compile(r"\bJk([rb])\b")


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How cards are drawn.

    Attributes:
        ascii: Letters only: ``7h``, ``Ks``, ``10d``; ``#`` for a card back.
        four_colour: Each suit its own colour instead of red and black.
    """

    ascii: bool = False
    four_colour: bool = False


def card_label(card: Card, style: CardStyle) -> str:
    """The short name of a card: ``7♥`` (or ``7h`` in ASCII mode); jokers ``Jkr`` / ``Xr``."""
    return card.code if style.ascii else card.symbol


def suit_colour(suit: Suit, style: CardStyle, *, on_dark: bool = False) -> str:
    """The colour of a suit, for a card face (default) or for text on the dark table."""
    if on_dark:
        return (_ON_DARK_FOUR if style.four_colour else _ON_DARK_TWO)[suit]
    return (_FOUR_COLOURS if style.four_colour else _TWO_COLOURS)[suit]


def _joker_colour(card: Card, on_dark: bool) -> str:
    if card.suit.is_red:
        return "#ff5f5f" if on_dark else "#c8102e"
    return "#e8e8e8" if on_dark else "#1c1c1c"


def _colour(card: Card, style: CardStyle, on_dark: bool) -> str:
    if card.rank is Rank.JOKER:
        return _joker_colour(card, on_dark)
    return suit_colour(card.suit, style, on_dark=on_dark)


def card_text(card: Card, style: CardStyle, *, dim: bool = False) -> Text:
    """A card as coloured text on the table background: ``7♥`` in red.

    Args:
        card: The card.
        style: ASCII and colour choices.
        dim: Grey it out (a card that cannot be played now).
    """
    colour = "#8a8a8a" if dim else _colour(card, style, on_dark=True)
    return Text(card_label(card, style), style=f"bold {colour}")


CHIP_WIDTH = 5
"""Cells one hand card takes, its gap included."""


def card_chip(card: Card, style: CardStyle, state: ChipState = "normal") -> Text:
    """A card as a small face-up chip `` 7♥ `` on a paper background, 4 cells, plus a 1-cell gap.

    Args:
        card: The card.
        style: ASCII and colour choices.
        state: Plain, dimmed (not playable now), under the cursor (a dimmed card keeps dim ink
            on a darker cursor colour), selected, or both.

    Returns:
        Text exactly :data:`CHIP_WIDTH` cells wide.
    """
    label = card_label(card, style)
    dim = state in ("dim", "cursor-dim")
    ink = "#3a3a3a" if dim else _colour(card, style, on_dark=False)
    body = f"{label:^4}" if len(label) < 4 else label[:4]
    text = Text()
    weight = "" if dim else "bold "
    text.append(body, style=f"{weight}{ink} on {_CHIP_BACKGROUNDS[state]}")
    text.append(" ")
    return text


def chip_state(*, cursor: bool, selected: bool, dim: bool) -> ChipState:
    """The state to draw a card chip in.

    Args:
        cursor: The card is under the cursor of the focused row.
        selected: The card is selected (marked).
        dim: The card cannot be played now.
    """
    if cursor:
        if selected:
            return "cursor-selected"
        return "cursor-dim" if dim else "cursor"
    if selected:
        return "selected"
    return "dim" if dim else "normal"


def card_back(style: CardStyle) -> Text:
    """One small card back, one cell wide: ``▮`` (``#`` in ASCII mode)."""
    return Text("#" if style.ascii else "▮", style=f"bold {BACK if not style.ascii else 'cyan'}")


def backs(count: int, style: CardStyle, *, limit: int = 6) -> Text:
    """A fan of up to ``limit`` card backs followed by the count: ``▮▮▮▮ 4``."""
    text = Text()
    for _ in range(min(count, limit)):
        text.append_text(card_back(style))
    text.append(f" {count}", style="bold")
    return text


BOX_WIDTH = 7
"""Cells a boxed card takes."""
BOX_HEIGHT = 5
"""Lines a boxed card takes."""


def card_box(card: Card, style: CardStyle, *, caption: str = "") -> list[Text]:
    """A face-up card drawn as a 7×5 box, corner ranks and a suit in the middle.

    Args:
        card: The card.
        style: ASCII and colour choices.
        caption: Ignored when empty; otherwise replaces the centre symbol (e.g. ``as``).

    Returns:
        :data:`BOX_HEIGHT` lines, each :data:`BOX_WIDTH` cells wide.
    """
    ink = _colour(card, style, on_dark=False)
    face = f"bold {ink} on {FACE}"
    if card.rank is Rank.JOKER:
        corner, middle = ("X", "JOKER") if style.ascii else ("★", "JOKER")
    else:
        corner = card.rank.code
        middle = card.suit.value.upper() if style.ascii else card.suit.symbol
    if caption:
        middle = caption
    top, bottom, side = ("+-----+", "+-----+", "|") if style.ascii else ("╭─────╮", "╰─────╯", "│")
    frame = f"#5a5a5a on {FACE}"
    lines = [Text(top, style=frame)]
    for body in (f"{corner:<5}", f"{middle:^5}", f"{corner:>5}"):
        line = Text(side, style=frame)
        line.append(body[:5], style=face)
        line.append(side, style=frame)
        lines.append(line)
    lines.append(Text(bottom, style=frame))
    return lines


def back_box(style: CardStyle, label: str = "") -> list[Text]:
    """A face-down card (the stock) as a 7×5 box, with an optional centred label."""
    if style.ascii:
        top, bottom, side, fill = "+-----+", "+-----+", "|", "#####"
    else:
        top, bottom, side, fill = "╭─────╮", "╰─────╯", "│", "░░░░░"
    frame = f"#d0d0d0 on {BACK}"
    pattern = f"#7fa6e0 on {BACK}"
    lines = [Text(top, style=frame)]
    for row in range(3):
        line = Text(side, style=frame)
        if row == 1 and label:
            line.append(f"{label[:5]:^5}", style=f"bold white on {BACK}")
        else:
            line.append(fill, style=pattern)
        line.append(side, style=frame)
        lines.append(line)
    lines.append(Text(bottom, style=frame))
    return lines


def empty_box(style: CardStyle, label: str = "empty") -> list[Text]:
    """An empty card place as a 7×5 dashed outline."""
    top, side = ("+ - - +", ":") if style.ascii else ("┌ ─ ─ ┐", "╎")
    bottom = "+ - - +" if style.ascii else "└ ─ ─ ┘"
    lines = [Text(top, style="#6c6c6c")]
    for row in range(3):
        body = f"{label[:5]:^5}" if row == 1 else "     "
        lines.append(Text(f"{side}{body}{side}", style="#6c6c6c"))
    lines.append(Text(bottom, style="#6c6c6c"))
    return lines


def cards_in_text(line: str, style: CardStyle) -> Text:
    """Colour the card names inside a sentence (``Bob played 7♥``), in ASCII mode as ``7h``.

    Args:
        line: A log line or message that names cards with suit symbols.
        style: ASCII and colour choices.

    Returns:
        The sentence as Text with each card name coloured by its suit.
    """
    text = Text()
    position = 0
    for match in _CARD_IN_TEXT.finditer(line):
        text.append(_ascii_suits(line[position : match.start()], style))
        rank_code, symbol = match.group(1), match.group(2)
        suit = next(s for s in Suit if s.symbol == symbol)
        label = f"{rank_code}{suit.value}" if style.ascii else match.group(0)
        text.append(label, style=f"bold {suit_colour(suit, style, on_dark=True)}")
        position = match.end()
    text.append(_ascii_suits(line[position:], style))
    return text


def _ascii_suits(fragment: str, style: CardStyle) -> str:
    """Replace stray suit symbols (``demand ♥``) and joker names by letters in ASCII mode."""
    if not style.ascii:
        return fragment
    return ascii_text(_JOKER_IN_TEXT.sub(lambda m: f"X{m.group(1)}", fragment))


def ascii_text(text: str) -> str:
    """``text`` in plain ASCII: dashes, arrows and signs spelled with ASCII, accents dropped,
    suit symbols as their letters, and ``?`` for any other character that has no ASCII
    spelling.

    ``"←→ choose — Žolíky ♥ 🃏"`` becomes ``"<- -> choose - Zoliky h ?"``. A card in a
    sentence is better left to :func:`cards_in_text`, which writes it the same way (``7h``)
    and colours it by its suit.

    Args:
        text: Words to show with ``--ascii``, such as a player's name.

    Returns:
        The words with ASCII characters only.
    """
    for pair, spelled_pair in _ASCII_PAIRS.items():
        text = text.replace(pair, spelled_pair)
    spelled = unicodedata.normalize("NFKD", text.translate(_ASCII_SIGNS))
    unaccented = "".join(char for char in spelled if not unicodedata.combining(char))
    return unaccented.encode("ascii", "replace").decode("ascii")


def ascii_rules(markdown: str) -> str:
    """Rules text in plain ASCII: cards as ``7h``, other suit symbols as words, dashes as ``-``.

    ``"K♥ on a 2♥; a ♥ demand – or ♠"`` becomes ``"Kh on a 2h; a hearts demand - or spades"``.

    Args:
        markdown: A game's ``rules_text()``.

    Returns:
        The same Markdown with only ASCII characters where the app knows a spelling.
    """
    text = _CARD_IN_TEXT.sub(
        lambda m: m.group(1) + next(s.value for s in Suit if s.symbol == m.group(2)), markdown
    )
    for suit in Suit:
        text = text.replace(suit.symbol, suit.name.lower())
    return ascii_text(text)


def shorten_words(text: str, limit: int = 20) -> str:
    """``text`` with each word longer than ``limit`` + 3 cut to ``limit`` characters and ``…``.

    Keeps a message that echoes what was typed (``'xxxx…' is not a command``) readable in the
    status line. A closing quote or bracket stays.

    Args:
        text: A message for the status line.
        limit: Characters kept of a long word.

    Returns:
        The message with long words shortened.
    """

    def cut(match: re.Match[str]) -> str:
        word = match.group(0)
        tail = word[-1] if word[-1] in "'\")]" else ""
        return f"{word[:limit]}…{tail}"

    return re.sub(rf"\S{{{limit + 4},}}", cut, text)


def literal(text: str) -> Text:
    """``text`` to be shown exactly as written, brackets and all.

    Textual reads a plain ``str`` given to a border title, a Static, a Label or a toast as
    markup, so a player called ``[red]Bob`` would turn red and ``a[/b]`` would crash the screen.
    Every text that holds something a player typed (a name, a command) goes through this (or is
    built as Rich ``Text``) on its way to the screen.

    Args:
        text: Words that may contain a player's name or typed command.

    Returns:
        Rich Text, which Textual never parses as markup.
    """
    return Text(text)


def shown(text: str, ascii: bool) -> str:
    """``text`` as the app draws it: unchanged, or through :func:`ascii_text` when ``ascii``."""
    return ascii_text(text) if ascii else text


def cut(words: str, width: int, *, ascii: bool = False) -> str:
    """``words`` in at most ``width`` cells: whole, or cut and ended with an ellipsis ("…", in
    ASCII "...").

    Args:
        words: One line.
        width: Cells it may take.
        ascii: Plain ASCII only (``--ascii``): the ellipsis is three dots.
    """
    if cell_len(words) <= width:
        return words
    ellipsis = "..." if ascii else "…"
    return set_cell_size(words, max(0, width - len(ellipsis))).rstrip() + ellipsis[:max(0, width)]


class OneLine:
    """Words that always take one line: as wide as they are, cut with :func:`cut` where they
    are given fewer cells (a table column that shrinks). Never read as markup.

    Args:
        words: One line (a name, a title).
        ascii: Plain ASCII only: the words spelled with ASCII, the ellipsis three dots.
    """

    def __init__(self, words: str, *, ascii: bool = False) -> None:
        self.words = shown(words, ascii)
        self.ascii = ascii

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(cut(self.words, options.max_width, ascii=self.ascii), no_wrap=True,
                   overflow="crop")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = cell_len(self.words)
        return Measurement(min(width, 4), width).clamp(max_width=options.max_width)
