import ptBR from "@/locales/pt-BR/shop.json";
import en from "@/locales/en/shop.json";
import es from "@/locales/es/shop.json";
import type { Translate } from "@/lib/i18n/translate";
import { catalogueText } from "@/tests/catalogue-text";
import { closedLabel } from "./shop-badges";

const tOf = (catalogue: unknown) => ((key: string, vars?: Record<string, unknown>) => catalogueText(catalogue, key, vars)) as Translate;

describe("closedLabel", () => {
  it("says when a closed shop opens next, in each language, and in few words over a card's photo", () => {
    const monday = { in_days: 2, weekday: 1, time: "09:00" };
    expect(closedLabel(tOf(ptBR), "pt-BR", null)).toBe("Fechada");
    expect(closedLabel(tOf(ptBR), "pt-BR", { in_days: 0, weekday: 6, time: "08:00" })).toBe("Fechada · abre às 08:00");
    expect(closedLabel(tOf(ptBR), "pt-BR", { in_days: 1, weekday: 0, time: "09:00" })).toBe("Fechada · abre amanhã às 09:00");
    expect(closedLabel(tOf(ptBR), "pt-BR", monday)).toBe("Fechada · abre segunda-feira às 09:00");
    expect(closedLabel(tOf(ptBR), "pt-BR", monday, true)).toBe("Abre seg. às 09:00");
    expect(closedLabel(tOf(ptBR), "pt-BR", { in_days: 0, weekday: 6, time: "08:00" }, true)).toBe("Abre às 08:00");
    expect(closedLabel(tOf(es), "es", { in_days: 1, weekday: 0, time: "09:00" }, true)).toBe("Abre mañana a las 09:00");
    expect(closedLabel(tOf(en), "en", monday)).toBe("Closed · opens Monday at 09:00");
    expect(closedLabel(tOf(en), "en", monday, true)).toBe("Opens Mon at 09:00");
    expect(closedLabel(tOf(es), "es", monday)).toBe("Cerrada · abre el lunes a las 09:00");
  });
});
