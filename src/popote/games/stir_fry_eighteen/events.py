"""The events of Stir-Fry Eighteen, built already frozen.

A match hands out its events frozen (:func:`popote.core.actions.frozen_events`); building
them as :class:`FrozenDict` from frozen parts lets it share them as they are instead of
copying every one. Events that depend on little (a seat, a round, one or two cards) are
built once and handed out again: each table below is bounded by the game itself (18 cards,
at most 5 seats, at most 1,000 rounds), whatever the number of matches played, and those
keyed by a hand or a revealed discard, whose orders and combinations are many, start again
once full (:class:`~popote.core.memo.Memo`).

>>> told = drawn(1, ["nouilles", "crevette"], 2, "pair", 9)
>>> told[0]["cards"], told[0]["visible_to"], "cards" in told[1], told[1]["hidden_from"]
(['crevette', 'nouilles'], [1], False, [1])
>>> turn_started(2, 5) is turn_started(2, 5)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from popote.core.actions import HIDDEN_FROM, VISIBLE_TO, Event, FrozenDict, FrozenList
from popote.core.memo import Memo
from popote.games.stir_fry_eighteen.cards import ORDER

MAX_SEATS = 5

_ONLY: tuple[FrozenList, ...] = tuple(FrozenList([seat]) for seat in range(MAX_SEATS))
_SORTED: Memo[tuple[str, ...], FrozenList] = Memo()
_SEATS: dict[tuple[int, ...], FrozenList] = {}
_TURN_STARTED: dict[tuple[int, int], FrozenDict] = {}
_TURN_ENDED: dict[tuple[int, int, int], FrozenDict] = {}
_DRAWN: dict[tuple[object, ...], Event] = {}
_NO_CARDS = FrozenList()
_ONE_DRAWN: dict[tuple[object, ...], tuple[Event, ...]] = {}
_TEST_WINDOW: dict[tuple[int, tuple[int, ...]], FrozenDict] = {}
_TASTE_TEST: Memo[tuple[object, ...], FrozenDict] = Memo()
_DISCARDED: dict[tuple[object, ...], tuple[Event, ...]] = {}
_new_dict = dict.__new__
_fill = dict.update
_set = dict.__setitem__
_delete = dict.__delitem__

FIRST_PLAYER: tuple[FrozenDict, ...] = tuple(
    FrozenDict(type="first_player", seat=seat) for seat in range(MAX_SEATS)
)
TEST_CALLED: tuple[FrozenDict, ...] = tuple(
    FrozenDict(type="test_called", seat=seat) for seat in range(MAX_SEATS)
)
TEST_DECLINED: tuple[FrozenDict, ...] = tuple(
    FrozenDict(type="test_declined", seat=seat) for seat in range(MAX_SEATS)
)


def sorted_cards(cards: Iterable[str]) -> FrozenList:
    """``cards`` in canonical order, frozen; the same few lists come back all game long."""
    key = tuple(cards)
    found = _SORTED.get(key)
    if found is None:
        found = _SORTED.remember(key, FrozenList(sorted(key, key=ORDER.__getitem__)))
    return found


def seats(order: Sequence[int]) -> FrozenList:
    """Some seats, frozen: the same few lists come back all game long."""
    key = tuple(order)
    found = _SEATS.get(key)
    if found is None:
        found = _SEATS[key] = FrozenList(key)
    return found


def event(**fields: object) -> FrozenDict:
    """A frozen event from ``fields``, each already frozen (an atom or a :class:`FrozenList`):
    nothing left to check or convert, so it is built as a plain dict is."""
    made: FrozenDict = _new_dict(FrozenDict)
    _fill(made, fields)
    return made


def secret(insider: int, cards: FrozenList, public: dict[str, object]) -> list[Event]:
    """One event told in full to ``insider`` and without its ``cards`` to everyone else, as
    :func:`popote.core.actions.secret_event` splits it; ``public``'s values are frozen."""
    only = _ONLY[insider]
    full: FrozenDict = _new_dict(FrozenDict)
    _fill(full, public)
    _set(full, "cards", cards)
    _set(full, VISIBLE_TO, only)
    redacted: FrozenDict = _new_dict(FrozenDict)
    _fill(redacted, public)
    _set(redacted, HIDDEN_FROM, only)
    return [full, redacted]


