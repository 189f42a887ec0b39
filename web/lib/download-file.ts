import { send } from './api.ts';

// Its own module, not in api.ts: api.ts is in every page's first load, and this is used by
// the profile's Download my data only (a lazy screen).

/**
 * Saves a file answer of our API (issue 31: a person's copy of their data) under the name its
 * Content-Disposition gives, else `fallbackName`. The same headers and refusals as `request`
 * (a 429 or a 401 is an ApiError in the server's words); the body is kept as a file, never
 * parsed or checked against a schema: it can be large, and the page has no use for it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { method: 'GET' });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving it; the object URL is freed once it has surely been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
