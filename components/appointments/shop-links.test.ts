import type { TAppointment } from "@/lib/contract/appointments";
import { bookAgainHref, directionsUrl, shopWhatsappUrl } from "./shop-links";

const a = {
  id: 42,
  date: "2026-11-28",
  start_hour: "10:00",
  barbershop: { name: "Dom Zé & Cia", slug: "dom-ze", latitude: -23.56, longitude: -46.68 },
  barber: { id: 7, name: "Diego" },
  services: [{ id: 3 }, { id: 5 }],
  barbershop_contact: { phone: "+551131372204", whatsapp: "+5511968594404" },
} as unknown as TAppointment;
const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars)}`;

describe("an appointment's links to its shop", () => {
  it("open the shop's WhatsApp with a first line naming the appointment, encoded", () => {
    const url = new URL(shopWhatsappUrl(a, t, "pt-BR")!);
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/5511968594404");
    expect(url.searchParams.get("text")).toBe(`detail.shopText ${JSON.stringify({ shop: "Dom Zé & Cia", id: 42, when: "sábado, 28 de novembro de 2026 · 10:00", barber: "Diego" })}`);
  });

  it("give no WhatsApp link when the shop has none, or the answer predates the field", () => {
    expect(shopWhatsappUrl({ ...a, barbershop_contact: { phone: "+551131372204", whatsapp: null } }, t, "en")).toBeNull();
    expect(shopWhatsappUrl({ ...a, barbershop_contact: undefined } as unknown as TAppointment, t, "en")).toBeNull();
  });

  it("lead to the way there and to the same services with the same barber", () => {
    expect(directionsUrl(a.barbershop)).toBe("https://www.google.com/maps/dir/?api=1&destination=-23.56,-46.68");
    expect(bookAgainHref(a)).toBe("/barbearia/dom-ze/agendar?service=3,5&barber=7");
  });
});
