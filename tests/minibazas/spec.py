"""Minibazas in the games' registry: its record, computer players, check, arena, bench and report,
all built on :mod:`picas.shared` (the floors: this folder imports nothing above it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import Any

from minibazas.game import Action, Outcome, Rules, State, action_to_json, parse_action, view_json
from picas.shared.arena import code_for, mean_interval
from picas.shared.bots import LEVEL_NAMES_ES, BotLoop
from picas.shared.cards import Card, cards_in
from picas.shared.invariants import InvariantBroken, Tally
from picas.shared.options import Option, Options, Words
from picas.shared.record import GameCodec, GameRecord
from picas.shared.seats import Seat
from picas.shared.spec import (
    Arena,
    ArenaRequest,
    EngineBench,
    GameSpec,
    Replay,
    UnknownGame,
    levels,
)
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import PLAYS

KEY = "minibazas"

CODEC: GameCodec[Rules, Action, State] = GameCodec(
    key=KEY,
    name_es="Minibazas",
    read_rules=Rules.from_json,
    rules_json=Rules.to_json,
    parse_action=parse_action,
    action_json=action_to_json,
    start=lambda rules, code, deals: State.new(rules, code, deals=deals),
    apply=State.apply,
)


class MinibazasRecord(GameRecord[Rules, Action, State]):
    __slots__ = ()

    @classmethod
    def codec(cls) -> GameCodec[Rules, Action, State]:
        return CODEC


# --- computer players, on views only --------------------------------------------------------------

View = dict[str, Any]


class RandomBot:
    """Fácil: any legal card."""

    def play(self, view: View, rng: random.Random) -> Card:
        legal = view["legal"]
        return Card.parse(legal[int(rng.random() * len(legal))])


class HighBot:
    """Normal: the highest legal card."""

    def play(self, view: View, rng: random.Random) -> Card:
        return max(Card.parse(code) for code in view["legal"])


class CheapBot:
    """Difícil: the cheapest card that wins the trick so far, else the lowest."""

    def play(self, view: View, rng: random.Random) -> Card:
        legal = sorted(Card.parse(code) for code in view["legal"])
        trick = [Card.parse(code) for code in view["trick"]]
        for card in legal:
            if trick_winner_index([*trick, card]) == len(trick):
                return card
        return legal[0]


LEVELS: Mapping[str, Callable[[], Any]] = {
    "facil": RandomBot,
    "normal": HighBot,
    "dificil": CheapBot,
}


def load_bot(level: str) -> Any:
    if level not in LEVELS:
        raise UnknownGame(f"Jugador desconocido: «{level}».", code="unknown_bot")
    return LEVELS[level]()


def _next_seat(state: State, seats: Collection[Seat]) -> Seat | None:
    return state.turn if state.turn in seats else None


BOTS: BotLoop[State, Any, Action, Any] = BotLoop(
    next_seat=_next_seat,
    view_for=lambda state, seat: _SeatView(seat, view_json(state, seat)),
    ask=lambda bot, view, rng: PLAYS[bot.play(view.data, rng)],
    is_legal=lambda view, action: action.card.code in view.data["legal"],
    apply=lambda state, action, seat: state.apply(action, seat),
    code_of=lambda state: state.code,
)


class _SeatView:
    """A view as the shared loop reads it: whose it is, and the JSON a bot reads."""

    def __init__(self, seat: Seat, data: View) -> None:
        self.seat = seat
        self.data = data


# --- check, arena, bench, report ------------------------------------------------------------------


def check_position(state: State) -> None:
    union = 0
    for mask in state.hands:
        if union & mask:
            raise InvariantBroken(f"{state.code}: a card in two hands")
        union |= mask
    if union & ~Rules.deck.cards:
        raise InvariantBroken(f"{state.code}: a card outside the deck")
    if sum(state.totals) != 5 * len(state.history):
        raise InvariantBroken(f"{state.code}: the points do not add up to the tricks")
    if state.turn is not None and not state.legal():
        raise InvariantBroken(f"{state.code}: a seat on turn with nothing to play")
    for seat in Seat:  # a view shows its own hand only
        if view_json(state, seat)["hand"] != [c.code for c in cards_in(state.hands[seat])]:
            raise InvariantBroken(f"{state.code}: a view does not show its own hand")


def check(seed: int, hands: int, level: str | None, views_every: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    while tally.hands < hands:
        code = code_for(f"minibazas/check/{seed}/{tally.games}")
        bots = dict.fromkeys(Seat, load_bot(level or "facil"))
        record = MinibazasRecord(rules=Rules(hands=rng.choice((2, 4))), code=code)
        actions: list[Action] = []
        state, _ = BOTS.play_bots(
            record.start(),
            bots,
            position=0,
            on_action=lambda _before, _seat, action, _after: actions.append(action),  # noqa: B023
        )
        again = MinibazasRecord.loads(record.append(*actions).dumps())
        if again.actions != tuple(actions):
            raise InvariantBroken(f"{code}: the record does not round-trip")
        check_position(state)
        tally.games += 1
        tally.hands += len(state.history)
        tally.actions += len(actions)
    return tally


def run_arena(request: ArenaRequest) -> tuple[str, str]:
    """``a`` in South and North against ``b`` in West and East, then the seats swapped, on the same
    deals: the mean of ``a``'s pair's tricks less ``b``'s, per deal."""
    a, b, deals = request.a, request.b, request.deals
    diffs = []
    for index in range(deals):
        code = code_for(f"minibazas/arena/{request.seed}/{index}")
        margin = 0.0
        for a_seats in ((Seat.SOUTH, Seat.NORTH), (Seat.WEST, Seat.EAST)):
            bots = {seat: load_bot(a if seat in a_seats else b) for seat in Seat}
            state, _ = BOTS.play_bots(State.new(Rules(hands=2), code), bots, position=0)
            ours = sum(state.totals[seat] for seat in a_seats)
            margin += (ours - (10 - ours)) / 2
        diffs.append(margin)
    mean, half = mean_interval(diffs)
    return f"{a} − {b}: {mean:+.2f} bazas por partida (± {half:.2f}, 95 %), {deals} repartos", ""


