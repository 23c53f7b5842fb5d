/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import en from "@/locales/en/booking.json";
import enErrors from "@/locales/en/errors.json";
import type { TBookingContext } from "@/lib/contract/booking";
import { api } from "@/lib/api/client";
import { BookingFlow } from "./booking-flow";

function lookup(key: string, vars: Record<string, unknown> = {}): string {
  const [ns, rest] = key.includes(":") ? key.split(":") : ["booking", key];
  let node: unknown = ns === "errors" ? enErrors : en;
  for (const part of rest.split(".")) node = (node as Record<string, unknown>)?.[part];
  const text = typeof node === "string" ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const fetcher = jest.fn();
jest.mock("@/lib/api/client", () => ({ api: { post: jest.fn() }, fetcher: (url: string) => fetcher(url) }));
jest.mock("@/lib/api/session", () => ({ useSession: () => ({ token: null, user: null }) }));

const context: TBookingContext = {
  shop: { id: 7, slug: "navalha", name: "Navalha", address: "Rua A, 1", neighborhood: "Centro", city: "São Paulo", state: "SP", timezone: "America/Sao_Paulo", agenda_time_interval: 30, logo_url: null, opening_hours: [] },
  barbers: [
    { id: 1, name: "Ana", avatar_url: null, rating_avg: 4.5, rating_count: 2, bio: "", service_ids: [10], working_weekdays: [1, 2, 3, 4, 5, 6] },
    { id: 2, name: "Beto", avatar_url: null, rating_avg: 0, rating_count: 0, bio: "", service_ids: [10, 11], working_weekdays: [0, 1, 2, 3, 4, 5, 6] },
  ],
  services: [
    { id: 10, name: "Corte", description: "", price: "45.00", duration_minutes: 30, category: "hair" },
    { id: 11, name: "Barba", description: "", price: "35.50", duration_minutes: 30, category: "beard" },
  ],
  products: [{ id: 5, name: "Pomada", price: "29.90" }],
  today: "2026-11-22", // a Sunday
};

const renderFlow = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BookingFlow context={context} lng="en" />
    </SWRConfig>,
  );

beforeEach(() => fetcher.mockReset());

it("shows times only once barber, service and date are chosen, grouped by period", async () => {
  fetcher.mockResolvedValue({ date: "2026-11-23", timezone: "America/Sao_Paulo", duration_minutes: 30, morning: ["09:00"], afternoon: ["14:30"], night: [] });
  renderFlow();
  expect(screen.getByText(lookup("flow.chooseFirst"))).toBeInTheDocument();

  await userEvent.click(screen.getByRole("radio", { name: /Ana/ }));
  // Ana does not perform the beard service, and does not work on Sundays.
  expect(screen.getByRole("checkbox", { name: /Barba/ })).toBeDisabled();
  expect(screen.getByRole("radio", { name: /Sunday, November 22, 2026 \(closed\)/ })).toBeDisabled();
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  expect(fetcher).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole("radio", { name: "Monday, November 23, 2026" }));

  expect(await screen.findByRole("radio", { name: "09:00" })).toBeInTheDocument();
  expect(fetcher).toHaveBeenCalledWith(expect.stringContaining("barber_id=1&services=10&date=2026-11-23"));
  expect(within(screen.getByRole("group", { name: "Morning" })).getByRole("radio", { name: "09:00" })).toBeInTheDocument();
  expect(within(screen.getByRole("group", { name: "Afternoon" })).getByRole("radio", { name: "14:30" })).toBeInTheDocument();
  expect(screen.queryByRole("group", { name: "Night" })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "Add one Pomada" }));
  await userEvent.click(screen.getByRole("button", { name: "Add one Pomada" }));
  const summary = screen.getByRole("complementary", { name: "Summary" });
  expect(summary).toHaveTextContent("SubtotalR$45.00");
  expect(summary).toHaveTextContent("AdditionalR$59.80");
  expect(summary).toHaveTextContent("TotalR$104.80");
});

it("says so when there is no free time, and when the times cannot be loaded", async () => {
  fetcher.mockResolvedValueOnce({ date: "2026-11-23", timezone: "America/Sao_Paulo", duration_minutes: 30, morning: [], afternoon: [], night: [] });
  fetcher.mockRejectedValueOnce(new Error("boom"));
  renderFlow();
  await userEvent.click(screen.getByRole("radio", { name: /Beto/ }));
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  await userEvent.click(screen.getByRole("radio", { name: "Monday, November 23, 2026" }));
  expect(await screen.findByText("No hours available in the period.")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("radio", { name: "Tuesday, November 24, 2026" }));
  expect(await screen.findByText("Error while loading schedules")).toBeInTheDocument();
});

it("masks the guest's phone as it is typed", async () => {
  renderFlow();
  const phone = screen.getByLabelText("Mobile phone");
  await userEvent.type(phone, "11912345678");
  expect(phone).toHaveValue("(11) 91234-5678");
});

