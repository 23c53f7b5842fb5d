/** A route segment (a shop's slug, a city's) as text: segments may arrive still percent-encoded, and a stray "%" must not throw. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