def bench_hands(count: int, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    state = State.new(Rules(hands=4), "BENCH234")
    for _ in range(count * 5 // 20 + 1):
        while state.outcome is None:
            legal = state.legal()
            state = state.apply(PLAYS[legal[int(rng.random() * len(legal))]])
            actions += 1
        state = State.new(Rules(hands=4), "BENCH234")
    return actions


def replay_json(state: State) -> dict[str, Any]:
    return {
        "game": KEY,
        "code": state.code,
        "rules": state.rules.to_json(),
        "hands": [{seat.key: taken[seat] for seat in Seat} for taken in state.history],
        "totals": {seat.key: state.totals[seat] for seat in Seat},
        "outcome": _outcome_json(state.outcome),
    }


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"winner": None if outcome.winner is None else outcome.winner.key}


def replay_text(state: State) -> str:
    lines = [f"Partida {state.code} — Minibazas a {state.rules.hands} manos"]
    for number, taken in enumerate(state.history, start=1):
        lines.append(f"Mano {number}: " + ", ".join(f"{s.name_es} {taken[s]}" for s in Seat))
    totals = ", ".join(f"{s.name_es} {state.totals[s]}" for s in Seat)
    if state.outcome is None:
        lines.append(f"Partida en curso: {totals}.")
    elif state.outcome.winner is None:
        lines.append(f"Empate: {totals}.")
    else:
        lines.append(f"Gana {state.outcome.winner.name_es}: {totals}.")
    return "\n".join(lines)


SPEC = GameSpec(
    key=KEY,
    name_es="Minibazas",
    name_en="Tricks",
    record=MinibazasRecord,
    rules=Rules,
    options=Options(Option("hands", (2, 4), 2, Words("hands", "hands"))),
    levels=levels(LEVEL_NAMES_ES),
    load_bot=load_bot,
    check=check,
    arena=Arena(run=run_arena, deals=50, seed=1),
    bench=EngineBench(bench_hands, bench_hands),
    replay=Replay(replay_text, replay_json),
    view_json=view_json,
    bots=BOTS,
)
