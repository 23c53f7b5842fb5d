/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import type { TRebookReminder } from "@/lib/contract/messages";
import en from "@/locales/en/booking.json";
import { RebookReminder } from "./rebook-reminder";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

const get = jest.fn();
const put = jest.fn();
const del = jest.fn();
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/api/client", () => ({
  ...jest.requireActual("@/lib/api/client"),
  api: { get: (...a: unknown[]) => get(...a), put: (...a: unknown[]) => put(...a), delete: (...a: unknown[]) => del(...a) },
}));

const choices = [
  { weeks: 2, date: "2026-12-12" },
  { weeks: 3, date: "2026-12-19" },
  { weeks: 4, date: "2026-12-26" },
];
const state = (over: Partial<TRebookReminder>): TRebookReminder => ({ reminder: null, channels: ["email"], choices, ...over });

function show(props: Partial<Parameters<typeof RebookReminder>[0]> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RebookReminder appointmentId={42} barber="Cláudio" token="t" lng="en" {...props} />
    </SWRConfig>,
  );
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  del.mockReset();
});

it("offers the weeks ahead, each with its day, and one tap asks for that one (a guest's private link sent along)", async () => {
  get.mockResolvedValue({ data: state({}) });
  put.mockResolvedValue({ data: state({ reminder: { weeks: 3, date: "2026-12-19", channels: ["email"] } }) });
  show({ token: null, link: { manage_token: "m".repeat(40) } });

  expect(await screen.findByRole("heading", { name: lookup("rebook.title") })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith("/client/appointments/42/rebook-reminder", { params: { manage_token: "m".repeat(40) } });
  expect(screen.getByText(lookup("rebook.body", { channels: "e-mail", barber: "Cláudio" }))).toBeInTheDocument();
  const buttons = screen.getAllByRole("button");
  expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual([
    lookup("rebook.choiceLabel", { weeks: 2, date: "December 12" }),
    lookup("rebook.choiceLabel", { weeks: 3, date: "December 19" }),
    lookup("rebook.choiceLabel", { weeks: 4, date: "December 26" }),
  ]);

  await userEvent.click(screen.getByRole("button", { name: lookup("rebook.choiceLabel", { weeks: 3, date: "December 19" }) }));
  await waitFor(() => expect(put).toHaveBeenCalledWith("/client/appointments/42/rebook-reminder", { weeks: 3 }, { params: { manage_token: "m".repeat(40) } }));
  expect(await screen.findByRole("status")).toHaveTextContent(lookup("rebook.waiting", { date: "December 19", channels: "e-mail" }));
});

it("a waiting reminder says when and where; changing it shows the choices with it pressed", async () => {
  get.mockResolvedValue({ data: state({ channels: ["email", "whatsapp"], reminder: { weeks: 4, date: "2026-12-26", channels: ["email", "whatsapp"] } }) });
  show();

  expect(await screen.findByRole("status")).toHaveTextContent(lookup("rebook.waiting", { date: "December 26", channels: "e-mail and WhatsApp" }));
  await userEvent.click(screen.getByRole("button", { name: lookup("rebook.change") }));
  // The one waiting is shown pressed among the choices.
  expect(screen.getByRole("button", { name: lookup("rebook.choiceLabel", { weeks: 4, date: "December 26" }) })).toHaveAttribute("aria-pressed", "true");
  expect(screen.getByRole("button", { name: lookup("rebook.choiceLabel", { weeks: 2, date: "December 12" }) })).toHaveAttribute("aria-pressed", "false");
  // Keeping the date changes nothing and says it again.
  await userEvent.click(screen.getByRole("button", { name: lookup("rebook.keep") }));
  expect(screen.getByRole("status")).toHaveTextContent(lookup("rebook.waiting", { date: "December 26", channels: "e-mail and WhatsApp" }));
  expect(put).not.toHaveBeenCalled();
  expect(del).not.toHaveBeenCalled();
});

it("calling it off asks the API and shows the choices again", async () => {
  get.mockResolvedValue({ data: state({ reminder: { weeks: 2, date: "2026-12-12", channels: ["email"] } }) });
  del.mockResolvedValue({ data: state({}) });
  show();
  await userEvent.click(await screen.findByRole("button", { name: lookup("rebook.cancel") }));
  await waitFor(() => expect(del).toHaveBeenCalledWith("/client/appointments/42/rebook-reminder", { params: undefined }));
  expect(await screen.findByText(lookup("rebook.body", { channels: "e-mail", barber: "Cláudio" }))).toBeInTheDocument();
});

it("shows nothing when nothing reaches the client or every choice is past", async () => {
  get.mockResolvedValue({ data: state({ channels: [], choices: [] }) });
  const { container } = show();
  await waitFor(() => expect(get).toHaveBeenCalled());
  await waitFor(() => expect(container).toBeEmptyDOMElement());
});
