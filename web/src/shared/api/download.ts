import { ApiError } from './ApiError';
import { getToken } from './session';
import { toQueryString, type QueryObject } from './http';

/**
 * Fetches a file the API streams (an export, a report) with the session's token and hands it to the browser as a
 * download, named as the server's `Content-Disposition` says or else `fallbackName`. A refusal rejects with the
 * API's problem as an {@link ApiError}.
 */
export async function downloadFile(path: string, query: QueryObject, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api${path}${toQueryString(query)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
