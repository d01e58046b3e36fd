/**
 * A part of a URL decoded, or as it is when it does not decode (a stray `%`): for reading paths and queries
 * the way the router decodes parameters, without throwing on a malformed request.
 */
export function decodedOrSelf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
