"""The heuristic opponent: remembers the cards played and who showed out of which suit.

In manches 1 to 5 it ducks under the card leading the trick, sheds its dangerous cards
when it cannot follow, and leads cards others can beat (a suit every opponent lacks is
never safe). In manche 6 it plays to collect: it wins tricks with its sure winners and
keeps its point cards out of others' tricks; with "tout ou rien" it refuses the trick that
would hand it every card of the suit or of the figure (their points would then be added
to its total instead of subtracted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.game import View
from popote.core.match import Match
from popote.games.bouillabaisse.cards import CARD_ID, NAMES, build_pack
from popote.games.bouillabaisse.scoring import Scope
from popote.games.bouillabaisse.views import points_of


@cache
def _pack_counts(players: int, decks: int) -> Mapping[str, int]:
    """How many copies of each card a match of this size deals (shared: never changed)."""
    pack, _ = build_pack(players, decks)
    return Counter(NAMES[card] for card in pack)


@cache
def _dealt_by_suit(players: int, decks: int) -> Mapping[str, tuple[int, ...]]:
    """How many copies of each rank of each suit a match of this size deals."""
    dealt: dict[str, list[int]] = {}
    for name, copies in _pack_counts(players, decks).items():
        dealt.setdefault(name[-1], [0] * 13)[_rank(name)] += copies
    return {suit: tuple(counts) for suit, counts in dealt.items()}


def _unseen_above(
    dealt: Mapping[str, Sequence[int]], played: Mapping[str, int], hand: Sequence[str]
) -> dict[str, list[int]]:
    """For each suit, how many copies ranked above each rank (by index) are neither played
    nor in ``hand``: those others may still hold."""
    left = {suit: list(counts) for suit, counts in dealt.items()}
    for name, copies in played.items():
        suit, rank = _SUIT_RANK[name]
        left[suit][rank] -= copies
    for name in hand:
        suit, rank = _SUIT_RANK[name]
        left[suit][rank] -= 1
    for counts in left.values():
        above = 0
        for rank in range(12, -1, -1):
            copies = counts[rank]
            counts[rank] = above
            if copies > 0:
                above += copies
    return left


def _rank(card: str) -> int:
    return CARD_ID[card] % 13


_SUIT_RANK = {name: (name[-1], _rank(name)) for name in CARD_ID}


def _units(cards: Mapping[str, int], rule: str, target: str) -> int:
    """How many of ``cards`` count for the suit rule or the figure rule."""
    if rule == "suit":
        return sum(n for name, n in cards.items() if name[-1] == target)
    return sum(n for name, n in cards.items() if name[:-1] == target)


def _point_cards(cards: Mapping[str, int], view: View) -> int:
    """How many of ``cards`` are worth points in the view's manche."""
    return sum(n for name, n in cards.items() if points_of(name, view))


