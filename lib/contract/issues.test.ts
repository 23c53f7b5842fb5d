import { z } from "zod";
import { plainIssue } from "./issues";
import { ZGuestPhone } from "./booking";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { reportInput: true });
  return parsed.success ? [] : parsed.error.issues;
};

it("reads an empty field as missing and any failed check of a phone as not a phone; anything else as its check", () => {
  const form = z.object({ name: z.string().min(3), phone: ZGuestPhone, age: z.number().int().positive() });
  const plain = (value: Record<string, unknown>) =>
    issuesOf(form, { name: "Zé Silva", phone: "(11) 91234-5678", age: 30, ...value }).map((i) => [i.path.join("."), plainIssue(i)]);
  expect(plain({ name: "  " })).toEqual([["name", "required"]]);
  expect(plain({ phone: "" })).toContainEqual(["phone", "required"]);
  expect(plain({ phone: "11912345678" })).toEqual(expect.arrayContaining([["phone", "INVALID_PHONE"]]));
  // (Its own check says INVALID_PHONE in its message, which both sides read as a key.)
  expect(plain({ phone: "(11) 1234" })).toEqual([
    ["phone", "INVALID_PHONE"],
    ["phone", null],
  ]);
  expect(plain({ name: "Zé" })).toEqual([["name", null]]);
  expect(plain({ age: 0 })).toEqual([["age", null]]);
  // Left out is another kind of issue (invalid_type), which each side words itself.
  expect(plain({ name: undefined })).toEqual([["name", null]]);
});
