import { dateFormat, formatLongDate, formatMoney, formatOr, numberFormat, zoneLabel } from "./format";

describe("Intl formatters made once", () => {
  it("gives the same formatter for the same language and options, another for others", () => {
    const a = dateFormat("pt-BR", { weekday: "long", timeZone: "UTC" });
    expect(dateFormat("pt-BR", { weekday: "long", timeZone: "UTC" })).toBe(a);
    expect(dateFormat("en", { weekday: "long", timeZone: "UTC" })).not.toBe(a);
    expect(dateFormat("pt-BR", { weekday: "short", timeZone: "UTC" })).not.toBe(a);
    const n = numberFormat("es", { maximumFractionDigits: 1 });
    expect(numberFormat("es", { maximumFractionDigits: 1 })).toBe(n);
    expect(numberFormat("es", { maximumFractionDigits: 0 })).not.toBe(n);
  });

  it("formats as a new formatter would", () => {
    const options: Intl.DateTimeFormatOptions = { weekday: "short", day: "2-digit", month: "2-digit", timeZone: "UTC" };
    const at = new Date("2026-11-27T12:00:00Z");
    for (const lng of ["pt-BR", "en", "es"]) expect(dateFormat(lng, options).format(at)).toBe(new Intl.DateTimeFormat(lng, options).format(at));
    expect(formatMoney("en", "45")).toBe(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(45));
    expect(formatMoney("es", 1234.5)).toMatch(/^R\$\s1\.234,50$/);
    expect(formatLongDate("en", "2026-11-23")).toBe("Monday, November 23, 2026");
    expect(zoneLabel("en", "America/Sao_Paulo", "2026-11-27T09:00:00-03:00")).toBe("Brasilia Standard Time, UTC-03:00");
  });

  it("joins alternatives as each language does", () => {
    expect(formatOr("pt-BR", ["de manhã", "à noite"])).toBe("de manhã ou à noite");
    expect(formatOr("en", ["in the morning", "in the afternoon", "at night"])).toBe("in the morning, in the afternoon, or at night");
    expect(formatOr("es", ["por la mañana", "por la noche"])).toBe("por la mañana o por la noche");
    expect(formatOr("es", ["por la tarde"])).toBe("por la tarde");
  });
});

describe("formatMoney", () => {
  const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
  it("writes what Intl's pt-BR currency format writes", () => {
    const values = [0, 0.01, 0.5, 1, 9.99, 10, 45, 45.5, 99.999, 100, 999.99, 1000, 1234.5, 12345.67, 999999.99, 1000000, 123456789.01, -0.5, -12.3, -1234.56];
    for (let i = 0; i < 500; i++) values.push(Math.round(Math.random() * 10 ** (1 + (i % 8))) / 100);
    for (const v of values) {
      expect(formatMoney("en", v)).toBe(intl.format(v));
      expect(formatMoney("es", v.toFixed(2))).toBe(intl.format(Number(v.toFixed(2))));
    }
  });
  it("rounds to the cent as Intl does and leaves what is not a number to Intl", () => {
    expect(formatMoney("pt-BR", "45.005")).toBe(intl.format(45.01));
    expect(formatMoney("pt-BR", "abc")).toBe(intl.format(Number.NaN));
  });
});
