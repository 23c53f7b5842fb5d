import type { TAppointment } from "@/lib/contract/appointments";
import { appointmentToIcs } from "./ics";

const appointment = {
  id: 42,
  status: "confirmed",
  barbershop: {
    name: "Barbearia Navalha, Centro",
    address: "Rua Augusta, 100",
    neighborhood: "Consolação",
    city: "São Paulo",
    state: "SP",
    latitude: -23.55,
    longitude: -46.65,
  },
  barber: { name: "João" },
  services: [{ name: "Corte; degradê" }, { name: "Barba" }],
  starts_at: "2026-11-23T14:00:00-03:00",
  ends_at: "2026-11-23T15:30:00-03:00",
} as unknown as TAppointment;

describe("appointmentToIcs", () => {
  const ics = appointmentToIcs(appointment, {
    title: "Agendamento na Barbearia Navalha",
    pageUrl: "https://navalha.app/agendamento/42",
    now: new Date("2026-11-20T10:00:00Z"),
  });

  it("places the event at the right instant in UTC, with CRLF line ends", () => {
    expect(ics).toContain("DTSTART:20261123T170000Z\r\n");
    expect(ics).toContain("DTEND:20261123T183000Z\r\n");
    expect(ics).toContain("STATUS:CONFIRMED");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("escapes commas, semicolons and new lines and folds long lines", () => {
    expect(ics).toContain("LOCATION:Barbearia Navalha\\, Centro\\, Rua Augusta\\, 100");
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("DESCRIPTION:Corte\\; degradê\\, Barba\\nJoão\\nhttps://navalha.app/agendamento/42");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("gives the shop's WhatsApp as a link, else its phone, for a client running late", () => {
    const unfold = (s: string) => s.replace(/\r\n /g, "");
    const withWhatsapp = appointmentToIcs(
      { ...appointment, barbershop_contact: { phone: "+551131372204", whatsapp: "+5511968594404" } },
      { title: "x", pageUrl: "https://navalha.app/agendamento/42" },
    );
    expect(unfold(withWhatsapp)).toContain(
      "DESCRIPTION:Corte\\; degradê\\, Barba\\nJoão\\nWhatsApp: https://wa.me/5511968594404\\nhttps://navalha.app/agendamento/42",
    );
    const phoneOnly = appointmentToIcs(
      { ...appointment, barbershop_contact: { phone: "+551131372204", whatsapp: null } },
      { title: "x", pageUrl: "https://navalha.app/agendamento/42" },
    );
    expect(unfold(phoneOnly)).toContain("\\nJoão\\n+551131372204\\nhttps://");
  });
});
