// The one fetch client for the server: sends the session cookie, a JSON body only when there is one,
// and turns every non-OK answer into an ApiError whose message is `${status}: ${body || statusText}` (spec §8).
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK answer. `message` keeps the spec's text; `serverMessage` is the `{ "message" }` of a JSON body. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.serverMessage = readServerMessage(bodyText);
  }
}

// The server's error handler answers `{ "message": ... }`; any other body (plain text, HTML from a proxy)
// has no server message, and the full `${status}: ${body}` text stays available on the error.
function readServerMessage(bodyText: string): string | null {
  if (!bodyText.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON after all: the caller still has error.message with the raw body.
  }
  return null;
}

/** Throws an ApiError for a non-OK response, reading its body for the message. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new ApiError(response.status, response.statusText, bodyText);
}

/**
 * Sends one request and returns the OK response (throws ApiError otherwise).
 * `body` is sent as JSON when given; a FormData body (file uploads) is sent as multipart.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: init.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** Like apiRequest, and reads the answer as JSON (undefined for an empty body). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<T> {
  const response = await apiRequest(method, url, body, init);
  return readJson<T>(response);
}

export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The text a toast shows for a failure: the server's message when it sent one, else the error's own text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
