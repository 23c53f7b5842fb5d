import { resources } from "@/lib/i18n/resources";
import { LANGUAGES } from "@/lib/i18n/settings";
import { HERE_LABELS_BEFORE_FLAG, listHref, parseSavedAddress } from "./saved-address";

describe("saved address", () => {
  it("knows your own position as stored before `here`, by its label in every language", () => {
    const labels = LANGUAGES.map((lng) => (resources as unknown as Record<string, { search: { location: { current: string } } }>)[lng].search.location.current);
    expect([...HERE_LABELS_BEFORE_FLAG].sort()).toEqual([...labels].sort());
    for (const label of labels) expect(parseSavedAddress(JSON.stringify({ label, latitude: -23.56, longitude: -46.68 }))?.here).toBe(true);
  });

  it("reads `here`, and a place's label stays a place", () => {
    expect(parseSavedAddress(JSON.stringify({ label: "Minha localização", latitude: -23.56, longitude: -46.68, here: true }))).toEqual({
      label: "Minha localização",
      latitude: -23.56,
      longitude: -46.68,
      here: true,
    });
    expect(parseSavedAddress(JSON.stringify({ label: "Pinheiros, São Paulo - SP", latitude: -23.56, longitude: -46.68 }))).toEqual({
      label: "Pinheiros, São Paulo - SP",
      latitude: -23.56,
      longitude: -46.68,
    });
    expect(parseSavedAddress(JSON.stringify({ label: "x", latitude: 91, longitude: 0 }))).toBeNull();
    expect(parseSavedAddress("{not json")).toBeNull();
  });

  it("sends your own position to the list without a place's name (the list names it in its own language)", () => {
    expect(listHref({ label: "Minha localização", latitude: -23.5614, longitude: -46.6823, here: true })).toBe(
      "/barbearias?latitude=-23.56140&longitude=-46.68230",
    );
    expect(listHref({ label: "Pinheiros", latitude: -23.5614, longitude: -46.6823 }, { date: "2026-11-28" })).toBe(
      "/barbearias?latitude=-23.56140&longitude=-46.68230&place=Pinheiros&date=2026-11-28",
    );
  });
});