def hand_dealt(seat: int, hand: Sequence[str]) -> list[Event]:
    public = {"type": "hand_dealt", "seat": seat, "count": len(hand)}
    return secret(seat, sorted_cards(hand), public)


def drawn(seat: int, cards: Sequence[str], wanted: int, reason: str, deck: int) -> list[Event]:
    """A draw's two events. Most draws are of one card (each turn's, a caught bluff's): few
    enough, by seat, card, reason and deck size, to be built once each."""
    if len(cards) != 1:
        return _drawn(seat, cards, wanted, reason, deck)
    key = (seat, cards[0], wanted, reason, deck)
    found = _ONE_DRAWN.get(key)
    if found is None:
        found = _ONE_DRAWN[key] = tuple(_drawn(seat, cards, wanted, reason, deck))
    return list(found)


def _drawn(seat: int, cards: Sequence[str], wanted: int, reason: str, deck: int) -> list[Event]:
    """A draw of several cards: the half without them is the same for every draw alike."""
    key = (seat, len(cards), wanted, reason, deck)
    redacted = _DRAWN.get(key)
    if redacted is None:
        public = {"type": "cards_drawn", "seat": seat, "count": len(cards), "wanted": wanted}
        public.update(reason=reason, deck=deck)
        redacted = _DRAWN[key] = secret(seat, _NO_CARDS, public)[1]
    full: FrozenDict = _new_dict(FrozenDict)
    _fill(full, redacted)
    _delete(full, HIDDEN_FROM)
    _set(full, "cards", sorted_cards(cards))
    _set(full, VISIBLE_TO, _ONLY[seat])
    return [full, redacted]


def discarded(seat: int, kind: str, claim: str | None, cards: Sequence[str]) -> list[Event]:
    """The discard's two events: a seat, a kind, a claim and one or two cards, so few that
    each pair is built once."""
    key = (seat, kind, claim, *cards)
    found = _DISCARDED.get(key)
    if found is None:
        public = {"type": "discarded", "seat": seat, "kind": kind, "claim": claim}
        public["count"] = len(cards)
        found = _DISCARDED[key] = tuple(secret(seat, sorted_cards(cards), public))
    return list(found)


def turn_started(seat: int, round_number: int) -> FrozenDict:
    key = (seat, round_number)
    found = _TURN_STARTED.get(key)
    if found is None:
        found = _TURN_STARTED[key] = FrozenDict(type="turn_started", seat=seat, round=round_number)
    return found


def turn_ended(seat: int, returned: int, deck: int) -> FrozenDict:
    key = (seat, returned, deck)
    found = _TURN_ENDED.get(key)
    if found is None:
        found = _TURN_ENDED[key] = FrozenDict(
            type="turn_ended", seat=seat, returned=returned, deck=deck
        )
    return found


def window_opened(seat: int, eligible: tuple[int, ...]) -> FrozenDict:
    key = (seat, eligible)
    found = _TEST_WINDOW.get(key)
    if found is None:
        found = _TEST_WINDOW[key] = event(type="test_window", seat=seat, eligible=seats(eligible))
    return found


def taste_test(
    seat: int,
    accuser: int,
    kind: str,
    claim: str | None,
    cards: list[str],
    truthful: bool,
    callers: list[int],
) -> FrozenDict:
    """A revealed discard and who called it: so few of them that each is built once."""
    key = (seat, accuser, kind, claim, truthful, tuple(cards), tuple(callers))
    found = _TASTE_TEST.get(key)
    if found is None:
        found = _TASTE_TEST.remember(
            key,
            event(
                type="taste_test",
                seat=seat,
                accuser=accuser,
                kind=kind,
                claim=claim,
                cards=sorted_cards(cards),
                truthful=truthful,
                callers=seats(callers),
            ),
        )
    return found
