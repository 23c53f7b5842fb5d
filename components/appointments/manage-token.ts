/** The manage token of an appointment page's address (a guest's private link), when it has the look of one. */
export function manageTokenOf(query: Record<string, string | string[] | undefined>): string | undefined {
  return typeof query.token === "string" && query.token.length >= 16 && query.token.length <= 200 ? query.token : undefined;
}
