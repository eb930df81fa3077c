"""What a socket is told when its message cannot be read: a stable code and a Spanish sentence
of our own for each kind of malformed message, never the JSON parser's or pydantic's English
(docs/friends.md, «Error codes»). Only the names of our own fields are ever quoted back: a key
or a value the client sent is not repeated."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from picas.shared.errors import NO_PARAMS, Params
from picas.web.friends import messages as m

Refusal = tuple[str, str, Params]
"""A code and its Spanish sentence, and what the sentence names (the field, one of ours)."""

NOT_TEXT: Refusal = ("not_text", "Los mensajes van en texto (JSON), no en binario.", NO_PARAMS)
TOO_BIG: Refusal = ("too_big", "El mensaje es demasiado largo.", NO_PARAMS)

_BY_TYPE: dict[str, Refusal] = {
    "json_invalid": ("bad_json", "El mensaje no es JSON válido.", NO_PARAMS),
    "dict_type": ("not_object", "El mensaje debe ser un objeto JSON, entre llaves.", NO_PARAMS),
    "model_type": ("not_object", "El mensaje debe ser un objeto JSON, entre llaves.", NO_PARAMS),
    "union_tag_not_found": ("no_type", "Al mensaje le falta su tipo («type»).", NO_PARAMS),
    "union_tag_invalid": ("unknown_type", "No hay mensajes de ese tipo.", NO_PARAMS),
    "extra_forbidden": (
        "unexpected_field",
        "El mensaje lleva un campo que no le corresponde.",
        NO_PARAMS,
    ),
}
_MODELS: tuple[type[BaseModel], ...] = (m.HelloMsg, m.ActMsg, m.SayMsg, m.PingMsg, m.AskMsg)
FIELDS = frozenset(name for model in _MODELS for name in model.model_fields)
"""The fields of the client's messages: the only names a refusal quotes."""


def refusal(error: ValidationError) -> Refusal:
    """The code and the Spanish sentence for a message pydantic refused."""
    details = error.errors()
    if not details:
        return _BY_TYPE["json_invalid"]
    first = details[0]
    known = _BY_TYPE.get(first["type"])
    if known is not None:
        return known
    loc = first["loc"]
    field = loc[1] if len(loc) > 1 and loc[1] in FIELDS else None
    if field is None:
        return ("bad_message", "El mensaje no tiene la forma que se espera.", NO_PARAMS)
    if first["type"] == "missing":
        return ("missing_field", f"Falta el campo «{field}».", {"field": field})
    if field == "phrase":
        return ("unknown_phrase", "Esa frase no está entre las de la mesa.", NO_PARAMS)
    return ("bad_field", f"El campo «{field}» no tiene un valor válido.", {"field": field})
