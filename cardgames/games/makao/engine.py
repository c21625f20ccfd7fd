"""The Makao engine: one position, its legal actions and how each action changes it.

Implements MK-1 … MK-16 and the house options ``queens``, ``makao-call`` and ``jokers`` of
``shared/rules/makao.md``. Pending effects (cards to take, turns to sit out, the demand and who
made it, lost turns per seat) are explicit fields, never read off the top card.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from cardgames.core.cards import Card, Rank, Suit, card_from_json, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event, Outcome, new_event
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.makao.actions import (
    Action,
    CallMakao,
    Demand,
    Draw,
    Pass,
    Play,
    Take,
    Wait,
)
from cardgames.games.makao.moves import (
    ANSWERS,
    BIT,
    DEMAND_RANKS,
    DEMANDED,
    FOURS,
    JOKER_BITS,
    MATCHING,
    NO_JOKERS,
    ORDER,
    SUITS,
    ActiveDemand,
    Situation,
    answers_text,
    battle_value,
    check_play,
    effective_cards,
    hand_mask,
    is_start_action_card,
    mask_plays,
    plays_in_mask,
    single,
)

# Enum members looked up once: a lookup on an enum class is slow in hot loops.
_ACE = Rank.ACE
_FOUR = Rank.FOUR
_JACK = Rank.JACK
_JOKER = Rank.JOKER
_KING = Rank.KING
_SPADES = Suit.SPADES
_BATTLE_RANKS = frozenset({Rank.TWO, Rank.THREE, Rank.KING})
"""The ranks of the battle cards (MK-7); a played king counts only if it is K♥ or K♠."""
_PLAIN_MATCHING = MATCHING[False]
"""``moves.MATCHING`` without the ``queens`` option."""
_BATTLE_VALUES = {card: battle_value(card) for card in ORDER}
"""``moves.battle_value`` of every card (MK-7)."""
OPTION_NAMES = ("queens", "makao-call", "jokers")
"""The house options, all off by default."""

HAND_SIZE = 5
"""Cards dealt to each player (MK-2)."""

MAKAO_PENALTY = 5
"""Cards taken for not saying "makao" (``makao-call`` option)."""

Phase = Literal["play", "drawn", "demand", "over"]
_DRAW, _TAKE, _WAIT, _PASS, _CALL = Draw(), Take(), Wait(), Pass(), CallMakao()
_situation = tuple.__new__
"""Builds a Situation from a tuple of its fields without the Python-level ``__new__``."""
_NO_EVENT = Event("")
"""The place of the "play" event in a turn's list until its words are known."""
_DEMANDS: dict[tuple[object, object, int], tuple[ActiveDemand, str]] = {}
"""Each demand in force by kind, value and seat, with its words (demands are immutable)."""
_RANK_DEMANDS: tuple[Action, ...] = (*(Demand("rank", rank) for rank in DEMAND_RANKS), Demand())
_SUIT_DEMANDS: tuple[Action, ...] = (*(Demand("suit", suit) for suit in SUITS), Demand())
_DEMAND_WORDS: dict[Rank | Suit, str] = {value: value.noun for value in (*Rank, *Suit)}
"""The words of each demandable value, ``ActiveDemand.text`` without the property lookups."""


@dataclass(frozen=True, slots=True)
class MakaoView:
    """What one seat (or the public, ``viewer`` None) may see of a position.

    Attributes:
        viewer: The seat looking, or None for the public view.
        players: Number of seats.
        current_player: The seat to act, or None once the game is over.
        hand: The viewer's hand, sorted (empty for the public view).
        hand_sizes: Every seat's card count.
        top: The top card of the discard pile.
        top_as: What the top card counts as (differs only for a joker).
        discard_size: Cards in the discard pile.
        stock_size: Cards in the stock.
        pending_draw: Cards the player to move must take unless he answers (MK-7).
        pending_skips: Turns the player to move must sit out unless he answers (MK-10).
        demand: The active demand (MK-11 to MK-13), or None.
        skip_turns: Turns each seat still sits out (MK-10).
        finished: Seats that went out, in order (MK-15).
        phase: "play", "drawn" (after drawing a playable card), "demand" (after jacks or aces)
            or "over".
        drawn: The card just drawn, shown only to the seat that drew it.
        legal: The legal actions if the viewer is to act, else empty.
        playable: The viewer's hand cards that start at least one legal play now.
        options: The house options switched on.
        description: What is pending, in words, or "".
        makao_called: True if the player to move has said "makao" this turn.
        open_hands: None while the game runs; once it is over every seat's hand, seat 0 first
            (nothing is secret any more, so the final table can be shown open).
        discard: The whole discard pile, bottom first (every card in it was played face up).
        restocked: The cards the last reshuffle turned into the stock (MK-6), sorted; since
            then the stock holds only cards from these. () before the first reshuffle.
    """

    viewer: int | None
    players: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    top_as: Card
    discard_size: int
    stock_size: int
    pending_draw: int
    pending_skips: int
    demand: ActiveDemand | None
    skip_turns: tuple[int, ...]
    finished: tuple[int, ...]
    phase: str
    drawn: Card | None
    legal: tuple[Action, ...]
    playable: frozenset[Card]
    options: tuple[str, ...]
    description: str
    makao_called: bool = False
    open_hands: tuple[tuple[Card, ...], ...] | None = None
    discard: tuple[Card, ...] = ()
    restocked: tuple[Card, ...] = ()

    def situation(self) -> Situation:
        """The top card and the pending effects that decide what may be played now (MK-4,
        MK-8, MK-10, MK-13), as ``moves.check_play`` takes them."""
        return Situation(
            self.top_as, self.pending_draw, self.pending_skips, self.demand,
            "queens" in self.options,
        )


