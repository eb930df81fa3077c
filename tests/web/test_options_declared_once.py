"""Each game's options are declared once, in its ``games/<key>/options.py``, and everything else
follows the declaration (docs/design.md, «Options declared once»). Here Spades' declaration is
changed — a target of 1000 offered, the bag penalty off by default, «Comodines» excluding «10 por
200» — and each consumer follows: the new-game body made from it, the refusals of a value not
offered and of the excluded pair (over HTTP, and at a friends' table), and the page's copy in the
manifest, which the settings forms, the store, the statistics and the help read
(``tests/e2e/test_options_page.py`` opens the page on it). The rules, made once at import, are
checked against the declaration as it stands; and every word the declarations name is in both of
the page's languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from web_helpers import error_of, make_client

from changed_options import EXCLUDED, changed_spades
from picas import games
from picas.games.corazones.rules import Rules as CorazonesRules
from picas.games.spades.rules import PROFILES, VARIANT_DEFAULTS
from picas.shared.errors import InvalidRules
from picas.shared.spec import GameSpec
from picas.web.errors import describe_validation
from picas.web.friends.service import _settings
from picas.web.games.generic import new_game_model
from picas.web.manifest import entries
from picas.web.settings import STATIC_DIR

JS = Path(STATIC_DIR) / "js"


@pytest.fixture
def changed(monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    games.games()  # the site's games registered first
    spec = changed_spades()
    monkeypatch.setitem(games._registered, "spades", spec)
    return spec


def test_the_new_game_body_takes_the_declared_values_and_defaults(changed: GameSpec) -> None:
    model = new_game_model(changed, "NewGameIn", "A new Spades game.", game_optional=True)
    body = model.model_validate({"target": 1000})
    assert (body.target, body.bag_penalty) == (1000, False)
    with pytest.raises(ValidationError) as caught:
        model.model_validate({"target": 300})
    # As a request's body is refused: its errors are located in the body.
    errors = [{**error, "loc": ("body", *error["loc"])} for error in caught.value.errors()]
    assert describe_validation(errors) == "El objetivo debe ser 250, 500 o 1000."


def test_the_api_refuses_a_value_not_offered_and_the_excluded_pair(changed: GameSpec) -> None:
    client = make_client()
    refused = client.post("/api/games", json={"target": 300})
    assert error_of(refused) == (400, "bad_request", "El objetivo debe ser 250, 500 o 1000.")
    refused = client.post("/api/games", json={"jokers": True, "ten_for_200": True})
    assert error_of(refused) == (422, "invalid_rules", f"Reglas incoherentes: {EXCLUDED}.")
    played = client.post("/api/games", json={"jokers": True})
    assert played.status_code == 200, played.text


def test_a_friends_table_refuses_the_excluded_pair(changed: GameSpec) -> None:
    with pytest.raises(InvalidRules, match=EXCLUDED):
        _settings("spades", {"jokers": True, "ten_for_200": True})
    assert _settings("spades", {"ten_for_200": True})["ten_for_200"] is True


def test_the_pages_copy_in_the_manifest_is_the_changed_declaration(changed: GameSpec) -> None:
    entry = next(entry for entry in entries() if entry["key"] == "spades")
    assert entry["defaults"]["bag_penalty"] is False
    declared = {option["name"]: option for option in entry["settings"]["options"]}
    assert declared["target"]["values"] == [250, 500, 1000]
    assert declared["target"]["stats"] is True  # the statistics keep 1000's games apart
    assert declared["bag_penalty"]["default"] is False
    assert {"when": "jokers", "value": True, "off": "ten_for_200", "either": False} in entry[
        "settings"
    ]["exclusions"]
    settings = entry["settings"]
    assert json.loads(json.dumps(settings)) == settings  # plain JSON, as the page reads it


def test_the_rules_defaults_and_values_are_the_declarations() -> None:
    for key, rules in (("spades", PROFILES["casa"]), ("corazones", CorazonesRules())):
        options = games.find_game(key).options
        for name, option in options.items():
            assert not option.is_set(getattr(rules, name)), (key, name)
    spades = games.find_game("spades").options
    assert set(VARIANT_DEFAULTS) - {"all_thirteen_points"} == set(spades.house)
    assert CorazonesRules.__dataclass_fields__  # a dataclass: its fields are the options'
    assert set(games.find_game("corazones").options) <= set(CorazonesRules.__dataclass_fields__)


def _words(text: str) -> set[str]:
    return set(re.findall(r'^\s*"([\w.]+)":', text, flags=re.M))


def _tables() -> tuple[set[str], set[str]]:
    """The keys of the page's Spanish and English words (Corazones' own are in its module)."""
    own = (JS / "games" / "corazones" / "i18n.js").read_text(encoding="utf-8")
    own_es, own_en = own.split("export const EN", 1)
    spanish = _words((JS / "i18n.js").read_text(encoding="utf-8")) | _words(own_es)
    english = _words((JS / "i18n-en.js").read_text(encoding="utf-8")) | _words(own_en)
    return spanish, english


def _named_keys(spec: GameSpec) -> set[str]:
    keys: set[str] = set()
    dialog = spec.options.dialog
    if dialog is not None:
        keys |= {dialog.note, dialog.house} | ({dialog.house_note} if dialog.house_note else set())
    for option in spec.options.values():
        copy: dict[str, Any] = option.to_json()
        keys |= {copy["label"], copy["friendsLabel"]} | ({copy["note"]} if copy["note"] else set())
        for words in (copy["valueWords"], copy["friendsValueWords"]):
            if words and copy["kind"] == "choice":
                keys |= {f"{words}.{value}" for value in copy["values"]}
    return keys


@pytest.mark.parametrize("key", games.KEYS)
def test_every_word_a_declaration_names_is_in_both_languages(key: str) -> None:
    spanish, english = _tables()
    named = _named_keys(games.find_game(key))
    assert named
    assert sorted(named - spanish) == []
    assert sorted(named - english) == []
