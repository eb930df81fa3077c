"""What a socket is told when its message cannot be read: a stable code and a Spanish sentence
of our own for each kind of malformed message, never the JSON parser's or pydantic's English
(docs/friends.md, «Error codes»). Only the names of our own fields are ever quoted back: a key
or a value the client sent is not repeated."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from picas.web.friends import messages as m

Refusal = tuple[str, str]

NOT_TEXT: Refusal = ("not_text", "Los mensajes van en texto (JSON), no en binario.")
TOO_BIG: Refusal = ("too_big", "El mensaje es demasiado largo.")

_BY_TYPE: dict[str, Refusal] = {
    "json_invalid": ("bad_json", "El mensaje no es JSON válido."),
    "dict_type": ("not_object", "El mensaje debe ser un objeto JSON, entre llaves."),
    "model_type": ("not_object", "El mensaje debe ser un objeto JSON, entre llaves."),
    "union_tag_not_found": ("no_type", "Al mensaje le falta su tipo («type»)."),
    "union_tag_invalid": ("unknown_type", "No hay mensajes de ese tipo."),
    "extra_forbidden": ("unexpected_field", "El mensaje lleva un campo que no le corresponde."),
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
        return ("bad_message", "El mensaje no tiene la forma que se espera.")
    if first["type"] == "missing":
        return ("missing_field", f"Falta el campo «{field}».")
    if field == "phrase":
        return ("unknown_phrase", "Esa frase no está entre las de la mesa.")
    return ("bad_field", f"El campo «{field}» no tiene un valor válido.")
