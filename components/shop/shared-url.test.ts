import { sharedUrl } from "./shared-url";

describe("sharedUrl", () => {
  it("keeps the page's address and language, nothing the address bar picked up on the way", () => {
    expect(sharedUrl("https://navalha.app/barbearia/navalha?fbclid=IwAR0&utm_source=whatsapp#ratings", "pt-BR")).toBe("https://navalha.app/barbearia/navalha");
    expect(sharedUrl("https://navalha.app/barbearia/navalha?lng=en&igsh=MWx&reviews=20", "en")).toBe("https://navalha.app/barbearia/navalha?lng=en");
    // A language chosen by cookie, not in the address: the link still opens in it.
    expect(sharedUrl("https://navalha.app/barbearia/navalha", "es")).toBe("https://navalha.app/barbearia/navalha?lng=es");
  });
});
