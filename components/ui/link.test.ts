import { withLang } from "./link";

describe("withLang", () => {
  it("adds the page's language to internal links on English and Spanish pages", () => {
    expect(withLang("/faq", "en")).toBe("/faq?lng=en");
    expect(withLang("/barbearias?latitude=1&longitude=2", "es")).toBe("/barbearias?latitude=1&longitude=2&lng=es");
    expect(withLang("/barbearia/x#ratings", "en")).toBe("/barbearia/x?lng=en#ratings");
  });
  it("leaves Portuguese pages, other sites, anchors and links that name their language alone", () => {
    expect(withLang("/faq", "pt-BR")).toBe("/faq");
    expect(withLang("https://wa.me/55", "en")).toBe("https://wa.me/55");
    expect(withLang("//evil.example", "en")).toBe("//evil.example");
    expect(withLang("#main", "en")).toBe("#main");
    expect(withLang("/faq?lng=es", "en")).toBe("/faq?lng=es");
  });
});