function apiError(status: number, code: string, error: string) {
  return Object.assign(new Error(code), { response: { status, data: { code, error } } });
}

it("asks for the WhatsApp code when the server wants the phone confirmed, keeps every choice and books with the code", async () => {
  const post = api.post as jest.Mock;
  post.mockReset();
  mockPush.mockReset();
  fetcher.mockResolvedValue({ date: "2026-11-23", timezone: "America/Sao_Paulo", duration_minutes: 30, morning: ["09:00"], afternoon: [], night: [] });
  post
    .mockRejectedValueOnce(apiError(428, "PHONE_VERIFICATION_REQUIRED", "Confirm your phone"))
    .mockRejectedValueOnce(apiError(422, "INVALID_CODE", enErrors.INVALID_CODE))
    .mockResolvedValueOnce({ data: { appointment: { id: 9 }, manage_token: "tok-123" } });
  renderFlow();
  await userEvent.click(screen.getByRole("radio", { name: /Beto/ }));
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  await userEvent.click(screen.getByRole("radio", { name: "Monday, November 23, 2026" }));
  await userEvent.click(await screen.findByRole("radio", { name: "09:00" }));
  await userEvent.type(screen.getByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  expect(screen.queryByLabelText(lookup("flow.code"))).not.toBeInTheDocument();
  const confirm = () => userEvent.click(screen.getAllByRole("button", { name: "Confirm booking" })[0]);

  await confirm();
  expect(await screen.findByText(lookup("flow.codeSent", { phone: "(11) 91234-5678" }))).toHaveAttribute("role", "status");
  const codeField = screen.getByLabelText(lookup("flow.code"));
  expect(post).toHaveBeenCalledTimes(1);
  expect(post.mock.calls[0][1]).not.toHaveProperty("phone_code");

  // An incomplete code is caught before calling the API; a wrong one shows the server's message.
  await userEvent.type(codeField, "12a3");
  expect(codeField).toHaveValue("123");
  await confirm();
  expect(screen.getByText(lookup("flow.codeError"))).toBeInTheDocument();
  expect(post).toHaveBeenCalledTimes(1);
  await userEvent.type(codeField, "999");
  await confirm();
  expect(await screen.findByText(enErrors.INVALID_CODE)).toBeInTheDocument();
  expect(codeField).toHaveAttribute("aria-invalid", "true");

  await userEvent.clear(codeField);
  await userEvent.type(codeField, "123456");
  await confirm();
  expect(post).toHaveBeenCalledTimes(3);
  expect(post.mock.calls[2][0]).toBe("/appointments/appointment-without-login");
  expect(post.mock.calls[2][1]).toMatchObject({ barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-23", start_hour: "09:00", name: "João Silva", phone: "(11) 91234-5678", phone_code: "123456" });
  expect(mockPush).toHaveBeenCalledWith("/agendamento/9?token=tok-123&new=1");
}, 30_000); // many keystrokes on a machine shared by parallel jobs

it("checks the guest's name and phone with the contract's rules before booking", async () => {
  fetcher.mockResolvedValue({ date: "2026-11-23", timezone: "America/Sao_Paulo", duration_minutes: 30, morning: ["09:00"], afternoon: [], night: [] });
  const post = (jest.requireMock("@/lib/api/client") as { api: { post: jest.Mock } }).api.post;
  post.mockReset().mockResolvedValue({ data: { appointment: { id: 99 }, manage_token: "m".repeat(32) } });
  renderFlow();
  await userEvent.click(screen.getByRole("radio", { name: /Ana/ }));
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  await userEvent.click(screen.getByRole("radio", { name: "Monday, November 23, 2026" }));
  await userEvent.click(await screen.findByRole("radio", { name: "09:00" }));

  const name = screen.getByLabelText("Full name");
  const phone = screen.getByLabelText("Mobile phone");
  await userEvent.type(name, "Al");
  // Long enough for the old length check, but Brazilian mobiles start with 9.
  await userEvent.type(phone, "11812345678");
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  expect(await screen.findByText(lookup("flow.phoneError"))).toBeInTheDocument();
  expect(screen.getByText(lookup("flow.nameError"))).toBeInTheDocument();
  expect(phone).toHaveAttribute("aria-invalid", "true");
  expect(post).not.toHaveBeenCalled();

  await userEvent.clear(name);
  await userEvent.type(name, "  Ana Souza ");
  await userEvent.clear(phone);
  await userEvent.type(phone, "11912345678");
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  expect(post).toHaveBeenCalledWith(
    "/appointments/appointment-without-login",
    expect.objectContaining({ barbershop_id: 7, barber_id: 1, services: [10], date: "2026-11-23", start_hour: "09:00", name: "Ana Souza", phone: "(11) 91234-5678" }),
    { headers: { "Idempotency-Key": expect.any(String) } },
  );
});
