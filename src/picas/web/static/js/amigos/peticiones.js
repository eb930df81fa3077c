// The friends' table's REST calls (docs/friends.md, "REST"): read, sit down, the host's actions,
// leave. Errors come back as ApiError with the server's code and Spanish message.

import { ApiError } from "../api.js";
import { t, serverText } from "../i18n.js";

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data && typeof data === "object" ? data.error : null;
    if (err && typeof err.message === "string") throw new ApiError(String(err.code), serverText(String(err.code), err.message), response.status);
    throw new ApiError("server", t("error.server", { status: response.status }), response.status);
  }
  return data;
}

const base = (id) => `/api/mesas/${encodeURIComponent(id)}`;

export const readTable = (id) => call("GET", base(id));
export const sit = (id, seat, name) => call("POST", `${base(id)}/seats`, { seat, name });
export const host = (id, token, action) => call("POST", `${base(id)}/host`, { token, action });
export const leave = (id, token) => call("POST", `${base(id)}/leave`, { token });
