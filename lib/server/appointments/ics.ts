import "server-only";
import type { TAppointment } from "@/lib/contract/appointments";
import { whatsappChat } from "@/lib/contract/common";

// RFC 5545: text values escape backslash, semicolon, comma and newlines; lines fold at 75 octets.
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

export function foldIcsLine(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, "utf8") > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A one-event calendar for an appointment; times in UTC so every calendar places it right. */
/**
 * PUBLISH for a download; REQUEST (an invitation, with organizer and attendee) and CANCEL for e-mail,
 * where calendars match the stable UID and keep the event of the highest SEQUENCE.
 */
export function appointmentToIcs(
  a: TAppointment,
  options: {
    title: string;
    pageUrl: string;
    now?: Date;
    method?: "PUBLISH" | "REQUEST" | "CANCEL";
    sequence?: number;
    organizer?: string;
    attendee?: { name: string; email: string };
  },
): string {
  const method = options.method ?? "PUBLISH";
  const invitation =
    method === "PUBLISH" || !options.organizer || !options.attendee
      ? []
      : [
          `ORGANIZER;CN=${escapeIcsText(a.barbershop.name)}:mailto:${options.organizer}`,
          `ATTENDEE;CN=${escapeIcsText(options.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${options.attendee.email}`,
        ];
  const shop = a.barbershop;
  // The shop's WhatsApp (else its phone), which calendars turn into a link: a client running late finds it in the event.
  const contact = a.barbershop_contact?.whatsapp ? `WhatsApp: ${whatsappChat(a.barbershop_contact.whatsapp)}` : (a.barbershop_contact?.phone ?? null);
  const description = [a.services.map((s) => s.name).join(", "), a.barber.name, contact, options.pageUrl].filter(Boolean).join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Navalha//Booking//PT-BR",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:appointment-${a.id}@navalha.app`,
    `DTSTAMP:${utcStamp((options.now ?? new Date()).toISOString())}`,
    `SEQUENCE:${options.sequence ?? 0}`,
    ...invitation,
    `DTSTART:${utcStamp(a.starts_at)}`,
    `DTEND:${utcStamp(a.ends_at)}`,
    `SUMMARY:${escapeIcsText(options.title)}`,
    `LOCATION:${escapeIcsText(`${shop.name}, ${shop.address}, ${shop.neighborhood}, ${shop.city} - ${shop.state}`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `GEO:${shop.latitude};${shop.longitude}`,
    `STATUS:${method === "CANCEL" || a.status === "cancelled" ? "CANCELLED" : a.status === "confirmed" ? "CONFIRMED" : "TENTATIVE"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
