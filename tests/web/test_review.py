"""Around the table: «¿Por qué?» on the computer players' bids, the play hint, «Rejugar esta mano»
and opening a shared record."""

from __future__ import annotations

import copy
import multiprocessing
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    CODE,
    KEY,
    OTHER_KEY,
    CountingBot,
    Json,
    OneBot,
    act,
    error_of,
    make_client,
    play_until,
    start,
)

import picas.web.review
from picas.games.spades import BlindNil, GameState, Play, Rules, Seat, action_to_json, cards_in
from picas.games.spades.bots.base import play_bots
from picas.games.spades.bots.hint import render_es, suggest_play
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.tip import explain_bid
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import PlayerView, result_to_json, view_for
from picas.record import final_state, iter_states
from picas.shared.cards import FULL_DECK_MASK
from picas.web.settings import HEAVY_DEADLINE
from picas.web.signing import Signer


class BlindBot(OneBot):
    """Declares Blind Nil whenever it is offered."""

    def bid(self, view: PlayerView, rng: random.Random) -> Any:
        if view.hand is None:
            return BlindNil()
        return super().bid(view, rng)


def _sign(record: SpadesRecord) -> Json:
    """A save for ``record`` as the server would sign it (the tests' server has key ``KEY``)."""
    record_json = record.to_json()
    return {"record": record_json, "sig": Signer(KEY).sign(record_json)}


def _post(client: TestClient, path: str, body: Json) -> Json:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def _steady(game: Json) -> object:
    """South bids 3 and plays its first playable card (Nil after Nil would end the game early)."""
    view = game["view"]
    return 3 if view["phase"] == "bidding" else view["playable"][0]


def _two_hands_played(client: TestClient, **options: Any) -> Json:
    """A game in its third hand (hands 1 and 2 are finished)."""
    game = start(client, **options)
    return play_until(client, game, lambda g: g["view"]["hand_number"] == 3, choose=_steady)


# --- «¿Por qué?» ----------------------------------------------------------------------------------


def _two_hands_and_their_events(client: TestClient) -> tuple[Json, list[Json]]:
    """A game played into its third hand, and every event its answers gave on the way."""
    game = start(client)
    events = list(game["events"])
    while game["view"]["hand_number"] < 3:
        game = act(client, game, _steady(game))
        events.extend(game["events"])
    return game, events


def test_computer_bids_carry_their_reason_and_souths_do_not() -> None:
    game, events = _two_hands_and_their_events(make_client())
    # Every bid of two hands, from the events of each answer, against the record's positions.
    record = SpadesRecord.from_json(game["save"]["record"])
    states = list(iter_states(record))
    bids = [e for e in events if e["type"] == "bid"]
    indexes = [i for i, a in enumerate(record.actions) if not isinstance(a, Play)]
    # Hands 1 and 2, then North and East before South in hand 3 (West deals it).
    assert len(bids) == len(indexes) == 4 + 4 + 2
    for event, index in zip(bids, indexes, strict=True):
        seat = Seat.from_key(event["seat"])
        if seat is Seat.SOUTH:
            assert "reason" not in event
            continue
        # The reason is the seat's own explanation, read from its own view after the bid.
        after = view_for(states[index + 1], seat)
        assert event["reason"] == ", ".join(explain_bid(after).reasons)
        assert event["reason"].strip()


def test_a_blind_nil_bid_gives_its_own_reason() -> None:
    # South bids 13 and is set: North–South fall 100 behind, so North is offered Blind Nil.
    client = make_client(bot=BlindBot())
    game = act(client, start(client, blind_nil=True), 13)
    game = play_until(client, game, lambda g: g["view"]["hand_number"] == 2)
    north = next(e for e in game["events"] if e["type"] == "bid" and e["seat"] == "north")
    assert north["blind"] is True
    assert north["reason"] == "vais 100 o más por detrás: Nil sin mirar"


# --- the play hint --------------------------------------------------------------------------------


def test_while_bidding_the_hint_is_the_tip() -> None:
    client = make_client()
    game = start(client)
    hint = _post(client, "/api/hint", {"save": game["save"]})
    tip = _post(client, "/api/tip", {"save": game["save"]})
    assert hint == {
        "game": "spades",
        "card": None,
        "reason": ", ".join(tip["reasons"]),
        "bid": tip["bid"],
        "reasons": tip["reasons"],
        "reason_code": None,
        "reason_params": None,
        "reason_codes": tip["reason_codes"],
    }


