/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { activeFilters } from "./active-filters";
import { FilterChips } from "./active-filter-chips";
import { parseListParams } from "./list-params";

const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);
const now = new Date("2026-11-25T13:00:00Z");
const base = { latitude: "-23.56", longitude: "-46.69", place: "Pinheiros", distance: "5" };

describe("activeFilters", () => {
  it("lists nothing for a list narrowed only by its place and distance", () => {
    expect(activeFilters(parseListParams(base), t, "pt-BR", now)).toEqual([]);
  });

  it("gives each filter a link to the same list without it, the place, distance and view kept", () => {
    const params = parseListParams({
      ...base,
      date: "2026-11-26",
      after: "12:00",
      before: "18:00",
      category: "beard",
      min_price: "30",
      max_price: "80",
      sort: "rating",
      view: "map",
    });
    const active = activeFilters(params, t, "pt-BR", now);
    expect(active.map((f) => f.key)).toEqual(["date", "time", "category", "min_price", "max_price", "sort"]);
    expect(active.map((f) => f.label)).toEqual([
      "filters.tomorrow",
      "filters.periods.afternoon",
      "category.beard",
      `filters.priceFrom {"price":"R$\u00a030,00"}`,
      `filters.priceUpTo {"price":"R$\u00a080,00"}`,
      "filters.sorts.rating",
    ]);
    for (const f of active) {
      const q = new URL(f.href, "http://x").searchParams;
      expect(q.get("place")).toBe("Pinheiros");
      expect(q.get("distance")).toBe("5");
      expect(q.get("view")).toBe("map");
    }
    const without = (key: string) => new URL(active.find((f) => f.key === key)!.href, "http://x").searchParams;
    expect(without("date").get("date")).toBeNull();
    expect(without("date").get("after")).toBe("12:00");
    expect(without("time").get("after")).toBeNull();
    expect(without("time").get("before")).toBeNull();
    expect(without("time").get("date")).toBe("2026-11-26");
    expect(without("category").get("category")).toBeNull();
    expect(without("min_price").get("min_price")).toBeNull();
    expect(without("min_price").get("max_price")).toBe("80");
    expect(without("sort").get("sort")).toBe("distance");
  });

  it("names a time that is no window by its hours", () => {
    const active = activeFilters(parseListParams({ ...base, after: "15:30" }), t, "en", now);
    expect(active).toEqual([expect.objectContaining({ key: "time", label: `filters.whenAfter {"after":"15:30"}` })]);
  });
});

describe("FilterChips", () => {
  it("shows each filter as a link that says it removes it", () => {
    render(
      <FilterChips
        label="Filtros ativos"
        remove={(f) => `Remover filtro: ${f}`}
        active={[
          { key: "category", label: "Barba", href: "/barbearias?distance=5" },
          { key: "sort", label: "Melhor avaliação", href: "/barbearias?distance=5&sort=distance" },
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: "Filtros ativos" });
    expect(list).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Remover filtro: Barba" })).toHaveAttribute("href", "/barbearias?distance=5");
    expect(screen.getByRole("link", { name: "Remover filtro: Melhor avaliação" })).toHaveTextContent("Melhor avaliação");
  });
});
