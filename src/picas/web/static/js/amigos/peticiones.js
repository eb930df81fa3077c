// The friends' table's REST calls (docs/friends.md, "REST"): create, read, sit down, the host's
// actions, leave. Errors come back as ApiError with the server's code and Spanish message.

import { ApiError, request } from "../api.js";
import { t, serverText } from "../i18n.js";

/** A REST call: its JSON, or an ApiError with the server's code and words (in the page's
 * language when the code is known). */
async function call(method, path, body) {
  const { response, data } = await request(method, path, body);
  if (!response.ok) {
    const err = data && typeof data === "object" ? data.error : null;
    if (err && typeof err.message === "string") throw new ApiError(String(err.code), serverText(String(err.code), err.message, err.params), response.status);
    throw new ApiError("server", t("error.server", { status: response.status }), response.status);
  }
  return data;
}

const base = (id) => `/api/mesas/${encodeURIComponent(id)}`;

export const readTable = (id) => call("GET", base(id));
export const sit = (id, seat, name) => call("POST", `${base(id)}/seats`, { seat, name });
export const host = (id, token, action) => call("POST", `${base(id)}/host`, { token, action });
export const leave = (id, token) => call("POST", `${base(id)}/leave`, { token });

/** A new table (the first screen's «Jugar con amigos» form): its id and the host's seat token. */
export const createTable = (body) => call("POST", "/api/mesas", body);
