import { textLang } from "./text-lang";

it("tells the site's three languages apart in what shops and clients write", () => {
  expect(textLang("Barbearia clássica no coração de Bom Retiro, com atendimento sem pressa, toalha quente e aquele cafezinho enquanto você espera.")).toBe(
    "pt-BR",
  );
  expect(textLang("Profissional competente, mas o ar-condicionado estava fraco no dia.")).toBe("pt-BR");
  expect(textLang("Barba modelada na navalha com toalha quente e balm.")).toBe("pt-BR");
  expect(textLang("Muito bom!")).toBe("pt-BR");
  expect(textLang("Excelente corte, muy buen ambiente.")).toBe("es");
  expect(textLang("Great cut, friendly staff.")).toBe("en");
});

it("leaves unmarked a single word, and what has no words", () => {
  expect(textLang("Degradê")).toBeNull();
  expect(textLang("")).toBeNull();
  expect(textLang("   ")).toBeNull();
  expect(textLang(null)).toBeNull();
  expect(textLang("10/10 !!")).toBeNull();
});
