/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import type { TShop } from "@/lib/contract/shops";
import { AMENITIES } from "@/scripts/seed/data/names";
import en from "@/locales/en/shop.json";
import es from "@/locales/es/shop.json";
import ptBR from "@/locales/pt-BR/shop.json";
import { amenityName } from "./amenities";
import { ShopAboutSection } from "./shop-about-section";

const t = (key: string) => (key === "about.phone" ? "Telefone" : key);
const shop = {
  name: "Dom Zé",
  description: "",
  amenities: [],
  address: "Rua A, 1",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
} as unknown as TShop;

describe("ShopAboutSection's contacts", () => {
  it("link WhatsApp with the country code, the phone in full and the Instagram profile, however the shop saved them", () => {
    render(
      <ShopAboutSection shop={{ ...shop, phone: "(11) 3137-2204", whatsapp: "11968594404", instagram: "https://www.instagram.com/domze/?igsh=MWd3" }} t={t} />,
    );
    expect(screen.getByRole("link", { name: "(11) 96859-4404" })).toHaveAttribute("href", "https://wa.me/5511968594404");
    expect(screen.getByRole("link", { name: "(11) 3137-2204" })).toHaveAttribute("href", "tel:+551131372204");
    const instagram = screen.getByRole("link", { name: "@domze" });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/domze/");
    expect(instagram).toHaveAttribute("target", "_blank");
  });

  it("show what is not a phone or a profile as text, with no link that would open the wrong chat or page", () => {
    render(<ShopAboutSection shop={{ ...shop, phone: null, whatsapp: "chama no zap", instagram: "Barbearia do Zé" }} t={t} />);
    expect(screen.getByText("chama no zap")).toBeInTheDocument();
    expect(screen.getByText("Barbearia do Zé")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByText(/Telefone/)).toBeNull();
  });
});

describe("ShopAboutSection's description", () => {
  it("is marked with the language the shop wrote it in, for screen readers on a page in another", () => {
    const description = "Barbearia clássica no coração de Pinheiros, com toalha quente e cafezinho enquanto você espera.";
    render(<ShopAboutSection shop={{ ...shop, phone: null, whatsapp: null, instagram: null, description }} t={t} />);
    expect(screen.getByText(description)).toHaveAttribute("lang", "pt-BR");
  });
});

describe("ShopAboutSection's amenities", () => {
  it("name the ones the shops' app offers in the page's language, and show what a shop wrote itself as it wrote it", () => {
    const english: Record<string, string> = { "about.amenity.parking": "Parking", "about.amenity.cards": "Cards accepted" };
    render(
      <ShopAboutSection
        shop={{ ...shop, phone: null, whatsapp: null, instagram: null, amenities: ["Estacionamento", " aceita cartão", "Sala de espera com revistas"] }}
        t={(k) => english[k] ?? k}
      />,
    );
    expect(
      screen
        .getAllByRole("listitem")
        .map((li) => li.textContent)
        .slice(0, 3),
    ).toEqual(["Parking", "Cards accepted", "Sala de espera com revistas"]);
    // The shop's own words keep their language; the page's names are in the page's.
    expect(
      screen
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("lang"))
        .slice(0, 3),
    ).toEqual([null, null, "pt-BR"]);
  });

  it("have a name in each language for every amenity the shops' app offers", () => {
    // Every one of them is looked up (a new one left out of components/shop/amenities.ts would be shown in Portuguese) ...
    for (const amenity of AMENITIES) expect(amenityName(() => "looked up", amenity)).toBe("looked up");
    // ... and found in each catalogue; in Portuguese, as the shop wrote it.
    for (const catalogue of [ptBR, en, es]) {
      const names = catalogue.about.amenity as Record<string, string>;
      for (const amenity of AMENITIES) {
        const shown = amenityName((k) => names[k.replace("about.amenity.", "")] ?? `missing ${k}`, amenity);
        expect(shown).not.toMatch(/^missing/);
        if (catalogue === ptBR) expect(shown).toBe(amenity);
      }
    }
    // And an unknown one is not looked up at all.
    expect(amenityName(() => "looked up", "Barbeiro bilíngue")).toBe("Barbeiro bilíngue");
  });
});