def test_while_playing_the_hint_is_a_legal_card_with_a_reason() -> None:
    client = make_client()
    game = act(client, start(client), 3)
    for _ in range(20):  # South's first twenty cards, each played as the hint says
        hint = _post(client, "/api/hint", {"save": game["save"]})
        assert hint["bid"] is None
        assert hint["card"] in game["view"]["playable"]
        assert hint["reason"].strip()
        assert hint["reasons"] == [hint["reason"]]
        view = view_for(final_state(SpadesRecord.from_json(game["save"]["record"])), Seat.SOUTH)
        expected = suggest_play(view)
        assert (hint["card"], hint["reason"]) == (expected.card.code, expected.reason)
        assert hint["reason_code"] == expected.reason_code
        assert hint["reason_params"] == dict(expected.reason_params)
        assert render_es(hint["reason_code"], hint["reason_params"]) == hint["reason"]
        game = act(client, game, hint["card"])
        if game["view"]["phase"] == "bidding":
            game = act(client, game, 3)


def test_no_hint_with_the_cards_face_down_or_after_the_game() -> None:
    client = make_client(bot=OneBot())
    face_down = act(client, start(client, blind_nil=True), 13)
    face_down = play_until(client, face_down, lambda g: g["view"]["hand_number"] == 2)
    assert face_down["view"]["hand"] is None
    response = client.post("/api/hint", json={"save": face_down["save"]})
    assert error_of(response)[:2] == (409, "no_hint")

    finished = _finished_record()
    response = client.post("/api/hint", json={"save": _sign(finished)})
    assert error_of(response)[:2] == (409, "no_hint")


def _finished_record() -> SpadesRecord:
    record = SpadesRecord(rules=Rules(), code=CODE, meta={"level": "facil"})
    actions: list[Any] = []
    state, _ = play_bots(
        record.start(),
        dict.fromkeys(Seat, CountingBot()),
        position=0,
        on_action=lambda before, seat, action, after: actions.append(action),
    )
    assert state.outcome is not None
    return record.append(*actions)


# --- «Rejugar esta mano» --------------------------------------------------------------------------


def test_a_practice_game_deals_the_same_hand_with_the_same_dealer_from_zero() -> None:
    client = make_client()
    game = _two_hands_played(client, level="normal")
    original = game["view"]["history"][1]
    practice = _post(client, "/api/practice", {"save": game["save"], "hand_number": 2})
    record = practice["save"]["record"]
    assert record["meta"] == {"level": "normal", "practice": "2"}
    assert practice["level"] == "normal"
    assert record["rules"]["first_dealer"] == original["dealer"]
    assert record["deals"] == [{seat: " ".join(cards) for seat, cards in original["dealt"].items()}]
    assert record["code"] != game["code"]
    view = practice["view"]
    assert (view["hand_number"], view["dealer"]) == (1, original["dealer"])
    assert view["totals"] == {"north_south": 0, "east_west": 0}
    assert view["turn"] == "south"
    assert sorted(view["hand"]) == sorted(original["dealt"]["south"])
    assert practice["events"][0] == {"type": "deal", "hand_number": 1, "dealer": original["dealer"]}
    # The computer players have bid up to South, as in any new game.
    seat = Seat.from_key(original["dealer"]).left
    before_south = []
    while seat is not Seat.SOUTH:
        before_south.append(seat.key)
        seat = seat.left
    assert [e["seat"] for e in practice["events"] if e["type"] == "bid"] == before_south
    # The practice save is a save like any other.
    after = act(client, practice, view["legal"][0])
    assert after["save"]["record"]["meta"]["practice"] == "2"


