import type { TAppointment } from "@/lib/contract/appointments";
import { directionsUrl, googleCalendarUrl, shopWhatsappUrl } from "./shop-links";
import { bookAgainPath } from "@/lib/contract/appointments";

const a = {
  id: 42,
  date: "2026-11-28",
  start_hour: "10:00",
  starts_at: "2026-11-28T10:00:00-03:00",
  ends_at: "2026-11-28T10:45:00-03:00",
  barbershop: {
    name: "Dom Zé & Cia",
    slug: "dom-ze",
    latitude: -23.56,
    longitude: -46.68,
    address: "Rua Augusta, 100",
    neighborhood: "Consolação",
    city: "São Paulo",
    state: "SP",
  },
  barber: { id: 7, name: "Diego" },
  services: [
    { id: 3, name: "Corte" },
    { id: 5, name: "Barba" },
  ],
  barbershop_contact: { phone: "+551131372204", whatsapp: "+5511968594404" },
} as unknown as TAppointment;
const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars)}`;

describe("an appointment's links to its shop", () => {
  it("open the shop's WhatsApp with a first line naming the appointment, encoded", () => {
    const url = new URL(shopWhatsappUrl(a, t, "pt-BR")!);
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/5511968594404");
    expect(url.searchParams.get("text")).toBe(
      `detail.shopText ${JSON.stringify({ shop: "Dom Zé & Cia", id: 42, when: "sábado, 28 de novembro de 2026 · 10:00", barber: "Diego" })}`,
    );
  });

  it("give no WhatsApp link when the shop has none, or the answer predates the field", () => {
    expect(shopWhatsappUrl({ ...a, barbershop_contact: { phone: "+551131372204", whatsapp: null } }, t, "en")).toBeNull();
    expect(shopWhatsappUrl({ ...a, barbershop_contact: undefined } as unknown as TAppointment, t, "en")).toBeNull();
  });

  it("lead to the way there and to the same services with the same barber", () => {
    expect(directionsUrl(a.barbershop)).toBe("https://www.google.com/maps/dir/?api=1&destination=-23.56,-46.68");
    expect(bookAgainPath(a)).toBe("/barbearia/dom-ze/agendar?service=3,5&barber=7");
  });

  it("add it to Google Calendar at its instant in UTC, with where, what, with whom and the way back to it", () => {
    const url = new URL(googleCalendarUrl(a, "Agendamento na Dom Zé & Cia", "https://navalha.app/agendamento/42?token=abc"));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Agendamento na Dom Zé & Cia");
    expect(url.searchParams.get("dates")).toBe("20261128T130000Z/20261128T134500Z");
    expect(url.searchParams.get("location")).toBe("Dom Zé & Cia, Rua Augusta, 100, Consolação, São Paulo - SP");
    expect(url.searchParams.get("details")).toBe("Corte, Barba\nDiego\nWhatsApp: https://wa.me/5511968594404\nhttps://navalha.app/agendamento/42?token=abc");
  });
});
