/** A route segment (a shop's slug, a city's) as text: segments may arrive still percent-encoded, and a stray "%" must not throw. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether a URL's path decodes as text: "/cidade/%E0" does not (a stray byte of a cut-off or mangled link). */
export function decodesAsText(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