def test_the_comparison_gives_the_real_hand_and_a_deterministic_difficult_one() -> None:
    client = make_client()
    game = _two_hands_played(client)
    body = {"save": game["save"], "hand_number": 2}
    first = _post(client, "/api/practice", body)
    again = _post(make_client(), "/api/practice", body)
    assert first == again  # same save, same hand: the same practice game and the same comparison

    real = game["view"]["history"][1]
    original = first["compare"]["original"]
    assert {key: original[key] for key in ("bids", "blind", "won", "tricks", "sheets")} == {
        key: real[key] for key in ("bids", "blind", "won", "tricks", "sheets")
    }
    assert original["hand_totals"] == {
        sheet["team"]: sheet["lines"]["hand_total"] for sheet in real["sheets"]
    }

    # The Difícil line, played again here: the level's bot in South's seat (the tests' server
    # loads the same test bot for every level), seeded with the practice game's code.
    dificil = first["compare"]["dificil"]
    practice_record = SpadesRecord.from_json(first["save"]["record"])
    state, _ = play_bots(
        GameState.new(practice_record.rules, practice_record.code, deals=practice_record.deals),
        dict.fromkeys(Seat, CountingBot()),
        position=0,
        stop=lambda g: bool(g.history),
    )
    replayed = result_to_json(state.history[0])
    assert {key: dificil[key] for key in ("bids", "blind", "won", "tricks", "sheets")} == {
        key: replayed[key] for key in ("bids", "blind", "won", "tricks", "sheets")
    }
    assert len(dificil["tricks"]) == 13  # trick by trick, to set beside the player's
    assert sum(dificil["won"].values()) == 13
    for sheet in dificil["sheets"]:  # from 0–0: the running total is the hand's total
        assert sheet["lines"]["running_total"] == sheet["lines"]["hand_total"]
        assert sheet["bags_before"] == 0
        assert dificil["hand_totals"][sheet["team"]] == sheet["lines"]["hand_total"]
    assert replayed["dealt"] == real["dealt"]


def test_the_practice_uses_the_difficult_level_for_south() -> None:
    loader = AskedLoader()
    client = make_client(loader=loader)
    game = _two_hands_played(client)
    _post(client, "/api/practice", {"save": game["save"], "hand_number": 1})
    assert set(loader.asked.value.decode().split()) == {"facil", "dificil"}


class AskedLoader:
    """Notes the levels asked for, in shared memory: the practice runs in a heavy-work process."""

    def __init__(self) -> None:
        self.asked: Any = multiprocessing.get_context("forkserver").Array("c", 64)

    def __call__(self, level: str) -> CountingBot:
        with self.asked.get_lock():
            self.asked.value += level.encode() + b" "
        return CountingBot()


@pytest.mark.parametrize("hand_number", [3, 4, 999])
def test_an_unfinished_hand_cannot_be_replayed(hand_number: int) -> None:
    client = make_client()
    game = _two_hands_played(client)
    response = client.post("/api/practice", json={"save": game["save"], "hand_number": hand_number})
    status, code, message = error_of(response)
    assert (status, code) == (409, "hand_not_finished")
    assert str(hand_number) in message


@pytest.mark.parametrize(
    ("hand_number", "code"),
    [
        (0, "bad_request"),
        (-1, "bad_request"),
        ("2", "bad_request"),
        (2.0, "bad_number"),  # refused from the body's bytes: no body of the API has a fraction
        (None, "bad_request"),
        (10**6, "bad_request"),
    ],
)
def test_a_bad_hand_number_is_a_bad_request(hand_number: object, code: str) -> None:
    client = make_client()
    game = _two_hands_played(client)
    response = client.post("/api/practice", json={"save": game["save"], "hand_number": hand_number})
    assert error_of(response)[:2] == (400, code)


def test_a_practice_of_an_edited_save_is_refused() -> None:
    client = make_client()
    game = _two_hands_played(client)
    save = copy.deepcopy(game["save"])
    save["record"]["actions"][0] = 13 - save["record"]["actions"][0]
    response = client.post("/api/practice", json={"save": save, "hand_number": 1})
    assert error_of(response)[:2] == (400, "bad_signature")


# --- importing a record ---------------------------------------------------------------------------


def _import(client: TestClient, record: object) -> Any:
    return client.post("/api/games/import", json={"record": record})


def _import_save(client: TestClient, save: object) -> Any:
    """The page's download is the save it keeps, posted as it is."""
    return client.post("/api/games/import", json=save)


