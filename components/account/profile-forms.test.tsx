/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import en from "@/locales/en/account.json";
import type { TUser } from "@/lib/contract/users";
import { api } from "@/lib/api/client";
import { EmailForm } from "./email-form";
import { ProfileDataForm } from "./profile-forms";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

const user: TUser = { id: 3, type: "client", name: "Ana Lima", email: "ana@example.com", phone: "+5511912345678", birth_date: null, avatar_url: null };

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/api/client", () => ({
  api: { put: jest.fn(), post: jest.fn() },
  call: async (run: () => Promise<{ data: unknown }>) => (await run()).data,
}));
jest.mock("@/lib/api/session", () => ({ updateSessionUser: jest.fn(), saveSession: jest.fn() }));
jest.mock("./use-require-session", () => ({ useRequireSession: () => ({ token: "t", user }) }));

const put = api.put as jest.Mock;
const post = api.post as jest.Mock;
beforeEach(() => {
  put.mockReset();
  post.mockReset();
});

it("asks for the password only when the phone changes, then for the code sent to the new phone", async () => {
  render(<ProfileDataForm user={user} />);
  expect(screen.queryByLabelText(en.fields.currentPassword)).not.toBeInTheDocument();
  const phone = screen.getByLabelText(en.fields.phone);
  await userEvent.clear(phone);
  await userEvent.type(phone, "21987654321");
  await userEvent.type(screen.getByLabelText(en.fields.currentPassword), "s3nha-forte");

  put.mockResolvedValueOnce({ data: { user, pending_phone: "+5521987654321" } });
  await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
  expect(put).toHaveBeenCalledWith("/user-data", expect.objectContaining({ phone: "(21) 98765-4321", current_password: "s3nha-forte" }));
  expect(await screen.findByText(lookup("profile.codeSent", { phone: "(21) 98765-4321" }))).toHaveAttribute("role", "status");

  post.mockResolvedValueOnce({ data: { user: { ...user, phone: "+5521987654321" } } });
  await userEvent.type(screen.getByLabelText(en.profile.code), "123456");
  await userEvent.click(screen.getByRole("button", { name: en.profile.confirmPhone }));
  expect(post).toHaveBeenCalledWith("/confirm-phone", { code: "123456" });
  expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
}, 30_000);

it("sends the new e-mail with the current password and says where the link went", async () => {
  render(<EmailForm />);
  await userEvent.type(screen.getByLabelText(en.fields.email), "nova@example.com");
  await userEvent.type(screen.getByLabelText(en.fields.currentPassword), "s3nha-forte");
  post.mockResolvedValueOnce({ data: { sent_to: "nova@example.com" } });
  await userEvent.click(screen.getByRole("button", { name: en.email.submit }));
  expect(post).toHaveBeenCalledWith("/update-email", { email: "nova@example.com", current_password: "s3nha-forte" });
  expect(await screen.findByRole("status")).toHaveTextContent(lookup("email.sent", { email: "nova@example.com" }));
}, 30_000);
