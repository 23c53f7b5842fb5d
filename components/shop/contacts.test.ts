import { instagramContact, instagramHandle, phoneContact, whatsappContact } from "./contacts";

describe("instagramHandle", () => {
  it.each([
    ["@cabeloebarbaco_jabaquara", "cabeloebarbaco_jabaquara"],
    ["barbearia.do.ze", "barbearia.do.ze"],
    ["  @Navalha  ", "Navalha"],
    ["instagram.com/navalha", "navalha"],
    ["https://www.instagram.com/navalha/?igsh=MWd3dGZ5", "navalha"],
    ["http://instagram.com/navalha#top", "navalha"],
    ["https://m.instagram.com/navalha", "navalha"],
    ["instagr.am/navalha", "navalha"],
  ])("reads %s as %s", (value, handle) => {
    expect(instagramHandle(value)).toBe(handle);
  });

  it.each([
    ["a post's link", "https://www.instagram.com/p/C1a2b3/"],
    ["a name with spaces", "Barbearia do Zé"],
    ["another site", "https://facebook.com/navalha"],
    ["a handle too long", "a".repeat(31)],
    ["nothing", "  "],
    ["null", null],
  ])("reads no handle from %s", (_, value) => {
    expect(instagramHandle(value)).toBeNull();
  });
});

describe("shop contacts", () => {
  it("link Instagram's profile page and show the handle", () => {
    expect(instagramContact("https://www.instagram.com/navalha/?igsh=x")).toEqual({ label: "@navalha", href: "https://www.instagram.com/navalha/" });
    expect(instagramContact("Barbearia do Zé")).toEqual({ label: "Barbearia do Zé" });
    expect(instagramContact(null)).toBeNull();
  });

  it("open WhatsApp on the Brazilian number however it was saved, country code included", () => {
    for (const saved of ["+5511968594404", "5511968594404", "(11) 96859-4404", "11968594404"]) {
      expect(whatsappContact(saved)).toEqual({ label: "(11) 96859-4404", href: "https://wa.me/5511968594404" });
    }
    expect(whatsappContact("ligue pra gente")).toEqual({ label: "ligue pra gente" });
    expect(whatsappContact("")).toBeNull();
  });

  it("call the full number, and show one that is not a phone without a link", () => {
    expect(phoneContact("(11) 3137-2204")).toEqual({ label: "(11) 3137-2204", href: "tel:+551131372204" });
    expect(phoneContact("+551131372204")).toEqual({ label: "(11) 3137-2204", href: "tel:+551131372204" });
    expect(phoneContact("0800 não atende")).toEqual({ label: "0800 não atende" });
    expect(phoneContact(null)).toBeNull();
  });
});