def new_state(
    players: int, *, seed: int, options: Mapping[str, bool] | None = None, starter: int = 0
) -> MakaoState:
    """Shuffle and deal a new game (MK-1, MK-2).

    Args:
        players: 2 to 6 seats.
        seed: Seeds the state's RNG, which makes every shuffle of the game.
        options: House options by name (``queens``, ``makao-call``, ``jokers``), off if absent.
        starter: The seat that plays first: 0 in the first game, then the seat after the previous
            starter (MK-2; ``GAME.new_game`` derives it from the game number).

    Returns:
        The dealt position, ``starter`` to move.

    Raises:
        ValueError: If ``players`` is not 2-6, ``starter`` is not a seat or an option is unknown.
    """
    if not 2 <= players <= 6:
        raise ValueError("Makao is played by 2 to 6 players")
    if not 0 <= starter < players:
        raise ValueError(f"the starter must be a seat from 0 to {players - 1}")
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - set(OPTION_NAMES))
    if unknown:
        raise ValueError(
            f"unknown Makao option {unknown[0]!r}; the options are: {', '.join(OPTION_NAMES)}"
        )
    switched_on = tuple(name for name in OPTION_NAMES if chosen.get(name))
    rng = Rng(seed)
    stock = build_deck(1 if players <= 4 else 2, 2 if "jokers" in switched_on else 0)
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(HAND_SIZE):
        for hand in hands:
            hand.append(stock.pop())
    for hand in hands:
        hand.sort()
    while is_start_action_card(stock[-1]):
        stock.insert(0, stock.pop())
    top = stock.pop()
    return MakaoState(
        players=players,
        options=switched_on,
        hands=hands,
        stock=stock,
        discard=[top],
        top_as=top,
        current=starter,
        phase="play",
        pending_draw=0,
        pending_skips=0,
        demand=None,
        skip_turns=[0] * players,
        drawn=None,
        finished=[],
        starter=starter,
        called=False,
        played=False,
        rng=rng,
    )