def _reasons_as_the_page_keeps_them(events: list[Json]) -> dict[str, dict[str, str]]:
    """{hand: {seat: reason}} of the computer bids in ``events``, hand numbers from the deals."""
    kept: dict[str, dict[str, str]] = {}
    number = 1
    for event in events:
        if event["type"] == "deal":
            number = event["hand_number"]
        elif event["type"] == "bid" and "reason" in event:
            kept.setdefault(str(number), {})[event["seat"]] = event["reason"]
    return kept


def test_an_opened_game_has_every_reason_the_table_gave_while_playing() -> None:
    client = make_client()
    game, events = _two_hands_and_their_events(client)
    kept = _reasons_as_the_page_keeps_them(events)
    assert set(kept) == {"1", "2", "3"}  # hand 3: the bids so far
    assert len(kept["1"]) == 3
    as_save = _import_save(client, game["save"])
    as_record = _import(client, game["save"]["record"])
    for answer in (as_save, as_record):
        assert answer.status_code == 200, answer.text
        assert answer.json()["reasons"] == kept


class NeverBot(CountingBot):
    """A computer player that must not be asked: the import of a signed save plays nothing."""

    def bid(self, view: PlayerView, rng: random.Random) -> Any:
        raise AssertionError("a signed save was played again")

    def play(self, view: PlayerView, rng: random.Random) -> Any:
        raise AssertionError("a signed save was played again")


class TallyBot(CountingBot):
    """Counts its decisions (a plain record's check asks for every computer action). The count
    is in shared memory: the check runs in a heavy-work process forked from this one."""

    def __init__(self) -> None:
        self._count = multiprocessing.get_context("forkserver").Value("i", 0)

    @property
    def decisions(self) -> int:
        return int(self._count.value)

    def bid(self, view: PlayerView, rng: random.Random) -> Any:
        with self._count.get_lock():
            self._count.value += 1
        return super().bid(view, rng)

    def play(self, view: PlayerView, rng: random.Random) -> Any:
        with self._count.get_lock():
            self._count.value += 1
        return super().play(view, rng)


def test_an_exported_record_imports_and_resumes_to_the_same_view() -> None:
    client = make_client()
    game = _two_hands_played(client)
    game = act(client, game, game["view"]["legal"][0])  # and a bid into the third hand
    exported = copy.deepcopy(game["save"]["record"])
    other = make_client()  # another process with the same key: nothing cached
    response = _import(other, exported)
    assert response.status_code == 200, response.text
    imported = response.json()
    resumed = _post(client, "/api/games/resume", {"save": game["save"]})
    assert imported["view"] == resumed["view"]
    assert imported["save"]["record"] == exported
    assert (imported["code"], imported["level"], imported["events"]) == (CODE, "facil", [])
    # The new save is signed: the game goes on from it.
    after = act(other, imported, imported["view"]["legal"][0])
    assert after["view"]["turn"] in ("south", None)


def test_a_record_cut_on_a_computer_turn_imports_and_the_computers_play_on() -> None:
    client = make_client()
    game = _two_hands_played(client)
    full = SpadesRecord.from_json(game["save"]["record"])
    states = list(iter_states(full))
    cut = next(
        i for i in range(len(full.actions) - 1, 0, -1) if states[i].turn not in (Seat.SOUTH, None)
    )
    shortened = SpadesRecord(full.rules, full.code, full.deals, full.actions[:cut], dict(full.meta))
    response = _import(client, shortened.to_json())
    assert response.status_code == 200, response.text
    imported = response.json()
    assert imported["events"], "the computer players acted"
    assert imported["view"]["turn"] in ("south", None)
    # They played exactly what they had played in the real game.
    replayed = SpadesRecord.from_json(imported["save"]["record"]).actions
    assert replayed[: len(full.actions)] == full.actions[: len(replayed)]


def test_a_finished_game_imports_too() -> None:
    client = make_client()
    record = _finished_record()
    response = _import(client, record.to_json())
    assert response.status_code == 200, response.text
    assert response.json()["view"]["phase"] == "game_over"


def _computer_plays(record: SpadesRecord) -> list[tuple[int, Seat, GameState]]:
    """The computer players' card plays that had another legal card: index, seat, position."""
    out: list[tuple[int, Seat, GameState]] = []
    for index, state in enumerate(iter_states(record)):
        if index == len(record.actions):
            break
        seat = state.turn
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        if seat is not None and seat is not Seat.SOUTH and len(plays) > 1:
            out.append((index, seat, state))
    return out


