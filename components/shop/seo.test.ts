import { alternates, previewDescription, serializeJsonLd } from "./seo";

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

describe("previewDescription", () => {
  const facts = ["★ 4,7", "13 avaliações", "R$ 30,00 – R$ 215,00"];

  it("puts the facts first, then the page's own text with its line breaks as spaces", () => {
    expect(previewDescription(facts, "Corte clássico.\n\nEstacionamento ao lado.")).toBe(
      "★ 4,7 · 13 avaliações · R$ 30,00 – R$ 215,00. Corte clássico. Estacionamento ao lado.",
    );
    expect(previewDescription([], "Só o texto.")).toBe("Só o texto.");
    expect(previewDescription(["★ 5,0", ""], "")).toBe("★ 5,0");
  });

  it("cuts a long text after its last whole word, within the limit", () => {
    const text = "Do social ao moderno, cuidamos do seu visual com produtos de qualidade e técnica apurada. Estacionamento conveniado na rua ao lado, e café.";
    const out = previewDescription(facts, text);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("…")).toBe(true);
    expect(out).toBe(
      "★ 4,7 · 13 avaliações · R$ 30,00 – R$ 215,00. Do social ao moderno, cuidamos do seu visual com produtos de qualidade e técnica apurada. Estacionamento…",
    );
  });

  it("never leaves half of an emoji", () => {
    const out = previewDescription([], "💈".repeat(100), 11);
    expect(out).toBe("💈💈💈💈💈…");
    expect(out.length).toBeLessThanOrEqual(11);
  });
});
