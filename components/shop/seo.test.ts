import { alternates, serializeJsonLd } from "./seo";

describe("serializeJsonLd", () => {
  it("cannot be closed by a value containing </script>", () => {
    const out = serializeJsonLd({ name: 'Barber</script><script>alert("x")</script>' });
    expect(out).not.toContain("</script>");
    expect(out).not.toContain("<");
    expect(JSON.parse(out)).toEqual({ name: 'Barber</script><script>alert("x")</script>' });
  });
});

describe("alternates", () => {
  it("makes every language's URL its own canonical, with the same alternates", () => {
    expect(alternates("/barbearia/x", "en").canonical).toBe("/barbearia/x?lng=en");
    expect(alternates("/barbearia/x", "es").canonical).toBe("/barbearia/x?lng=es");
    expect(alternates("/barbearia/x", "en").languages).toEqual(alternates("/barbearia/x", "pt-BR").languages);
  });

  it("gives pt-BR and x-default without ?lng= and the other languages with it", () => {
    expect(alternates("/barbearia/x")).toEqual({
      canonical: "/barbearia/x",
      languages: { "pt-BR": "/barbearia/x", en: "/barbearia/x?lng=en", es: "/barbearia/x?lng=es", "x-default": "/barbearia/x" },
    });
    expect(alternates("/cidade/sao-paulo?page=2").languages).toMatchObject({ en: "/cidade/sao-paulo?page=2&lng=en" });
  });
});
