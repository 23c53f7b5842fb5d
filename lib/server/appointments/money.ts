import "server-only";

// Money is summed in whole cents so that "0.10" + "0.20" is "0.30".
export function toCents(amount: string): number {
  const [whole, fraction = ""] = amount.split(".");
  const sign = whole.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number((fraction + "00").slice(0, 2)));
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
