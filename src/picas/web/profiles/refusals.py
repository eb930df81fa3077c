"""Every refusal of the profiles' API beyond ``no_profile``: a stable code, its HTTP status and
its Spanish sentence (the page words each code itself, ``server.<code>``)."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import FastAPI, Request, Response

from picas.shared.errors import PicasError
from picas.web.errors import RETRY_AFTER_SECONDS, error_response

PROFILE_REFUSALS: Mapping[str, tuple[int, str]] = {
    "too_many_profiles": (
        429,
        "Desde tu dirección ya se han creado muchos perfiles en la última hora: vuelve a"
        " intentarlo más tarde.",
    ),
    "too_many_ceremonies": (
        429,
        "Demasiados intentos con llaves de acceso desde tu dirección: espera un minuto.",
    ),
    "ceremonies_full": (
        503,
        "El servidor atiende ahora muchas llaves de acceso a la vez: vuelve a intentarlo en"
        " unos segundos.",
    ),
    "profiles_unavailable": (
        503,
        "Los perfiles no están disponibles ahora mismo: vuelve a intentarlo en unos segundos.",
    ),
    "bad_host": (400, "La petición no dice a qué sitio va: no se puede usar una llave de acceso."),
    "passkey_malformed": (400, "La respuesta de la llave de acceso no se puede leer."),
    "passkey_challenge_unknown": (
        400,
        "Esta respuesta no responde a ningún reto de este servidor: vuelve a empezar.",
    ),
    "passkey_challenge_used": (400, "Ese reto ya se usó: vuelve a empezar."),
    "passkey_challenge_expired": (
        400,
        "Se acabó el tiempo para responder (2 minutos): vuelve a empezar.",
    ),
    "passkey_wrong_ceremony": (
        400,
        "Esa respuesta es de otro paso (añadir una llave o entrar con ella): vuelve a empezar.",
    ),
    "passkey_other_profile": (400, "Ese reto se dio a otro perfil."),
    "passkey_wrong_origin": (400, "La llave respondió a otra página, no a esta."),
    "passkey_wrong_rp": (400, "La llave se hizo para otro sitio, no para este."),
    "passkey_bad_signature": (400, "La firma de la llave de acceso no es válida."),
    "passkey_replayed": (
        400,
        "La llave de acceso repite una firma ya usada (su contador no avanzó): no se acepta.",
    ),
    "passkey_unknown": (400, "Esa llave de acceso no es de ningún perfil de este servidor."),
    "passkey_refused": (400, "La llave de acceso no cumple lo que pide este servidor."),
    "passkey_taken": (409, "Esa llave de acceso ya está guardada."),
    "too_many_passkeys": (409, "Este perfil ya tiene el máximo de llaves de acceso."),
    "passkey_not_found": (404, "Este perfil no tiene esa llave de acceso."),
}
"""code → (status, Spanish sentence)."""


class ProfileError(PicasError):
    """A refusal of :data:`PROFILE_REFUSALS`, by its code."""

    def __init__(self, code: str) -> None:
        self.status, message = PROFILE_REFUSALS[code]
        super().__init__(message, code=code)


def install_refusals(app: FastAPI) -> None:
    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, ProfileError)
        retry = error.status in (429, 503)
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if retry else {}
        return error_response(error.status, error.code, error.message, headers)

    app.add_exception_handler(ProfileError, refused)
