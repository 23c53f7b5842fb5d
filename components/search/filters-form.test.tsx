/** @jest-environment jsdom */
import { filtersHref } from "./filters-form";

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form action="/barbearias">${html}</form>`;
  return document.querySelector("form")!;
}

describe("filtersHref", () => {
  it("asks for the filled fields only, in the page's language", () => {
    const f = form(`
      <input type="hidden" name="latitude" value="-23.5" />
      <input type="hidden" name="after" value="18:00" />
      <select name="distance"><option value="5">5</option><option value="10" selected>10</option></select>
      <select name="category"><option value="" selected>Todas</option></select>
      <input name="min_price" value=" 30 " />
      <input name="max_price" value="" />`);
    expect(filtersHref(f, "http://site.test/barbearias?latitude=-23.5&lng=es")).toBe(
      "/barbearias?latitude=-23.5&after=18%3A00&distance=10&min_price=30&lng=es",
    );
  });

  it("adds no language when the page has none in its address", () => {
    expect(filtersHref(form(`<input name="sort" value="rating" />`), "http://site.test/barbearias?sort=distance")).toBe("/barbearias?sort=rating");
  });
});
