// Passkeys (WebAuthn) for a profile: kept with the browser's own `navigator.credentials`, the
// server checking them with the `webauthn` package (docs/profiles.md). The options and the
// answers travel as WebAuthn's standard JSON forms, whose binary fields are base64url text: the
// two converters below turn them into the bytes the browser's API takes, and back.

import { call, adopt } from "./cuenta.js";

/** base64url text → ArrayBuffer. */
export function fromBase64url(text) {
  const plain = String(text).replace(/-/g, "+").replace(/_/g, "/");
  const padded = plain + "=".repeat((4 - (plain.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** ArrayBuffer (or a view of one) → base64url text, without padding. */
export function toBase64url(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const supported = () => Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);

/** The options in the server's answer (the answer itself, or under `options` / `publicKey`). */
function optionsIn(answer) {
  let options = answer && (answer.options ?? answer.publicKey ?? answer);
  if (typeof options === "string") options = JSON.parse(options);
  if (options && options.publicKey) options = options.publicKey;
  return options;
}

const descriptors = (list) => (Array.isArray(list) ? list.map((d) => ({ ...d, id: fromBase64url(d.id) })) : undefined);

function creationOptions(json) {
  return {
    ...json,
    challenge: fromBase64url(json.challenge),
    user: { ...json.user, id: fromBase64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials) || [],
  };
}

function requestOptions(json) {
  return { ...json, challenge: fromBase64url(json.challenge), allowCredentials: descriptors(json.allowCredentials) || [] };
}

/** A made credential as RegistrationResponseJSON. */
function registrationJson(credential) {
  const r = credential.response;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      attestationObject: toBase64url(r.attestationObject),
      transports: typeof r.getTransports === "function" ? r.getTransports() : [],
    },
  };
}

/** An assertion as AuthenticationResponseJSON. */
function assertionJson(credential) {
  const r = credential.response;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      authenticatorData: toBase64url(r.authenticatorData),
      signature: toBase64url(r.signature),
      userHandle: r.userHandle ? toBase64url(r.userHandle) : null,
    },
  };
}

/** Add a passkey to this browser's profile: the server's options, the device's credential, the
 * server's check. Throws the ApiError of a refusal, or the browser's DOMException (cancelled). */
export async function addKey() {
  const answer = await call("POST", "/api/perfil/llaves/opciones");
  const credential = await navigator.credentials.create({ publicKey: creationOptions(optionsIn(answer)) });
  return call("POST", "/api/perfil/llaves", { credential: registrationJson(credential) });
}

/** Sign in with a passkey: this browser keeps the new token of the profile it belongs to. */
export async function signIn() {
  const answer = await call("POST", "/api/perfil/entrar/opciones", undefined, { auth: false });
  const credential = await navigator.credentials.get({ publicKey: requestOptions(optionsIn(answer)) });
  return adopt(await call("POST", "/api/perfil/entrar", { credential: assertionJson(credential) }, { auth: false }));
}

/** The profile's passkeys: [{id, name, created, used}] (the answer's list, whatever its key). */
export async function listKeys() {
  const answer = await call("GET", "/api/perfil/llaves");
  const list = Array.isArray(answer) ? answer : answer && (answer.keys ?? answer.llaves ?? answer.passkeys ?? answer.credentials);
  return (Array.isArray(list) ? list : []).map((k) => ({ id: String(k.id), created: k.created ?? k.created_at ?? null, used: k.last_used ?? k.used ?? null, name: k.label ?? k.name ?? null }));
}

export const removeKey = (id) => call("DELETE", `/api/perfil/llaves/${encodeURIComponent(id)}`);
