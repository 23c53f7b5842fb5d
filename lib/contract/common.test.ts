import { ZRegister, ZAddressInput } from "./account";
import { ZCreateGuestAppointment, ZCreateReview } from "./booking";
import { INVALID_NAME, UNSAFE_CHARACTERS, ZFreeText, ZPersonName } from "./common";

const name = ZFreeText().min(3).max(20);
const comment = ZFreeText({ multiline: true }).max(50);
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("ZFreeText", () => {
  it("removes zero-width characters, then trims and measures what is left", () => {
    expect(name.parse(" \u200BA\u200Cn\u200Da\u2060\uFEFF ")).toBe("Ana");
    expect(name.safeParse("A\u200B\u200B\u200Bn").success).toBe(false); // "An": too short once cleaned
  });

  it("normalises to NFC, so that one name has one spelling", () => {
    const decomposed = "Jose\u0301 Joa\u0303o";
    expect(name.parse(decomposed)).toBe("José João");
    expect(name.parse(decomposed)).toBe(name.parse("José João"));
  });

  it.each([
    ["right-to-left override", "\u202Egnp.exe"],
    ["left-to-right embedding", "a\u202Abc"],
    ["pop directional formatting", "abc\u202C"],
    ["right-to-left isolate", "ab\u2067cd"],
    ["pop directional isolate", "abcd\u2069"],
    ["right-to-left mark", "abc\u200F"],
    ["Arabic letter mark", "abc\u061C"],
    ["escape (C0)", "abc\u001B[31m"],
    ["delete", "abc\u007F"],
    ["next line (C1)", "abc\u0085"],
    ["a newline in a one-line field", "Ana\nSouza"],
    ["a tab", "Ana\tSouza"],
  ])("refuses a %s with its own message", (_, text) => {
    expect(messages(name.safeParse(text))).toContain(UNSAFE_CHARACTERS);
  });

  it("keeps newlines in multi-line text (CRLF as LF) and refuses other controls there", () => {
    expect(comment.parse("Ótimo corte.\r\nVoltarei!\n")).toBe("Ótimo corte.\nVoltarei!");
    expect(messages(comment.safeParse("Ótimo\u202E corte"))).toContain(UNSAFE_CHARACTERS);
    expect(messages(comment.safeParse("Ótimo\u0007"))).toContain(UNSAFE_CHARACTERS);
  });

  it("lets ordinary names and text through untouched: accents, apostrophes, emoji, other scripts", () => {
    for (const text of ["Zé D'Ávila", "Ñandú Peña", "Corte top 💈", "محمد", "José-María"]) expect(name.parse(text)).toBe(text);
  });

  it("is the rule of every free-text field others see", () => {
    const rlo = "Ana\u202EanuS";
    const register = ZRegister.safeParse({ name: rlo, email: "a@b.com", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" });
    expect(messages(register)).toEqual([UNSAFE_CHARACTERS]);
    const review = ZCreateReview.safeParse({ appointment_id: 1, rating: 5, comment: rlo });
    expect(messages(review)).toEqual([UNSAFE_CHARACTERS]);
    const booking = { barbershop_id: 1, barber_id: 1, services: [1], date: "2030-01-01", start_hour: "10:00", phone: "(11) 91234-5678" };
    expect(messages(ZCreateGuestAppointment.safeParse({ ...booking, name: rlo }))).toEqual([UNSAFE_CHARACTERS]);
    expect(messages(ZCreateGuestAppointment.safeParse({ ...booking, name: "Ana", notes: "x\u2066y" }))).toEqual([UNSAFE_CHARACTERS]);
    expect(messages(ZAddressInput.safeParse({ label: rlo, street: "Rua A", city: "São Paulo", state: "SP" }))).toEqual([UNSAFE_CHARACTERS]);
  });
});

describe("ZPersonName", () => {
  const person = ZPersonName();

  it.each([
    ["Hangul filler", "\u3164\u3164\u3164"],
    ["Hangul choseong filler", "Ana\u115F"],
    ["Hangul jungseong filler", "\u1160Ana"],
    ["halfwidth Hangul filler", "A\uFFA0na"],
    ["blank Braille pattern", "\u2800\u2800\u2800"],
    ["tag character", "Ana\u{E0020}"],
    ["cancel tag", "Ana\u{E007F}"],
    ["combining grapheme joiner", "Ana\u034F"],
    ["Mongolian vowel separator", "Ana\u180E"],
    ["no letter", "12345"],
    ["no letter, only marks", "\u0301\u0301\u0301"],
  ])("refuses a %s with its own message", (_, text) => {
    expect(messages(person.safeParse(text))).toEqual([INVALID_NAME]);
  });

  it("keeps names in any script, and drops an emoji's variation selector", () => {
    for (const name of ["Ana", "José João", "李小龍", "محمد علي", "Ngũgĩ"]) expect(person.parse(name)).toBe(name);
    expect(person.parse(" Ana ❤\uFE0F ")).toBe("Ana ❤");
  });

  it("says unsafe characters once, not also that the name shows no letter", () => {
    expect(messages(person.safeParse("Ana \u202EazuoS"))).toEqual([UNSAFE_CHARACTERS]);
  });
});
