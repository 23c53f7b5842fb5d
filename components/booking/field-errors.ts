/**
 * The name field's message: the contract's own for a name that shows no letter or hides characters (its keys,
 * written out so that the form does not load the contract before it is needed), else "at least 3 characters".
 */
export function nameErrorText(message: string | undefined, t: (key: string) => string): string {
  return message === "INVALID_NAME" || message === "UNSAFE_CHARACTERS" ? t(`errors:${message}`) : t("flow.nameError");
}