class MakaoState:
    """One Makao position; mutable, changed only by :meth:`apply`.

    Hands are kept sorted, and each also as a mask of ``moves.BIT`` (``masks``, changed with
    the hand, so the cards that may start are found with one ``&``); the stock and the discard
    pile are lists whose last element is the top. ``top_as``
    is what the top card counts as (a joker's named card). ``called`` and ``played`` belong to
    the turn in progress (``makao-call`` option). ``restocked`` holds the cards the last
    reshuffle turned into the stock, sorted (public knowledge: every seat saw them played); they
    are kept in the order met and sorted when asked for.
    """

    __slots__ = (
        "_legal",
        "_restocked",
        "called",
        "current",
        "demand",
        "discard",
        "drawn",
        "finished",
        "hands",
        "masks",
        "options",
        "pending_draw",
        "pending_skips",
        "phase",
        "played",
        "players",
        "rng",
        "skip_turns",
        "starter",
        "stock",
        "top_as",
    )

    def __init__(
        self,
        *,
        players: int,
        options: tuple[str, ...],
        hands: list[list[Card]],
        stock: list[Card],
        discard: list[Card],
        top_as: Card,
        current: int | None,
        phase: Phase,
        pending_draw: int,
        pending_skips: int,
        demand: ActiveDemand | None,
        skip_turns: list[int],
        drawn: Card | None,
        finished: list[int],
        starter: int,
        called: bool,
        played: bool,
        rng: Rng,
        restocked: tuple[Card, ...] = (),
    ) -> None:
        self.players = players
        self.options = options
        self.hands = hands
        self.masks = [hand_mask(hand) for hand in hands]
        self.stock = stock
        self.discard = discard
        self.top_as = top_as
        self.current = current
        self.phase: Phase = phase
        self.pending_draw = pending_draw
        self.pending_skips = pending_skips
        self.demand = demand
        self.skip_turns = skip_turns
        self.drawn = drawn
        self.finished = finished
        self.starter = starter
        self.called = called
        self.played = played
        self.rng = rng
        self._restocked = restocked
        self._legal: tuple[Action, ...] | None = None

    @property
    def restocked(self) -> tuple[Card, ...]:
        """The cards the last reshuffle turned into the stock, sorted (MK-6); () before it."""
        return tuple(sorted(self._restocked, key=BIT.__getitem__))

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return self.current

    def situation(self) -> Situation:
        """The top card and pending effects that decide what may be played now."""
        return _situation(
            Situation,
            (self.top_as, self.pending_draw, self.pending_skips, self.demand,
             "queens" in self.options),
        )

    def card_count(self) -> int:
        """Cards in all zones: hands, stock and discard pile."""
        return sum(map(len, self.hands)) + len(self.stock) + len(self.discard)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, in a fixed order; empty once over (MK-3).

        Plays come first (one canonical ordering each, see ``moves.legal_plays``), then the
        draw / take / wait / pass choice, then "makao" when it may be said.
        """
        legal = self._legal
        if legal is None:
            current = self.current
            if self.phase == "play" and current is not None and not self.options:
                mask = self.masks[current]
                if mask < NO_JOKERS:
                    last: Action
                    if self.pending_draw:
                        starting, last = ANSWERS[self.top_as], _TAKE
                    elif self.pending_skips:
                        starting, last = FOURS, _WAIT
                    else:
                        demand = self.demand
                        starting = (
                            _PLAIN_MATCHING[self.top_as] if demand is None
                            else DEMANDED[demand.value]
                        )
                        last = _DRAW
                    starting &= mask
                    legal = self._legal = (
                        (*mask_plays(mask, starting), last) if starting else (last,)
                    )
                    return legal
            legal = self._legal = self._compute_legal()
        return legal

    def _closing_action(self) -> Action:
        """The action that ends the turn without a play in the "play" phase: take a pending
        draw (MK-8), wait out a stop (MK-10) or draw (MK-5)."""
        if self.pending_draw:
            return _TAKE
        if self.pending_skips:
            return _WAIT
        return _DRAW

    def _compute_legal(self) -> tuple[Action, ...]:
        current = self.current
        if current is None:
            return ()
        phase = self.phase
        options = self.options
        offer_makao = bool(options) and "makao-call" in options and not self.called
        if phase == "demand":
            demands = _RANK_DEMANDS if self.top_as.rank is _JACK else _SUIT_DEMANDS
            if offer_makao and len(self.hands[current]) == 1:
                return (*demands, _CALL)
            return demands
        mask = self.masks[current]
        drawn = self.drawn
        if drawn is None and not mask & JOKER_BITS:
            plays = mask_plays(mask, mask & self._starting())
        else:
            plays = plays_in_mask(self.hands[current], mask, self.situation(), drawn)
        last = _PASS if phase == "drawn" else self._closing_action()
        if offer_makao:
            rest = len(self.hands[current]) - 1
            if any(len(play.cards) == rest for play in plays):
                return (*plays, _CALL, last)
        return (*plays, last)

    def _starting(self) -> int:
        """``moves.starting_mask`` of the position, read off its table without a Situation."""
        if self.pending_draw:
            return ANSWERS[self.top_as]
        if self.pending_skips:
            return FOURS
        demand = self.demand
        if demand is not None:
            return DEMANDED[demand.value]
        options = self.options
        return MATCHING[bool(options) and "queens" in options][self.top_as]

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for the player to move.

        A play is checked against the rules, so any valid order of its cards is accepted, not
        only the orders ``legal_actions`` lists. The action is looked up in the legal actions
        of the position (computed once, kept until the position changes): by identity first,
        then, for an action made anew, by equality or by the rules.

        Returns:
            What happened, in order (private draws carry their cards for the drawer only).

        Raises:
            IllegalMove: If the rules forbid the action now; the state is then unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for candidate in legal:
            if candidate is action:
                break
        else:
            self._refuse(action)
        player = self.current
        assert player is not None
        self._legal = None
        return _APPLY[type(action)](self, player, action)

    def _refuse(self, action: Action) -> None:
        """Raise IllegalMove unless ``action`` equals a legal action (made anew, not listed)."""
        if action not in self.legal_actions():
            if isinstance(action, Play) and self.phase in ("play", "drawn"):
                assert self.current is not None
                error = check_play(self.hands[self.current], action, self.situation(),
                                   self.drawn)
                if error is not None:
                    raise IllegalMove(error)
            else:
                raise IllegalMove(refusal(self.view(self.current), action))

    def _call(self, player: int, _: CallMakao) -> tuple[Event, ...]:
        """The ``makao-call`` option: say "makao" before the play that leaves one card."""
        self.called = True
        return (Event("makao", player),)

    def _pass(self, player: int, _: Pass) -> tuple[Event, ...]:
        """MK-5: keep the card just drawn."""
        events = [new_event(("pass", player, (), 0, False, ""))]
        self._close_turn(player, events)
        return tuple(events)

    def _play(self, player: int, play: Play) -> tuple[Event, ...]:
        """MK-4, MK-7, MK-10, MK-11, MK-12, MK-15: move the cards and start their effects.

        Jokers (``jokers`` option, alone or within a set) count as the cards they are named:
        the last card as named is the new top card (``top_as``), and the named battle cards,
        4s, jacks and aces act as real ones. A plain play that neither empties the hand nor
        asks for a demand closes the turn here; the rest goes on in :meth:`_play_ending`.
        """
        hand = self.hands[player]
        cards = play.cards
        mask = self.masks[player]
        for card in cards:
            hand.remove(card)
            mask ^= BIT[card]
        self.masks[player] = mask
        self.discard.extend(cards)
        named = play.named
        counted = effective_cards(play) if named else cards
        top = self.top_as = counted[-1]
        self.played = True
        rank = top.rank
        if rank is _FOUR:
            self.pending_skips += len(counted)
            effect = True
        elif rank in _BATTLE_RANKS:
            if rank is _KING:
                battle = sum(map(_BATTLE_VALUES.__getitem__, counted))
            else:
                battle = _BATTLE_VALUES[top] * len(counted)
            self.pending_draw += battle
            effect = battle > 0
        else:
            effect = False
        if named or not hand or rank is _JACK or rank is _ACE:
            return self._play_ending(player, play, effect)
        if not effect:
            events = [new_event(("play", player, cards, 0, False, ""))]
            self._close_turn(player, events)
            return tuple(events)
        events = [_NO_EVENT]
        self._close_turn(player, events)
        words = _effect_words(self.current, self.pending_draw, self.pending_skips)
        events[0] = new_event(("play", player, cards, 0, False, words))
        return tuple(events)

    def _play_ending(self, player: int, play: Play, effect: bool) -> tuple[Event, ...]:
        """The end of :meth:`_play` for a joker, a hand emptied (MK-15, MK-16) or jacks and aces
        (MK-11, MK-12); ``effect`` is True if the play started a battle or a stop."""
        events = [_NO_EVENT]
        out = not self.hands[player]
        if out:
            self.finished.append(player)
            if self._game_over():
                events[0] = _play_event(player, play)
                events.append(Event("out", player, count=len(self.finished)))
                events.append(self._finish())
                return tuple(events)
        rank = self.top_as.rank
        if rank is _JACK or rank is _ACE:
            # The player goes out with his demand said: the log tells "out" after it.
            self.phase = "demand"
            self.drawn = None
            events[0] = _play_event(player, play)
            return tuple(events)
        if out:
            events.append(Event("out", player, count=len(self.finished)))
        self._close_turn(player, events)
        if effect:
            events[0] = _play_event(
                player, play, self.current, self.pending_draw, self.pending_skips
            )
        else:
            events[0] = _play_event(player, play)
        return tuple(events)

    def _draw(self, player: int, _: Draw) -> tuple[Event, ...]:
        """MK-5: draw one card; keep the turn only if that card may be played now."""
        stock = self.stock
        if stock:
            card = stock.pop()
            insort(self.hands[player], card)
            bit = BIT[card]
            self.masks[player] |= bit
            events = [new_event(("draw", player, (card,), 1, True, ""))]
        else:
            drawn, events = self._draw_cards(player, 1)
            events.append(Event("draw", player, tuple(drawn), len(drawn), True))
            if not drawn:
                self._close_turn(player, events)
                return tuple(events)
            card = drawn[0]
            bit = BIT[card]
        if bit & self._starting() or card.rank is _JOKER:
            self.phase = "drawn"
            self.drawn = card
            if not self.options:
                self._legal = (single(card), _PASS)
            return tuple(events)
        self._close_turn(player, events)
        return tuple(events)

    def _take(self, player: int, _: Take) -> tuple[Event, ...]:
        """MK-8: take the whole pending draw; play goes on clockwise from this player (MK-9)."""
        taken, events = self._draw_cards(player, self.pending_draw)
        events.append(new_event(("take", player, tuple(taken), len(taken), True, "")))
        self.pending_draw = 0
        return self._end_turn(player, events)

    def _wait(self, player: int, _: Wait) -> tuple[Event, ...]:
        """MK-10: lose this turn and one more per further 4 played."""
        lost = self.pending_skips
        self.skip_turns[player] += lost - 1
        self.pending_skips = 0
        events = [new_event(("wait", player, (), lost, False, ""))]
        self._close_turn(player, events)
        return tuple(events)

    def _demand(self, player: int, demand: Demand) -> tuple[Event, ...]:
        """MK-11, MK-12: a new demand replaces any old one (MK-13: at most one is active);
        "demand none" makes no demand, so a demand in force stays until its round is over. A
        player whose jacks or aces were his last cards is out (MK-15), logged after the demand."""
        kind, value = demand.kind, demand.value
        if kind is None or value is None:
            words = "none"
        else:
            key = (kind, value, player)
            known = _DEMANDS.get(key)
            if known is None:
                made = ActiveDemand(kind, value, player)
                known = _DEMANDS[key] = (made, made.text)
            self.demand, words = known
        events = [new_event(("demand", player, (), 0, False, words))]
        if not self.hands[player]:
            events.append(Event("out", player, count=self.finished.index(player) + 1))
        return self._end_turn(player, events)

    def _draw_cards(self, player: int, count: int) -> tuple[list[Card], list[Event]]:
        """MK-6: draw up to ``count`` cards, turning the discard pile under its top when needed."""
        stock = self.stock
        if len(stock) >= count:
            got = stock[: -count - 1 : -1]
            del stock[len(stock) - count :]
            events: list[Event] = []
        else:
            got, events = self._draw_restocking(count)
        hand = self.hands[player]
        mask = self.masks[player]
        for card in got:
            insort(hand, card)
            mask |= BIT[card]
        self.masks[player] = mask
        return got, events

    def _draw_restocking(self, count: int) -> tuple[list[Card], list[Event]]:
        """MK-6: take up to ``count`` cards off the stock, turning the discard pile under its
        top into a new stock each time it runs out; the cards go to no hand yet."""
        got: list[Card] = []
        events: list[Event] = []
        stock = self.stock
        while len(got) < count:
            if not stock:
                if len(self.discard) <= 1:
                    break
                stock.extend(self.discard[:-1])
                del self.discard[:-1]
                self._restocked = tuple(stock)
                self.rng.shuffle(stock)
                events.append(Event("reshuffle", None, count=len(stock)))
            take = min(count - len(got), len(stock))
            got.extend(stock[-1 : -take - 1 : -1])
            del stock[-take:]
        return got, events

    def _end_turn(self, player: int, events: list[Event]) -> tuple[Event, ...]:
        """Close ``player``'s turn (see :meth:`_close_turn`) and return ``events`` with it."""
        self._close_turn(player, events)
        return tuple(events)

    def _close_turn(self, player: int, events: list[Event]) -> None:
        """Close ``player``'s turn and find who moves next, adding to ``events``.

        The turn passes clockwise, or backwards for a pending draw with K♠ on top (MK-9). Seats
        that are out are passed over (MK-15); seats with lost turns are passed over too, each
        losing one lost turn (MK-10), so a pending draw or stop lands on the first seat that
        really plays. A pending draw or stop never comes back to its own player: if every other
        seat still in sits out, it goes to the nearest of them, who loses no turn for it (MK-10).
        A demand ends when the turn reaches or passes its maker (MK-13).
        """
        if self.options:
            self._makao_penalty(player, events)
        if self.pending_draw or self.pending_skips:
            seat = self._pending_seat(player, events)
        else:
            seat = (player + 1) % self.players
            demand = self.demand
            if (
                self.skip_turns[seat]
                or seat in self.finished
                or (demand is not None and demand.by == seat)
            ):
                seat = self._walk(player, 1, events, True)
        self.current = seat
        self.phase = "play"
        self.drawn = None
        self.called = False
        self.played = False

    def _makao_penalty(self, player: int, events: list[Event]) -> None:
        """The ``makao-call`` option: a player who played down to one card without saying
        "makao" takes five cards, adding the events to ``events``."""
        if (
            "makao-call" in self.options
            and self.played
            and not self.called
            and len(self.hands[player]) == 1
        ):
            taken, drawn_events = self._draw_cards(player, MAKAO_PENALTY)
            events.extend(drawn_events)
            events.append(Event("penalty", player, tuple(taken), len(taken), True))

    def _pending_seat(self, player: int, events: list[Event]) -> int:
        """The seat a pending draw or stop passes to: backwards for a draw with K♠ on top
        (MK-9), to the first seat that really plays (MK-10), adding to ``events``."""
        top = self.top_as
        step = -1 if self.pending_draw and top.rank is _KING and top.suit is _SPADES else 1
        seat = (player + step) % self.players
        skip_turns = self.skip_turns
        demand = self.demand
        if skip_turns[seat] or seat in self.finished or (demand is not None and demand.by == seat):
            lose_turns = not any(skip_turns) or self._someone_plays(player)
            seat = self._walk(player, step, events, lose_turns)
        return seat

    def _someone_plays(self, player: int) -> bool:
        """True if a seat still in other than ``player`` has no lost turns (MK-10, MK-15)."""
        finished = self.finished
        for seat, lost in enumerate(self.skip_turns):
            if not lost and seat != player and seat not in finished:
                return True
        return False

    def _walk(self, seat: int, step: int, events: list[Event], lose_turns: bool) -> int:
        """The next seat from ``seat`` by ``step`` that is still in, ending a demand on the way.

        With ``lose_turns`` a seat with lost turns is passed over and loses one (MK-10, MK-13,
        MK-15).
        """
        finished = self.finished
        players = self.players
        skip_turns = self.skip_turns
        while True:
            seat = (seat + step) % players
            demand = self.demand
            if demand is not None and seat == demand.by:
                self.demand = None
                words = _DEMAND_WORDS[demand.value]
                events.append(new_event(("demand-end", seat, (), 0, False, words)))
            if finished and seat in finished:
                continue
            if lose_turns and skip_turns[seat]:
                skip_turns[seat] -= 1
                events.append(Event("skip", seat))
                continue
            return seat

    def _game_over(self) -> bool:
        """MK-16: one player left with cards (2-4 players), or the third out (5-6 players)."""
        if self.players <= 4:
            return self.players - len(self.finished) <= 1
        return len(self.finished) >= 3

    def _finish(self) -> Event:
        self.current = None
        self.phase = "over"
        self.pending_draw = 0
        self.pending_skips = 0
        self.demand = None
        self.drawn = None
        self.called = False
        self.played = False
        outcome = self.outcome()
        assert outcome is not None
        return Event("over", detail=" ".join(map(str, outcome.ranking)))

    def outcome(self) -> Outcome | None:
        """The order of going out, then those still holding cards, fewest cards first (MK-16).

        The first player out is the winner; the last in the ranking lost.
        """
        if self.phase != "over":
            return None
        rest = sorted(
            (seat for seat in range(self.players) if seat not in self.finished),
            key=lambda seat: (len(self.hands[seat]), seat),
        )
        ranking = (*self.finished, *rest)
        return Outcome(ranking=ranking, winners=ranking[:1])

    def view(self, viewer: int | None) -> MakaoView:
        """What ``viewer`` may see: his own hand only, counts for everything else; once the
        game is over every hand (``open_hands``).

        Raises:
            ValueError: If ``viewer`` is not a seat or None.
        """
        if viewer is not None and not 0 <= viewer < self.players:
            raise ValueError(f"no seat {viewer} in a {self.players}-player game")
        own = viewer is not None and viewer == self.current
        hand = tuple(self.hands[viewer]) if viewer is not None else ()
        legal = self.legal_actions() if own else ()
        firsts = {
            (action.cards[0].rank, action.cards[0].suit)
            for action in legal
            if isinstance(action, Play)
        }
        return MakaoView(
            viewer=viewer,
            players=self.players,
            current_player=self.current,
            hand=hand,
            hand_sizes=tuple(map(len, self.hands)),
            top=self.discard[-1],
            top_as=self.top_as,
            discard_size=len(self.discard),
            stock_size=len(self.stock),
            pending_draw=self.pending_draw,
            pending_skips=self.pending_skips,
            demand=self.demand,
            skip_turns=tuple(self.skip_turns),
            finished=tuple(self.finished),
            phase=self.phase,
            drawn=self.drawn if own else None,
            legal=legal,
            playable=frozenset(card for card in hand if (card.rank, card.suit) in firsts),
            options=self.options,
            description=self._description(),
            makao_called=self.called,
            open_hands=tuple(map(tuple, self.hands)) if self.phase == "over" else None,
            discard=tuple(self.discard),
            restocked=self.restocked,
        )

    def _description(self) -> str:
        if self.phase == "over":
            return ""
        if self.pending_draw:
            return f"Take {self.pending_draw} or answer with {answers_text(self.top_as)}"
        if self.pending_skips:
            turns = "turn" if self.pending_skips == 1 else "turns"
            return f"Wait {self.pending_skips} {turns} or answer with a 4"
        if self.phase == "demand":
            if self.top_as.rank is _JACK:
                return "Demand a rank from 5 to 10, or none"
            return "Demand a suit, or none"
        parts = []
        if self.demand is not None:
            parts.append(f"Demand: {self.demand.text} (by seat {self.demand.by})")
        if self.phase == "drawn":
            parts.append("Play the card you drew or pass")
        return "; ".join(parts)

    def clone(self) -> MakaoState:
        """An independent copy, RNG included."""
        copy = MakaoState.__new__(MakaoState)
        copy.players = self.players
        copy.options = self.options
        copy.hands = [*map(list.copy, self.hands)]
        copy.masks = self.masks[:]
        copy.stock = self.stock[:]
        copy.discard = self.discard[:]
        copy.top_as = self.top_as
        copy.current = self.current
        copy.phase = self.phase
        copy.pending_draw = self.pending_draw
        copy.pending_skips = self.pending_skips
        copy.demand = self.demand
        copy.skip_turns = self.skip_turns[:]
        copy.drawn = self.drawn
        copy.finished = self.finished[:]
        copy.starter = self.starter
        copy.called = self.called
        copy.played = self.played
        copy.rng = self.rng.clone()
        copy._restocked = self._restocked
        copy._legal = self._legal
        return copy

    def to_json(self) -> dict[str, Any]:
        """The full position as JSON data; cards are codes, ``#1`` marks the second deck."""
        demand = self.demand
        return {
            "game": "makao",
            "players": self.players,
            "options": list(self.options),
            "hands": [_codes(hand) for hand in self.hands],
            "stock": _codes(self.stock),
            "discard": _codes(self.discard),
            "top_as": card_to_json(self.top_as),
            "current": self.current,
            "phase": self.phase,
            "pending_draw": self.pending_draw,
            "pending_skips": self.pending_skips,
            "demand": None if demand is None else {
                "kind": demand.kind,
                "value": demand.value.code if isinstance(demand.value, Rank)
                else demand.value.value,
                "by": demand.by,
            },
            "skip_turns": list(self.skip_turns),
            "drawn": None if self.drawn is None else card_to_json(self.drawn),
            "finished": list(self.finished),
            "starter": self.starter,
            "called": self.called,
            "played": self.played,
            "rng": self.rng.to_json(),
            "restocked": _codes(self.restocked),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MakaoState:
        """Rebuild a position saved by :meth:`to_json`.

        Missing fields take their start-of-game values, so test positions stay short: only
        ``players``, ``hands``, ``stock`` and ``discard`` are required.

        Raises:
            KeyError / ValueError / InvalidCommand: If the data is malformed.
        """
        players = int(data["players"])
        discard = _cards(data["discard"])
        raw_demand = data.get("demand")
        demand = None
        if raw_demand is not None:
            kind = cast(Literal["rank", "suit"], raw_demand["kind"])
            value: Rank | Suit = (
                _parse_rank(raw_demand["value"]) if kind == "rank" else Suit(raw_demand["value"])
            )
            demand = ActiveDemand(kind, value, int(raw_demand["by"]))
        options = tuple(data.get("options", ()))
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise ValueError(f"unknown Makao options: {sorted(unknown)}")
        rng_data = data.get("rng")
        return cls(
            players=players,
            options=tuple(name for name in OPTION_NAMES if name in options),
            hands=[sorted(_cards(hand)) for hand in data["hands"]],
            stock=_cards(data["stock"]),
            discard=discard,
            top_as=card_from_json(data["top_as"]) if data.get("top_as") else discard[-1],
            current=data.get("current", 0),
            phase=cast(Phase, data.get("phase", "play")),
            pending_draw=int(data.get("pending_draw", 0)),
            pending_skips=int(data.get("pending_skips", 0)),
            demand=demand,
            skip_turns=list(data.get("skip_turns", [0] * players)),
            drawn=card_from_json(data["drawn"]) if data.get("drawn") else None,
            finished=list(data.get("finished", [])),
            starter=int(data.get("starter", 0)),
            called=bool(data.get("called", False)),
            played=bool(data.get("played", False)),
            rng=Rng.from_json(rng_data) if rng_data is not None else Rng(0),
            restocked=tuple(sorted(_cards(data.get("restocked", ())))),
        )


_APPLY: dict[type, Callable[[MakaoState, int, Any], tuple[Event, ...]]] = {
    Play: MakaoState._play,
    Draw: MakaoState._draw,
    Take: MakaoState._take,
    Wait: MakaoState._wait,
    Demand: MakaoState._demand,
    CallMakao: MakaoState._call,
    Pass: MakaoState._pass,
}
"""What each kind of action does, found by its type."""


def _play_event(
    player: int, play: Play, target: int | None = None, draw: int = 0, stop: int = 0
) -> Event:
    """The "play" event; ``detail`` holds ``named=`` (jokers) and who now faces what."""
    words = []
    if play.named:
        words.append("named=" + ",".join(card.code for card in play.named))
    if target is not None:
        words.append(_effect_words(target, draw, stop))
    return Event("play", player, play.cards, detail=" ".join(words))


def _effect_words(target: int | None, draw: int, stop: int) -> str:
    """The words of a "play" event for the seat ``target`` now facing ``draw`` cards to take
    and ``stop`` turns to wait (MK-7, MK-10): ``to=1 draw=4``."""
    if not stop:
        return f"to={target} draw={draw}" if draw else f"to={target}"
    if not draw:
        return f"to={target} stop={stop}"
    return f"to={target} draw={draw} stop={stop}"


def refusal(view: MakaoView, action: object) -> str:
    """Why ``action`` is not legal for the player to move, as a sentence for the player.

    Args:
        view: The view of the seat that tried it.
        action: The refused action (a play is checked by ``moves.check_play`` instead).
    """
    if view.phase == "over":
        return "The game is over"
    if view.viewer is None or view.viewer != view.current_player:
        return "It is not your turn"
    pending = _pending_text(view)
    if view.phase == "demand":
        if isinstance(action, Demand) and isinstance(action.value, Rank | Suit):
            if view.top_as.rank is _JACK:
                return "After a jack you may demand only a rank: 5, 6, 7, 8, 9 or 10, or none"
            return "After an ace you may demand only a suit (s, h, d or c), or none"
        if isinstance(action, CallMakao):
            return _makao_refusal(view)
        return "Finish your turn first: " + view.description.lower()
    if isinstance(action, Demand):
        return "You may demand only right after playing jacks or aces"
    if isinstance(action, CallMakao):
        return _makao_refusal(view)
    if view.phase == "drawn":
        return f"You have drawn {view.drawn}: play it or pass"
    if pending:
        return pending
    if isinstance(action, Take):
        return "There are no cards to take"
    if isinstance(action, Wait):
        return "There is no stop to wait out"
    if isinstance(action, Pass):
        return "You may pass only after drawing a card you could play"
    return f"{action} is not a Makao command here"


def _pending_text(view: MakaoView) -> str:
    if view.pending_draw:
        return (
            f"You must take {view.pending_draw} cards or answer with a battle card "
            f"({answers_text(view.top_as)})"
        )
    if view.pending_skips:
        turns = "turn" if view.pending_skips == 1 else "turns"
        return f"You must wait {view.pending_skips} {turns} or answer the stop with a 4"
    return ""


def _makao_refusal(view: MakaoView) -> str:
    if "makao-call" not in view.options:
        return "Saying makao is not part of this game (the makao-call option is off)"
    if view.makao_called:
        return "You have said makao already this turn"
    return (
        "You may say makao only before a play that leaves you one card "
        "(or, after a jack or ace, before your demand)"
    )




def _codes(cards: Iterable[Card]) -> list[str]:
    return [card_to_json(card) for card in cards]


def _cards(codes: Iterable[str]) -> list[Card]:
    return [card_from_json(code) for code in codes]


def _parse_rank(code: str) -> Rank:
    for rank in DEMAND_RANKS:
        if rank.code == code:
            return rank
    raise ValueError(f"{code!r} is not a demandable rank")
