import { ZLogin, ZRegister } from "@/lib/contract/account";
import { fieldErrorText, issueToKey } from "./form-errors";
import { maskPhoneBr as maskPhone } from "@/lib/phone-mask";
import { safeNext } from "./safe-next";

const t = (key: string, vars?: Record<string, unknown>) => `${key}${vars && "minimum" in vars ? `:${vars.minimum}` : ""}`;

describe("form errors", () => {
  function errors(schema: typeof ZLogin | typeof ZRegister, value: unknown) {
    const result = schema.safeParse(value, { error: issueToKey });
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), fieldErrorText(t, i.message)]));
  }

  it("maps the spec's minimum lengths to translated keys", () => {
    expect(errors(ZLogin, { login: "abc", password: "123" })).toEqual({ login: "validation.too_small_string:8", password: "validation.too_small_string:6" });
  });

  it("keeps the schema's own keys: the confirmation message, an invalid phone, unsafe characters", () => {
    const e = errors(ZRegister, { name: "Ana Souza", email: "ana@example.com", phone: "(00) 00000-0000", password: "123456", password_confirmation: "654321" });
    expect(e.password_confirmation).toBe("validation.PASSWORD_MISMATCH");
    expect(e.phone).toBe("validation.INVALID_PHONE");
    const name = errors(ZRegister, { name: "Ana\u202EanuS", email: "ana@example.com", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).name;
    expect(name).toBe("validation.UNSAFE_CHARACTERS");
  });

  it("says required for an empty e-mail and invalid for a malformed one", () => {
    expect(errors(ZRegister, { name: "Ana", email: "", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).email).toBe("validation.required");
    expect(errors(ZRegister, { name: "Ana", email: "ana@", phone: "(11) 91234-5678", password: "123456", password_confirmation: "123456" }).email).toBe("validation.invalid_email");
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
  it("follows only paths of this site", () => {
    expect(safeNext("/favoritos")).toBe("/favoritos");
    expect(safeNext("//evil.com")).toBe("/");
    expect(safeNext("https://evil.com")).toBe("/");
    expect(safeNext("/\\evil.com")).toBe("/");
    expect(safeNext(null, "/perfil")).toBe("/perfil");
  });
});