class CardMemory:
    """What one seat saw this manche: cards played, voids shown, who took which cards."""

    def __init__(self) -> None:
        self.played: Counter[str] = Counter()
        self.voids: dict[int, set[str]] = {}
        self.taken: dict[int, Counter[str]] = {}
        self.trick: list[str] = []

    def learn(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "manche_start":
                self.played.clear()
                self.voids.clear()
                self.taken.clear()
                self.trick = []
            elif kind == "play":
                card: str = event["card"]
                self.played[card] += 1
                if self.trick and card[-1] != self.trick[0][-1]:
                    self.voids.setdefault(event["seat"], set()).add(self.trick[0][-1])
                self.trick.append(card)
            elif kind == "trick":
                self.taken.setdefault(event["winner"], Counter()).update(self.trick)
                self.trick = []


class BouillabaisseBot(Bot):
    """Avoids points in manches 1-5, collects them in manche 6."""

    kind = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.memory = CardMemory()
        self.pack: Mapping[str, int] = {}  # the cards dealt this match, set by choose()
        self._above: dict[str, list[int]] | None = None  # unseen copies above each rank
        self._dealt: Mapping[str, Sequence[int]] = {}
        self._hand: Sequence[str] = ()

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.learn(events)

    def choose(self, match: Match) -> Action:
        view = match.view(self.seat)
        legal = match.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        cards = [action["card"] for action in legal]
        self.pack = _pack_counts(view["players"], view["decks"])
        self._dealt = _dealt_by_suit(view["players"], view["decks"])
        self._hand = view["hand"]
        self._above = None
        collect = view["sign"] < 0
        pick = self._collect(view, cards) if collect else self._avoid(view, cards)
        return legal[cards.index(pick)]

    # --- what is still out there --------------------------------------------------------------

    def _unseen_above(self) -> dict[str, list[int]]:
        """Per suit, the copies others may still hold above each rank (worked out once a
        decision, when first asked)."""
        if self._above is None:
            self._above = _unseen_above(self._dealt, self.memory.played, self._hand)
        return self._above

    def _higher_outside(self, view: View, card: str) -> int:
        """Copies of higher cards of the suit that an opponent may still hold and play."""
        suit = card[-1]
        opponents = [s for s in range(view["players"]) if s != self.seat]
        if all(suit in self.memory.voids.get(s, ()) for s in opponents):
            return 0
        above = self._unseen_above().get(suit)
        return above[_rank(card)] if above else 0

    def _trick_best(self, view: View) -> str | None:
        led = view["led"]
        follow = [play["card"] for play in view["trick"] if play["card"][-1] == led]
        return max(follow, key=_rank) if follow else None

    def _last_to_play(self, view: View) -> bool:
        return bool(len(view["trick"]) == view["players"] - 1)

    # --- manches 1 to 5: stay away from points ---------------------------------------------------

    def _avoid(self, view: View, cards: list[str]) -> str:
        best = self._trick_best(view)
        if best is None:  # leading: the card others are most likely to beat, no points
            return min(
                cards,
                key=lambda c: (points_of(c, view) > 0, -self._higher_outside(view, c), _rank(c)),
            )
        if cards[0][-1] != view["led"]:  # void: shed the most dangerous card
            return max(cards, key=lambda c: (points_of(c, view), _rank(c)))
        under = [c for c in cards if _rank(c) < _rank(best)]
        if under:  # duck: the highest card that still loses, point cards first
            return max(under, key=lambda c: (points_of(c, view), _rank(c)))
        if self._last_to_play(view):  # the trick is ours anyway: lose the highest safe card
            return max(cards, key=lambda c: (points_of(c, view) == 0, _rank(c)))
        return min(cards, key=lambda c: (points_of(c, view), _rank(c)))

    # --- manche 6: collect ---------------------------------------------------------------------

    def _collect(self, view: View, cards: list[str]) -> str:
        best = self._trick_best(view)
        if best is None:  # leading: a sure winner, richest first; else the highest card
            sure = [c for c in cards if self._higher_outside(view, c) == 0]
            if sure:
                return max(sure, key=lambda c: (points_of(c, view), _rank(c)))
            return max(cards, key=_rank)
        keep_points = min(cards, key=lambda c: (points_of(c, view), _rank(c)))
        if cards[0][-1] != view["led"]:  # void: give nothing of value away
            return keep_points
        above = [c for c in cards if _rank(c) > _rank(best)]
        if not above:
            return keep_points
        below = [c for c in cards if c not in above]
        if below and all(self._sweeps(view, c) for c in above):
            return min(below, key=lambda c: (points_of(c, view), _rank(c)))
        above = [c for c in above if not self._sweeps(view, c)] or above
        if self._last_to_play(view):  # win as cheaply as possible, with points if we can
            return max(above, key=lambda c: (points_of(c, view), -_rank(c)))
        return max(above, key=_rank)

    def _sweeps(self, view: View, card: str) -> bool:
        """With "tout ou rien", would taking this trick with ``card`` complete a set of every
        card of the suit or of the figure (every point card, with the whole-manche scope),
        and so flip those points to a gain?"""
        if not view["tout_ou_rien"]:
            return False
        gained = self.memory.taken.get(self.seat, Counter()) + Counter([*self.memory.trick, card])
        if view["tout_ou_rien_scope"] == Scope.MANCHE.value:
            total = _point_cards(self.pack, view)
            return bool(total) and _point_cards(gained, view) == total
        for rule in ("suit", "figure"):
            target = view["targets"][rule]
            total = _units(self.pack, rule, target)
            if total and _units(gained, rule, target) == total:
                return True
        return False