def test_a_computer_card_swapped_for_another_legal_card_is_not_reproducible() -> None:
    client = make_client()
    game = _two_hands_played(client)
    record = SpadesRecord.from_json(game["save"]["record"])
    choices = _computer_plays(record)
    assert len(choices) > 5
    for index, seat, state in (choices[0], choices[len(choices) // 2], choices[-1]):
        played = record.actions[index]
        other = next(a for a in state.legal_actions() if isinstance(a, Play) and a != played)
        edited = record.to_json()
        edited["actions"][index] = action_to_json(other)
        status, code, message = error_of(_import(client, edited))
        assert (status, code) == (422, "not_reproducible")
        assert message.startswith(f"Acción {index + 1}: {seat.name_es} hizo «{other.card.code}»")


def test_a_computer_bid_changed_is_not_reproducible() -> None:
    client = make_client()
    game = _two_hands_played(client)
    edited = copy.deepcopy(game["save"]["record"])
    assert isinstance(edited["actions"][1], int)  # West's first bid (South bids first)
    edited["actions"][1] = (edited["actions"][1] + 1) % 14
    status, code, message = error_of(_import(client, edited))
    assert (status, code) == (422, "not_reproducible")
    assert message.startswith("Acción 2: Oeste")  # the second action, counted from 1


def test_an_illegal_action_is_reported_with_its_index() -> None:
    client = make_client()
    game = _two_hands_played(client)
    record = SpadesRecord.from_json(game["save"]["record"])
    index = next(
        i
        for i, (a, s) in enumerate(zip(record.actions, iter_states(record), strict=False))
        if isinstance(a, Play) and s.turn is Seat.SOUTH
    )
    state = list(iter_states(record))[index]
    missing = cards_in(FULL_DECK_MASK & ~state.hand.hands[Seat.SOUTH])[0]
    edited = record.to_json()
    edited["actions"][index] = missing.code
    status, code, message = error_of(_import(client, edited))
    assert (status, code) == (422, "card_not_in_hand")
    assert message.startswith(f"Acción {index + 1} ")
    edited["actions"][index] = 3  # a bid while playing
    status, code, message = error_of(_import(client, edited))
    assert (status, code) == (422, "bidding_over")
    assert message.startswith(f"Acción {index + 1} ")


def test_south_may_look_or_not_and_that_is_checked_as_legal_only() -> None:
    client = make_client(bot=OneBot())
    game = act(client, start(client, blind_nil=True), 13)
    game = play_until(client, game, lambda g: g["view"]["hand_number"] == 2)
    looked = act(client, game, "look")
    assert "look" in looked["save"]["record"]["actions"]
    assert _import(client, looked["save"]["record"]).status_code == 200


def test_a_record_with_an_unknown_level_is_refused() -> None:
    client = make_client()
    record = start(client)["save"]["record"]
    record["meta"] = {"level": "experto"}
    assert error_of(_import(client, record))[:2] == (422, "unknown_level")


def test_long_difficult_records_are_refused_rather_than_checked_for_ever() -> None:
    client = make_client()
    game = _two_hands_played(client, level="dificil")
    record = game["save"]["record"]
    shorter = make_client(verify_limits={"dificil": len(record["actions"]) - 1})
    status, code, message = error_of(_import(shorter, record))
    assert (status, code) == (422, "too_long_to_verify")
    assert "Difícil" in message
    enough = make_client(verify_limits={"dificil": len(record["actions"])})
    assert _import(enough, record).status_code == 200


def test_the_limit_keeps_a_plain_difficult_check_under_the_deadline_even_in_pure_python() -> None:
    # Measured: at most 0.76 s of one core compiled per 168 actions, about ten times that in pure
    # Python (docs/api.md, docs/benchmarks.md).
    per_action = 0.76 / 168
    assert picas.web.review.VERIFY_LIMITS["dificil"] * per_action <= 4
    assert picas.web.review.VERIFY_LIMITS["dificil"] * per_action * 10 <= HEAVY_DEADLINE


# --- importing a downloaded save ------------------------------------------------------------------


def test_a_downloaded_save_reopens_without_playing_the_computers_again() -> None:
    client = make_client()
    game = start(client, level="dificil", target=500)
    game = play_until(client, game, lambda g: g["view"]["hand_number"] == 6, choose=_steady)
    save = copy.deepcopy(game["save"])
    # Far beyond the plain record's limit, and another process whose computer players refuse to
    # think: a save this server signed is opened like any save, nothing is checked again.
    other = make_client(bot=NeverBot(), verify_limits={"dificil": 10})
    response = _import_save(other, save)
    assert response.status_code == 200, response.text
    imported = response.json()
    assert imported["save"] == save
    assert imported["view"] == _post(client, "/api/games/resume", {"save": save})["view"]
    assert (imported["code"], imported["level"], imported["events"]) == (CODE, "dificil", [])
    # The game goes on from it.
    after = act(client, imported, _steady(imported))
    assert len(after["save"]["record"]["actions"]) > len(save["record"]["actions"])


def test_a_signed_practice_save_reopens_as_a_practice_game() -> None:
    client = make_client()
    game = _two_hands_played(client)
    practice = _post(client, "/api/practice", {"save": game["save"], "hand_number": 1})
    response = _import_save(make_client(bot=NeverBot()), practice["save"])
    assert response.status_code == 200, response.text
    assert response.json()["save"]["record"]["meta"] == {"level": "facil", "practice": "1"}


def test_a_signed_save_cut_on_a_computer_turn_plays_on() -> None:
    client = make_client()
    full = SpadesRecord.from_json(_two_hands_played(client)["save"]["record"])
    states = list(iter_states(full))
    cut = next(i for i in range(len(full.actions) - 1, 0, -1) if states[i].turn is Seat.WEST)
    shortened = SpadesRecord(full.rules, full.code, full.deals, full.actions[:cut], dict(full.meta))
    response = _import_save(client, _sign(shortened))
    assert response.status_code == 200, response.text
    imported = response.json()
    assert imported["events"][0]["seat"] == "west"
    assert imported["view"]["turn"] in ("south", None)
    replayed = SpadesRecord.from_json(imported["save"]["record"]).actions
    assert replayed[: len(full.actions)] == full.actions[: len(replayed)]


@pytest.mark.parametrize("sig", ["other_key", "0" * 64, "", "zz", "é" * 10])
def test_a_save_signed_elsewhere_is_checked_like_a_plain_record(sig: str) -> None:
    client = make_client()
    game = _two_hands_played(client)
    record = game["save"]["record"]
    if sig == "other_key":
        sig = Signer(OTHER_KEY).sign(record)  # another server's download
    tally = TallyBot()
    response = _import_save(make_client(bot=tally), {"record": record, "sig": sig})
    assert response.status_code == 200, response.text
    assert tally.decisions >= len(record["actions"]) * 3 // 4 - 4  # every computer action checked
    imported = response.json()
    assert imported["save"] == game["save"]  # signed anew, by this server
    assert imported["view"] == game["view"]


def test_an_edited_save_is_checked_and_a_changed_computer_action_refused() -> None:
    client = make_client()
    game = _two_hands_played(client)
    save = copy.deepcopy(game["save"])
    assert isinstance(save["record"]["actions"][1], int)  # West's first bid
    save["record"]["actions"][1] = (save["record"]["actions"][1] + 1) % 14
    status, code, message = error_of(_import_save(client, save))  # the old sig no longer matches
    assert (status, code) == (422, "not_reproducible")
    assert message.startswith("Acción 2: Oeste")  # the second action, counted from 1

    record = SpadesRecord.from_json(game["save"]["record"])
    index, seat, state = _computer_plays(record)[-1]
    other = next(
        a for a in state.legal_actions() if isinstance(a, Play) and a != record.actions[index]
    )
    save = copy.deepcopy(game["save"])
    save["record"]["actions"][index] = action_to_json(other)
    status, code, message = error_of(_import_save(client, save))
    assert (status, code) == (422, "not_reproducible")
    assert message.startswith(f"Acción {index + 1}: {seat.name_es} hizo «{other.card.code}»")


def test_an_edited_save_over_the_limit_says_why_it_must_be_checked() -> None:
    client = make_client()
    game = _two_hands_played(client, level="dificil")
    save = copy.deepcopy(game["save"])
    save["sig"] = Signer(OTHER_KEY).sign(save["record"])
    status, code, message = error_of(_import_save(make_client(verify_limits={"dificil": 10}), save))
    assert (status, code) == (422, "too_long_to_verify")
    assert message.startswith("La firma no es de este servidor")
    assert "Difícil se comprueban hasta 10" in message
    assert _import_save(client, game["save"]).status_code == 200  # the genuine save opens


@pytest.mark.parametrize(
    "body",
    [
        {"record": "VALID", "sig": 5},
        {"record": "VALID", "sig": ["a"]},
        {"record": "VALID", "sig": "a" * 129},
        {"record": "VALID", "sig": "SIG", "view": {}},
        {"save": "SAVE"},
        {"sig": "SIG"},
        {"record": None, "sig": "SIG"},
        {"record": [], "sig": "SIG"},
    ],
)
def test_a_malformed_save_is_a_bad_request(body: Json) -> None:
    client = make_client()
    save = start(client)["save"]
    values = {"VALID": save["record"], "SIG": save["sig"], "SAVE": save}
    sent = {
        key: values.get(value, value) if isinstance(value, str) else value
        for key, value in body.items()
    }
    assert error_of(client.post("/api/games/import", json=sent))[:2] == (400, "bad_request")


def test_a_save_with_a_record_that_cannot_be_read_gives_the_record_code() -> None:
    client = make_client()
    save = start(client)["save"]
    bad = {"record": {"format": "picas.record", "version": 2}, "sig": save["sig"]}
    assert error_of(_import_save(client, bad))[:2] == (422, "unknown_version")


@pytest.mark.parametrize(
    ("record", "status", "code"),
    [
        ({"format": "picas.record", "version": 2}, 422, "unknown_version"),
        ({"format": "ajedrez"}, 422, "bad_format"),
        ({}, 422, "bad_format"),
        ("hola", 400, "bad_request"),
        ([1, 2, 3], 400, "bad_request"),
        (None, 400, "bad_request"),
    ],
)
def test_garbage_is_refused(record: object, status: int, code: str) -> None:
    client = make_client()
    assert error_of(_import(client, record))[:2] == (status, code)


def test_nothing_sent_to_the_new_endpoints_makes_a_server_error() -> None:
    client = make_client()
    game = _two_hands_played(client)
    record = game["save"]["record"]
    rng = random.Random(7)
    junk: list[object] = [None, 0, -1, 14, "", "AS", "ZZ", [], {}, {"a": 1}, 10**30, 1.5, True]
    for _ in range(120):
        edited = copy.deepcopy(record)
        where = rng.choice(["actions", "rules", "code", "deals", "meta", "extra"])
        value = rng.choice(junk)
        if where == "actions" and edited["actions"]:
            edited["actions"][rng.randrange(len(edited["actions"]))] = value
        elif where == "rules":
            edited["rules"][rng.choice(list(edited["rules"]))] = value
        elif where == "extra":
            edited[rng.choice(["comment", "format", "version"])] = value
        else:
            edited[where] = value
        for path, body in (
            ("/api/games/import", {"record": edited}),
            ("/api/games/import", {"record": edited, "sig": "0" * 64}),
            ("/api/practice", {"save": {"record": edited, "sig": "0" * 64}, "hand_number": 1}),
            ("/api/hint", {"save": {"record": edited, "sig": "0" * 64}}),
        ):
            response = client.post(path, json=body)
            assert response.status_code < 500, (path, response.text)
            if response.status_code >= 400:
                error_of(response)  # the one error shape


@pytest.mark.parametrize("level", ["facil", "normal"])
def test_with_the_real_computer_players_import_and_practice_are_reproducible(level: str) -> None:
    """The real levels decide from the view and the seeded generator only: a game they played
    imports, and the practice comparison (real Difícil in South's seat) comes out the same twice."""
    client = make_client(loader=load_bot)
    game = _two_hands_played(client, level=level)
    imported = _import(make_client(loader=load_bot), game["save"]["record"])
    assert imported.status_code == 200, imported.text
    assert imported.json()["view"] == game["view"]
    body = {"save": game["save"], "hand_number": 1}
    first = _post(client, "/api/practice", body)
    again = _post(make_client(loader=load_bot), "/api/practice", body)
    assert first["compare"] == again["compare"]
    assert first["compare"]["original"]["bids"] == game["view"]["history"][0]["bids"]
