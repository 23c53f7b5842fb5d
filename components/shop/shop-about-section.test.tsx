/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import type { TShop } from "@/lib/contract/shops";
import { ShopAboutSection } from "./shop-about-section";

const t = (key: string) => (key === "about.phone" ? "Telefone" : key);
const shop = { name: "Dom Zé", description: "", amenities: [], address: "Rua A, 1", neighborhood: "Pinheiros", city: "São Paulo", state: "SP" } as unknown as TShop;

describe("ShopAboutSection's contacts", () => {
  it("link WhatsApp with the country code, the phone in full and the Instagram profile, however the shop saved them", () => {
    render(<ShopAboutSection shop={{ ...shop, phone: "(11) 3137-2204", whatsapp: "11968594404", instagram: "https://www.instagram.com/domze/?igsh=MWd3" }} t={t} />);
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
