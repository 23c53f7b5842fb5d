import { ZLogin, ZRegister } from "@/lib/contract/account";
import { fieldErrorText, issueToKey } from "./form-errors";
import { maskPhoneBr as maskPhone } from "@/lib/text/phone-mask";
import { safeNext } from "./safe-next";

const t = (key: string, vars?: Record<string, unknown>) => `${key}${vars && "minimum" in vars ? `:${vars.minimum}` : ""}`;

describe("form errors", () => {
  function errors(schema: typeof ZLogin | typeof ZRegister, value: unknown) {
    const result = schema.safeParse(value, { error: issueToKey });
    if (result.success) return {};
    // The first issue of each field, as the forms' resolver shows it.
    return Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join("."), fieldErrorText(t, i.message)]));
  }

  it("maps the spec's minimum lengths to translated keys", () => {
    expect(errors(ZLogin, { login: "abc", password: "123" })).toEqual({ login: "validation.too_small_string:8", password: "validation.too_small_string:6" });
  });

  it("keeps the schema's own keys: the confirmation message, an invalid phone, unsafe characters", () => {
    const e = errors(ZRegister, { name: "Ana Souza", email: "ana@example.com", phone: "(00) 00000-0000", password: "123456", password_confirmation: "654321" });
    expect(e.password_confirmation).toBe("validation.PASSWORD_MISMATCH");
    expect(e.phone).toBe("validation.INVALID_PHONE");
    const name = errors(ZRegister, {
      name: "Ana\u202EanuS",
      email: "ana@example.com",
      phone: "(11) 91234-5678",
      password: "123456",
      password_confirmation: "123456",
    }).name;
    expect(name).toBe("validation.UNSAFE_CHARACTERS");
    const blank = errors(ZRegister, {
      name: "\u3164\u3164\u3164",
      email: "ana@example.com",
      phone: "(11) 91234-5678",
      password: "123456",
      password_confirmation: "123456",
    }).name;
    expect(blank).toBe("validation.INVALID_NAME");
  });

  it("says required for an empty field, whatever its rule, and a phone is valid or not, never 'at least 14 characters'", () => {
    const empty = errors(ZRegister, { name: "", email: "ana@example.com", phone: "", password: "", password_confirmation: "" });
    expect(empty).toEqual({ name: "validation.required", phone: "validation.required", password: "validation.required" });
    expect(errors(ZRegister, { name: "Ana", email: "ana@example.com", phone: "(12) 34", password: "123456", password_confirmation: "123456" }).phone).toBe(
      "validation.INVALID_PHONE",
    );
    expect(
      errors(ZRegister, { name: "Ana", email: "ana@example.com", phone: "(11) 91234-5678 ramal 2", password: "123456", password_confirmation: "123456" }).phone,
    ).toBe("validation.INVALID_PHONE");
    expect(
      errors(ZRegister, { name: "Jo", email: "ana@example.com", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).name,
    ).toBe("validation.too_small_string:3");
  });

  it("says required for an empty e-mail and invalid for a malformed one", () => {
    expect(errors(ZRegister, { name: "Ana", email: "", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).email).toBe(
      "validation.required",
    );
    expect(errors(ZRegister, { name: "Ana", email: "ana@", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).email).toBe(
      "validation.invalid_email",
    );
  });
});

describe("maskPhone", () => {
  it.each([
    ["11", "(11"],
    ["119", "(11) 9"],
    ["1191234", "(11) 9123-4"],
    ["1131234567", "(11) 3123-4567"],
    ["11912345678", "(11) 91234-5678"],
    ["+55 11 91234-5678", "(11) 91234-5678"],
    ["119123456789999", "(11) 91234-5678"],
  ])("%s → %s", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});

describe("safeNext", () => {
  const origin = "https://navalha.example";
  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/.//evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    " /x",
    "evil.example",
    "http://navalha.example.evil.example/",
  ])("refuses %j", (next) => {
    expect(safeNext(next, "/", origin)).toBe("/");
  });

  it.each([
    ["/favoritos", "/favoritos"],
    ["/barbearia/x.y?tab=servicos#equipe", "/barbearia/x.y?tab=servicos#equipe"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../perfil", "/perfil"],
  ])("keeps %j as %j", (next, expected) => {
    expect(safeNext(next, "/", origin)).toBe(expected);
  });

  it("falls back when there is nothing to follow", () => {
    expect(safeNext(null, "/perfil", origin)).toBe("/perfil");
    expect(safeNext("", "/perfil", origin)).toBe("/perfil");
  });

  it("works without a page origin (server render)", () => {
    expect(safeNext("/x")).toBe("/x");
    expect(safeNext("/\t/evil.example")).toBe("/");
  });
});
