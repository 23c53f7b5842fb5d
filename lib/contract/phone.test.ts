import { ZCreateGuestAppointment } from "./booking";
import { formatPhoneBr, phoneToE164 } from "./common";
import { maskPhoneBr } from "@/lib/text/phone-mask";

describe("phoneToE164 (libphonenumber-js with Brazil's full numbering plan)", () => {
  it.each([
    ["(11) 91234-5678", "+5511912345678"],
    ["11912345678", "+5511912345678"],
    ["+55 11 91234-5678", "+5511912345678"],
    ["5511912345678", "+5511912345678"],
    ["(11) 3234-5678", "+551132345678"],
    ["(31) 98888-7777", "+5531988887777"],
  ])("%s → %s", (input, e164) => {
    expect(phoneToE164(input)).toBe(e164);
  });

  it.each([
    ["a DDD that does not exist", "(00) 91234-5678"],
    ["a mobile that does not start with 9", "(11) 81234-5678"],
    ["a landline that starts with 1", "(11) 1234-5678"],
    ["a digit short", "(11) 91234-567"],
    ["a number of another country", "+1 415 555 2671"],
  ])("refuses %s", (_, input) => {
    expect(phoneToE164(input)).toBeNull();
  });

  it("makes the guest booking schema refuse a number that only looks Brazilian", () => {
    const booking = { barbershop_id: 1, barber_id: 1, services: [1], date: "2026-12-01", start_hour: "10:00", name: "Ana Souza" };
    expect(ZCreateGuestAppointment.safeParse({ ...booking, phone: "(11) 91234-5678" }).success).toBe(true);
    expect(ZCreateGuestAppointment.safeParse({ ...booking, phone: "(11) 81234-5678" }).success).toBe(false);
  });
});

describe("formatPhoneBr", () => {
  it("shows E.164 numbers with the Brazilian mask", () => {
    expect(formatPhoneBr("+5511912345678")).toBe("(11) 91234-5678");
    expect(formatPhoneBr("+551132345678")).toBe("(11) 3234-5678");
    expect(formatPhoneBr(null)).toBe("");
  });

  it("gives the same text as the typing mask once a number is complete", () => {
    for (const digits of ["11912345678", "1132345678", "21998765432"]) {
      expect(maskPhoneBr(digits)).toBe(formatPhoneBr(phoneToE164(digits)));
    }
  });
});
