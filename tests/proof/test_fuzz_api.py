"""API fuzzing with schemathesis against the app's own OpenAPI schema (``/api/openapi.json``).

Schemathesis generates request bodies from the schema, both valid (positive) and invalid (negative:
wrong types, missing and unknown fields…), and calls the real app (real computer players) in
process through ASGI. Every answer must be a documented status with the documented shape: no 5xx,
and every error ``{"error": {"code", "message"}}``.

The checks are chosen on purpose. Saves are HMAC-signed, so a save made up from the schema never
carries a valid signature: ``positive_data_acceptance`` (schema-valid data must be accepted) can
never hold for ``/api/games/act``, ``/resume`` or ``/api/tip``, and is not used. Nor is
``negative_data_rejection``: an invalid *save* is refused with ``bad_signature`` (400) rather than
with a validation code, which is the documented contract. The checks kept are the ones that hold
for any input: ``not_a_server_error``, ``status_code_conformance``, ``content_type_conformance``
and ``response_schema_conformance``, plus our own error-shape check.

Each body whose record is an object is also sent with a lone surrogate or a huge text put in it
(:data:`POISONS`), which must be refused (4xx) with a message that does not repeat it.

To go past the signature, each generated body that holds a ``save`` with an object ``record`` is
sent a second time with that record signed by the app's key: the made-up record then reaches the
record reader and the replay, which must refuse it (4xx) without a fault.
"""

from __future__ import annotations

import secrets
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from picas.web import Settings, create_app
from picas.web.signing import Signer

KEY = secrets.token_bytes(32)
APP = create_app(Settings(key=KEY))
SIGNER = Signer(KEY)
MAX_EXAMPLES = 60
"""Per operation and per generation mode: with six operations, about half a minute on one core."""

schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=MAX_EXAMPLES,
    deterministic=True,  # the same examples on every run: CI does not flake on a lucky draw
)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _assert_error_shape(response: Any) -> None:
    assert response.status_code < 500, response.text[:500]
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}, body
        error = body["error"]
        assert {"code", "message"} <= set(error) <= {"code", "message", "params"}, body
        assert isinstance(error["code"], str), body
        assert isinstance(error["message"], str), body
        assert error["code"], body
        assert error["message"], body
        assert len(error["message"]) < 400, error["message"][:500]


def _signed(body: object) -> dict[str, Any] | None:
    """The body with its save's record signed by the app's key, or None if it has no such save."""
    if not isinstance(body, dict) or not isinstance(body.get("save"), dict):
        return None
    save = body["save"]
    if not isinstance(save.get("record"), dict):
        return None
    try:
        sig = SIGNER.sign(save["record"])
    except (ValueError, TypeError, RecursionError):
        return None
    return {**body, "save": {**save, "sig": sig}}


POISONS: list[tuple[str, object]] = [
    ("meta", {"level": "\ud800"}),
    ("meta", {"nota": "a\udfffb" + "x" * 10}),
    ("code", "K7PM\ud800QH"),
    ("actions", ["\ud800", 3]),
    ("rules", {"profile": "\udbff"}),
    ("version", "9" * 100_000),
    ("code", "ß" * 4),
    ("actions", ["Q" * 100_000]),
]
"""What a generated ``record`` is given in its third sending: lone surrogates and huge texts."""


def _poisoned(body: object, turn: int) -> dict[str, Any] | None:
    """The body with one poison (chosen by ``turn``) put in its record, the import's or the
    save's; None if it has no object record."""
    if not isinstance(body, dict):
        return None
    key, value = POISONS[turn % len(POISONS)]
    if isinstance(body.get("record"), dict):
        return {**body, "record": {**body["record"], key: value}}
    save = body.get("save")
    if isinstance(save, dict) and isinstance(save.get("record"), dict):
        return {**body, "save": {**save, "record": {**save["record"], key: value}}}
    return None


_turns = iter(range(10**9))


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_the_api_never_fails_and_always_answers_in_shape(case: schemathesis.Case[Any]) -> None:
    response = case.call()
    case.validate_response(response, checks=CHECKS)
    _assert_error_shape(response)
    for variant in (_signed(case.body), _poisoned(case.body, next(_turns))):
        if variant is None:
            continue
        original, case.body = case.body, variant
        try:
            response = case.call()
            case.validate_response(response, checks=CHECKS)
            _assert_error_shape(response)
        finally:
            case.body = original
