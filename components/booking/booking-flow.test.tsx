/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import en from "@/locales/en/booking.json";
import enErrors from "@/locales/en/errors.json";
import enSearch from "@/locales/en/search.json";
import type { TBookingContext } from "@/lib/contract/booking";
import { api } from "@/lib/api/client";
import { BookingFlow } from "./booking-flow";

// The whole walk renders every step of the flow: on a loaded 2-core machine it took over the default 5 s once.
jest.setTimeout(20_000);

// The site's own translator over the English catalogues (plurals by `count`, {{name}} interpolation), as the page's
// WordsProvider gives it; the hook itself is replaced below.
const { namespacedTranslator } = jest.requireActual<typeof import("@/lib/i18n/words")>("@/lib/i18n/words");
let translate: ReturnType<typeof namespacedTranslator> | undefined;
function lookup(key: string, vars?: Record<string, unknown>): string {
  translate ??= namespacedTranslator({ booking: en, errors: enErrors, search: enSearch }, "booking", "en");
  return translate(key, vars);
}

jest.mock("@/lib/i18n/words", () => ({ useT: () => ({ t: lookup }) }));
const mockPush = jest.fn();
// Next's useSearchParams follows window.history.pushState/replaceState; so does this stand-in.
jest.mock("next/navigation", () => {
  const { useSyncExternalStore } = jest.requireActual("react");
  const listeners = new Set<() => void>();
  for (const method of ["pushState", "replaceState"] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History["pushState"]>) => {
      original(...args);
      listeners.forEach((l) => l());
    };
  }
  window.addEventListener("popstate", () => listeners.forEach((l) => l()));
  const subscribe = (l: () => void) => (listeners.add(l), () => listeners.delete(l));
  return {
    useRouter: () => ({ push: mockPush }),
    usePathname: () => window.location.pathname,
    useSearchParams: () => new URLSearchParams(useSyncExternalStore(subscribe, () => window.location.search)),
  };
});
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const fetcher = jest.fn();
jest.mock("@/lib/api/client", () => ({ api: { post: jest.fn(), delete: jest.fn() }, fetcher: (url: string) => fetcher(url) }));
// The booking's SWR hooks load axios with their first request (lib/api/fetcher.ts).
jest.mock("@/lib/api/fetcher", () => ({ fetcher: (url: string) => fetcher(url) }));
let mockSession: { token: string | null; user: null | { id: number; name: string; phone: string | null } } = { token: null, user: null };
jest.mock("@/lib/api/session", () => ({ useSession: () => mockSession }));

const context: TBookingContext = {
  shop: {
    id: 7,
    slug: "navalha",
    name: "Navalha",
    address: "Rua A, 1",
    neighborhood: "Centro",
    city: "São Paulo",
    state: "SP",
    timezone: "America/Sao_Paulo",
    agenda_time_interval: 30,
    logo_url: null,
    opening_hours: [],
  },
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

const renderFlow = (query = "", ctx = context) => {
  window.history.replaceState(null, "", `/barbearia/navalha/agendar${query}`);
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BookingFlow context={ctx} lng="en" />
    </SWRConfig>,
  );
};

const DAYS = {
  timezone: "America/Sao_Paulo",
  days: [
    { date: "2026-11-22", available: false, full: false },
    { date: "2026-11-23", available: true, full: false },
    { date: "2026-11-24", available: true, full: false },
  ],
};
const TIMES = {
  date: "2026-11-23",
  timezone: "America/Sao_Paulo",
  duration_minutes: 30,
  morning: ["09:00"],
  afternoon: ["14:30"],
  night: [],
  full_periods: [],
};
/** Answers the two kinds of call: the date strip's days and a day's times. */
/** The client's waitlist entries to be told when a time frees up (GET /client/waitlist), as the next render reads them. */
let mockWaitlistEntries: unknown[] = [];
function answer(times: unknown = TIMES, days: unknown = DAYS) {
  fetcher.mockImplementation(async (url: string) =>
    url.startsWith("/client/waitlist")
      ? { items: mockWaitlistEntries }
      : url.startsWith("/appointment/available-days")
        ? days
        : typeof times === "function"
          ? times(url)
          : times,
  );
}
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const currentStep = () => screen.getAllByRole("heading", { level: 2 })[0].textContent;

beforeEach(() => {
  // What a guest typed is kept in the tab: each test starts with a fresh one.
  sessionStorage.clear();
  fetcher.mockReset();
  mockPush.mockReset();
  mockSession = { token: null, user: null };
  mockWaitlistEntries = [];
});

it("walks services → any barber → a day of the strip → a time → review, keeping every choice in the URL", async () => {
  answer();
  renderFlow();
  expect(currentStep()).toBe(lookup("flow.serviceStep"));
  // No times are asked for before a barber (or any), a service and a date are chosen.
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  expect(query()).toEqual({ service: "10", step: "services" });
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.continue") })[0]);
  expect(currentStep()).toBe(lookup("flow.barberStep"));
  // "Any barber" comes first.
  const choices = screen.getAllByRole("button", { pressed: false }).filter((b) => /Any barber|Ana|Beto/.test(b.textContent ?? ""));
  expect(choices[0]).toHaveTextContent(lookup("flow.anyBarber"));
  expect(fetcher).not.toHaveBeenCalled();
  await userEvent.click(choices[0]);

  expect(currentStep()).toBe(lookup("flow.whenStep"));
  expect(query()).toMatchObject({ service: "10", barber: "any", step: "when" });
  // The whole strip from one call, without a barber: a day with no free time cannot be picked.
  expect(await screen.findByRole("button", { name: "Sunday, November 22, 2026 (no free time)" })).toBeDisabled();
  expect(fetcher.mock.calls.filter(([u]) => u.startsWith("/appointment/available-days"))).toHaveLength(1);
  expect(fetcher.mock.calls[0][0]).not.toContain("barber_id");
  await userEvent.click(screen.getByRole("button", { name: "Monday, November 23, 2026" }));
  expect(await screen.findByRole("button", { name: "09:00" })).toBeInTheDocument();
  const timesCall = fetcher.mock.calls.find(([u]) => u.startsWith("/appointment/available-times"))![0];
  expect(timesCall).toContain("services=10&date=2026-11-23");
  expect(timesCall).not.toContain("barber_id");
  // One period at a time (the first with times); the others a tap away; a period without times is not offered.
  expect(within(screen.getByRole("group", { name: "Morning" })).getByRole("button", { name: "09:00" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "14:30" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Night/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Afternoon (1)" }));
  expect(within(screen.getByRole("group", { name: "Afternoon" })).getByRole("button", { name: "14:30" })).toBeInTheDocument();
  // The zone is named as a place, never as an IANA id.
  expect(screen.getByText(/Brasilia Standard Time/)).toBeInTheDocument();
  expect(screen.queryByText(/America\/Sao_Paulo|Sao Paulo/)).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "14:30" }));
  expect(currentStep()).toBe(lookup("flow.reviewStep"));
  expect(query()).toEqual({ service: "10", barber: "any", date: "2026-11-23", time: "14:30", step: "review" });
  expect(screen.getAllByText(lookup("flow.anyBarber")).length).toBeGreaterThan(0);
  // The total is in reais as written in Brazil, in every language.
  expect(screen.getAllByText("R$45.00").length).toBeGreaterThan(0);
});

it("lists the services under their categories' names when the shop has more than one", async () => {
  answer();
  renderFlow();
  const hair = screen.getByRole("list", { name: "Haircut" });
  expect(within(hair).getByRole("checkbox", { name: /Corte/ })).toBeInTheDocument();
  expect(within(screen.getByRole("list", { name: "Beard" })).getByRole("checkbox", { name: /Barba/ })).toBeInTheDocument();
});

it("with no day chosen, the first day with a free time is: its times show without a tap, and the address takes it with the time", async () => {
  answer();
  renderFlow("?service=10&barber=2&step=when");
  // Sunday has no free time: Monday is chosen, and its times are there.
  expect(await screen.findByRole("button", { name: "09:00" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Monday, November 23, 2026" })).toHaveAttribute("aria-pressed", "true");
  expect(fetcher.mock.calls.find(([u]) => u.startsWith("/appointment/available-times"))![0]).toContain("date=2026-11-23");
  expect(query()).toEqual({ service: "10", barber: "2", step: "when" });
  // A day tapped stays chosen.
  await userEvent.click(screen.getByRole("button", { name: "Tuesday, November 24, 2026" }));
  expect(query()).toMatchObject({ date: "2026-11-24" });
  expect(screen.getByRole("button", { name: "Tuesday, November 24, 2026" })).toHaveAttribute("aria-pressed", "true");
  expect(screen.getByRole("button", { name: "Monday, November 23, 2026" })).toHaveAttribute("aria-pressed", "false");
});

it("the first free day goes into the address only with a time: another barber chosen meanwhile has his own first day", async () => {
  // Ana's first free day is Tuesday, Beto's Monday.
  const anas = { ...DAYS, days: DAYS.days.map((d) => ({ ...d, available: d.date === "2026-11-24" })) };
  fetcher.mockImplementation(async (url: string) => (url.startsWith("/appointment/available-days") ? (url.includes("barber_id=1") ? anas : DAYS) : TIMES));
  renderFlow("?service=10&barber=2&step=barber");
  await screen.findByRole("button", { name: /Beto/, pressed: true });
  // Beto's days (and his first free day's times) load ahead of the next step.
  await act(async () => {});
  expect(fetcher.mock.calls.some(([u]) => u.startsWith("/appointment/available-times") && u.includes("date=2026-11-23"))).toBe(true);
  await userEvent.click(screen.getByRole("button", { name: /Ana/ }));
  expect(query()).toEqual({ service: "10", barber: "1", step: "when" });
  expect(await screen.findByRole("button", { name: "Tuesday, November 24, 2026", pressed: true })).toBeInTheDocument();
  await userEvent.click(await screen.findByRole("button", { name: "09:00" }));
  expect(query()).toEqual({ service: "10", barber: "1", date: "2026-11-24", time: "09:00", step: "review" });
});

it("says there is no free time in the strip's days rather than asking to choose one", async () => {
  const none = { timezone: "America/Sao_Paulo", days: DAYS.days.map((d) => ({ ...d, available: false })) };
  answer(TIMES, none);
  renderFlow("?service=10&barber=2&step=when");
  expect(await screen.findByText("No free time in the next 3 days. Try another barber, or ask the barbershop.")).toBeInTheDocument();
  expect(screen.queryByText(lookup("flow.chooseDay"))).not.toBeInTheDocument();
  expect(fetcher.mock.calls.some(([u]) => u.startsWith("/appointment/available-times"))).toBe(false);
});

it("opens a shared link at the same choice, and a link with foreign ids or a taken time at the first step that needs a choice", async () => {
  answer();
  const full = renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  expect(await screen.findByRole("heading", { level: 2, name: lookup("flow.reviewStep") })).toBeInTheDocument();
  expect(screen.getAllByText("Beto").length).toBeGreaterThan(0);
  full.unmount();

  // A service of another shop and a barber of another shop are dropped: the flow starts at the services.
  const foreign = renderFlow("?service=999&barber=555&date=2026-11-23&time=09:00");
  expect(currentStep()).toBe(lookup("flow.serviceStep"));
  foreign.unmount();

  // Ana does not do the beard: with both services she is not kept, so the barber is asked for.
  const notPerformed = renderFlow("?service=10,11&barber=1");
  expect(currentStep()).toBe(lookup("flow.barberStep"));
  expect(screen.getByRole("button", { name: /Ana/ })).toBeDisabled();
  notPerformed.unmount();

  // 10:30 is not (or no longer) free: the times are shown again, everything else kept.
  renderFlow("?service=10&barber=2&date=2026-11-23&time=10:30&step=review");
  expect(await screen.findByRole("heading", { level: 2, name: lookup("flow.whenStep") })).toBeInTheDocument();
  expect(await screen.findByRole("button", { name: "09:00" })).toBeInTheDocument();
  expect(query()).toMatchObject({ service: "10", barber: "2", date: "2026-11-23" });
});

it("keeps the page's language in the address as the choice changes", async () => {
  answer();
  renderFlow("?lng=en&service=10");
  await userEvent.click(screen.getByRole("button", { name: /Beto/ }));
  expect(query()).toMatchObject({ lng: "en", service: "10", barber: "2", step: "when" });
});

it("a barber chosen on the shop page stays chosen and dims the services he does not perform", async () => {
  answer();
  renderFlow("?barber=1");
  expect(currentStep()).toBe(lookup("flow.serviceStep"));
  expect(screen.getByRole("checkbox", { name: /Barba/ })).toBeDisabled();
  await userEvent.click(screen.getByRole("checkbox", { name: /Corte/ }));
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.continue") })[0]);
  // Services and barber are known: straight to the day and time.
  expect(currentStep()).toBe(lookup("flow.whenStep"));
  await screen.findByRole("button", { name: "Monday, November 23, 2026" });
  expect(fetcher.mock.calls[0][0]).toContain("barber_id=1");
});

it("lists a barber who does not perform every chosen service last, saying why, and he cannot be picked", async () => {
  answer();
  renderFlow("?service=10,11&step=barber");
  expect(currentStep()).toBe(lookup("flow.barberStep"));
  const [first, second] = within(screen.getByRole("list", { name: lookup("flow.barberStep") })).getAllByRole("button");
  // Ana comes first in the team but does not do the beard.
  expect(first).toHaveTextContent("Beto");
  expect(first).toBeEnabled();
  expect(second).toHaveTextContent("Ana");
  expect(second).toHaveTextContent(lookup("flow.performsNone_other")); // two services chosen
  expect(second).toBeDisabled();
});

it("on a phone's grid of tiles, a barber who cannot be picked shows no photo, so his tile is no taller than the others", async () => {
  answer();
  renderFlow("?service=10,11&step=barber", { ...context, barbers: [...context.barbers, { ...context.barbers[1], id: 3, name: "Caio" }] });
  const [beto, caio, ana] = within(screen.getByRole("list", { name: lookup("flow.barberStep") }))
    .getAllByRole("button")
    .slice(1);
  expect(ana).toHaveTextContent("Ana");
  expect(ana).toBeDisabled();
  // Hidden below the `sm` width (a row from there up, with the photo).
  expect(ana.querySelector(".hidden.sm\\:flex")).not.toBeNull();
  for (const able of [beto, caio]) expect(able.querySelector(".hidden")).toBeNull();
});

it("says so when there is no free time, and when the times cannot be loaded", async () => {
  answer((url: string) => (url.includes("2026-11-24") ? Promise.reject(new Error("boom")) : { ...TIMES, morning: [], afternoon: [] }));
  renderFlow("?service=10&barber=2&step=when");
  await userEvent.click(await screen.findByRole("button", { name: "Monday, November 23, 2026" }));
  expect(await screen.findByText(lookup("flow.noTimes"))).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Tuesday, November 24, 2026" }));
  expect(await screen.findByText("Error while loading schedules")).toBeInTheDocument();
});

it("masks the guest's phone as it is typed", async () => {
  answer();
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  const phone = await screen.findByLabelText("Mobile phone");
  await userEvent.type(phone, "11912345678");
  expect(phone).toHaveValue("(11) 91234-5678");
});

function apiError(status: number, code: string, error: string) {
  return Object.assign(new Error(code), { response: { status, data: { code, error } } });
}

it("a time taken meanwhile brings the client back to fresh times with a clear message, every other choice kept", async () => {
  answer();
  const post = api.post as jest.Mock;
  post.mockReset().mockRejectedValueOnce(apiError(409, "SLOT_TAKEN", "taken"));
  renderFlow("?service=10&barber=any&date=2026-11-23&time=09:00");
  await userEvent.type(await screen.findByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  const callsBefore = fetcher.mock.calls.length;
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  expect(await screen.findByText(lookup("flow.slotTaken"))).toBeInTheDocument();
  expect(currentStep()).toBe(lookup("flow.whenStep"));
  expect(query()).toMatchObject({ service: "10", barber: "any", date: "2026-11-23", step: "when" });
  expect(query().time).toBeUndefined();
  expect(post.mock.calls[0][1]).not.toHaveProperty("barber_id");
  // The times and the strip were asked for again.
  await act(async () => {});
  expect(fetcher.mock.calls.length).toBeGreaterThan(callsBefore);
});

it("asks for the WhatsApp code when the server wants the phone confirmed, keeps every choice and books with the code", async () => {
  answer();
  const post = api.post as jest.Mock;
  post.mockReset();
  post
    .mockRejectedValueOnce(apiError(428, "PHONE_VERIFICATION_REQUIRED", "Confirm your phone"))
    .mockRejectedValueOnce(apiError(422, "INVALID_CODE", enErrors.INVALID_CODE))
    .mockResolvedValueOnce({ data: { appointment: { id: 9 }, manage_token: "tok-123" } });
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  await userEvent.type(await screen.findByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  expect(screen.queryByLabelText(lookup("flow.code"))).not.toBeInTheDocument();
  const confirm = () => userEvent.click(screen.getAllByRole("button", { name: "Confirm booking" })[0]);

  await confirm();
  expect(await screen.findByText(lookup("flow.codeSent", { phone: "(11) 91234-5678" }))).toHaveAttribute("role", "status");
  const codeField = screen.getByLabelText(lookup("flow.code"));
  expect(post).toHaveBeenCalledTimes(1);
  expect(post.mock.calls[0][1]).not.toHaveProperty("phone_code");

  // An incomplete code is caught before calling the API; a wrong one is called a wrong code.
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
  expect(post.mock.calls[2][1]).toMatchObject({
    barbershop_id: 7,
    barber_id: 2,
    services: [10],
    date: "2026-11-23",
    start_hour: "09:00",
    name: "João Silva",
    phone: "(11) 91234-5678",
    phone_code: "123456",
  });
  expect(mockPush).toHaveBeenCalledWith("/agendamento/9?token=tok-123&new=1");
}, 30_000); // many keystrokes on a machine shared by parallel jobs

it("a signed-in client whose account proved no contact is asked for the code sent to its phone, and books with it", async () => {
  answer();
  mockSession = { token: "t", user: { id: 5, name: "Ana Costa", phone: "+5511912345678" } };
  const post = api.post as jest.Mock;
  post.mockReset();
  post
    .mockRejectedValueOnce(apiError(428, "PHONE_VERIFICATION_REQUIRED", enErrors.ACCOUNT_PHONE_VERIFICATION_REQUIRED))
    .mockResolvedValueOnce({ data: { appointment: { id: 12 } } });
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  const confirm = () => userEvent.click(screen.getAllByRole("button", { name: "Confirm booking" })[0]);
  await screen.findByText(lookup("flow.signedInAs", { name: "Ana Costa" }));
  expect(screen.queryByLabelText(lookup("flow.code"))).not.toBeInTheDocument();
  await confirm();
  expect(await screen.findByText(lookup("flow.accountCodeSent", { phone: "(11) 91234-5678" }))).toHaveAttribute("role", "status");
  await userEvent.type(screen.getByLabelText(lookup("flow.code")), "654321");
  await confirm();
  expect(post).toHaveBeenCalledTimes(2);
  expect(post.mock.calls[1][0]).toBe("/appointments/new-appointment");
  expect(post.mock.calls[1][1]).toMatchObject({ barbershop_id: 7, barber_id: 2, start_hour: "09:00", phone_code: "654321" });
  expect(mockPush).toHaveBeenCalledWith("/agendamento/12?new=1");
}, 30_000);

it("checks the guest's name and phone with the contract's rules before booking", async () => {
  answer();
  const post = (jest.requireMock("@/lib/api/client") as { api: { post: jest.Mock } }).api.post;
  post.mockReset().mockResolvedValue({ data: { appointment: { id: 99 }, manage_token: "m".repeat(32) } });
  renderFlow("?service=10&barber=1&date=2026-11-23&time=09:00");

  const name = await screen.findByLabelText("Full name");
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
    expect.objectContaining({
      barbershop_id: 7,
      barber_id: 1,
      services: [10],
      date: "2026-11-23",
      start_hour: "09:00",
      name: "Ana Souza",
      phone: "(11) 91234-5678",
    }),
    { headers: { "Idempotency-Key": expect.any(String) } },
  );
});

it("keeps what the guest typed when they go back to change the time", async () => {
  answer();
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  await userEvent.type(await screen.findByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.changeWhat", { what: lookup("summary.when") }) }));
  expect(currentStep()).toBe(lookup("flow.whenStep"));
  // Hidden with its step (out of the accessibility tree), not gone.
  expect(screen.getByLabelText("Full name")).not.toBeVisible();
  expect(screen.queryByRole("textbox", { name: "Full name" })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole("button", { name: "Afternoon (1)" }));
  await userEvent.click(screen.getByRole("button", { name: "14:30" }));
  expect(currentStep()).toBe(lookup("flow.reviewStep"));
  expect(screen.getByLabelText("Full name")).toHaveValue("João Silva");
  expect(screen.getByLabelText("Mobile phone")).toHaveValue("(11) 91234-5678");
});

it("a reload keeps what the guest typed (in the tab, not the address); booking forgets it", async () => {
  answer();
  const post = (jest.requireMock("@/lib/api/client") as { api: { post: jest.Mock } }).api.post;
  post.mockReset().mockResolvedValue({ data: { appointment: { id: 41 }, manage_token: "k".repeat(32) } });
  const first = renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  await userEvent.type(await screen.findByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  await userEvent.type(screen.getByLabelText(lookup("flow.email")), "joao@example.com");
  await userEvent.click(screen.getByRole("checkbox", { name: lookup("flow.whatsappOptIn", { shop: "Navalha" }) }));
  first.unmount();
  expect(window.location.search).not.toContain("Silva");

  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  expect(await screen.findByLabelText("Full name")).toHaveValue("João Silva");
  expect(screen.getByLabelText("Mobile phone")).toHaveValue("(11) 91234-5678");
  expect(screen.getByLabelText(lookup("flow.email"))).toHaveValue("joao@example.com");
  expect(screen.getByRole("checkbox", { name: lookup("flow.whatsappOptIn", { shop: "Navalha" }) })).toBeChecked();
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  expect(post).toHaveBeenCalledWith(
    "/appointments/appointment-without-login",
    expect.objectContaining({ email: "joao@example.com", whatsapp_opt_in: true }),
    expect.anything(),
  );
  expect(mockPush).toHaveBeenCalledWith(`/agendamento/41?token=${"k".repeat(32)}&new=1&sent=whatsapp`);
  expect(sessionStorage.getItem("navalha:guest-details")).toBeNull();
}, 30_000);

it("a link whose day has passed opens the strip saying so, not silently at another day", async () => {
  answer();
  renderFlow("?service=10&barber=2&date=2026-11-01&time=09:00");
  expect(await screen.findByText(lookup("flow.dateDropped.past", { date: "November 1" }))).toHaveAttribute("role", "status");
  expect(currentStep()).toBe(lookup("flow.whenStep"));
});

it("an empty submit focuses the first error: the name", async () => {
  answer();
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  const name = await screen.findByLabelText("Full name");
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  expect(await screen.findByText(lookup("flow.phoneError"))).toBeInTheDocument();
  expect(name).toHaveFocus();
});

it("a failed connection says so, keeps every choice and field, and the next try sends the same booking under the same key", async () => {
  answer();
  const post = (jest.requireMock("@/lib/api/client") as { api: { post: jest.Mock } }).api.post;
  const { toast } = jest.requireMock("sonner") as { toast: { error: jest.Mock } };
  toast.error.mockReset();
  post
    .mockReset()
    .mockRejectedValueOnce(Object.assign(new Error("Network Error"), { isAxiosError: true, code: "ERR_NETWORK" }))
    .mockResolvedValueOnce({ data: { appointment: { id: 42 }, manage_token: "n".repeat(32) } });
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  await userEvent.type(await screen.findByLabelText("Full name"), "João Silva");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  await waitFor(() => expect(toast.error.mock.calls.map((c) => c[0])).toContain(lookup("flow.connectionLost")));
  expect(screen.getByLabelText("Full name")).toHaveValue("João Silva");
  expect(query()).toMatchObject({ service: "10", barber: "2", date: "2026-11-23", time: "09:00" });
  await userEvent.click(screen.getAllByRole("button", { name: lookup("flow.submit") })[0]);
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/agendamento/42?token=${"n".repeat(32)}&new=1`));
  expect(post.mock.calls[1][2].headers["Idempotency-Key"]).toBe(post.mock.calls[0][2].headers["Idempotency-Key"]);
}, 30_000);

it("a guest who gave a name and phone for an alert in this tab finds them in the booking's details", async () => {
  sessionStorage.setItem("navalha:guest-contact", JSON.stringify({ name: "Carla Souza", phone: "(11) 91234-5678" }));
  answer();
  renderFlow("?service=10&barber=2&date=2026-11-23&time=09:00");
  expect(await screen.findByLabelText("Full name")).toHaveValue("Carla Souza");
  expect(screen.getByLabelText("Mobile phone")).toHaveValue("(11) 91234-5678");
  sessionStorage.clear();
});

it("a full day can be chosen: a guest asks to be told on WhatsApp, proving the phone with the code, and takes it back; so does a client", async () => {
  const FULL = { ...DAYS, days: [{ date: "2026-11-22", available: false, full: true }, ...DAYS.days.slice(1)] };
  answer({ ...TIMES, date: "2026-11-22", morning: [], afternoon: [] }, FULL);
  const { post, delete: remove } = api as unknown as Record<"post" | "delete", jest.Mock>;
  post
    .mockReset()
    .mockRejectedValueOnce(apiError(428, "PHONE_VERIFICATION_REQUIRED", enErrors.PHONE_VERIFICATION_REQUIRED))
    .mockResolvedValue({ data: { entry: { id: 41 }, token: "tok-41" } });
  remove.mockReset().mockResolvedValue({ data: null });
  sessionStorage.clear();
  const guest = renderFlow("?service=10&barber=2&step=when");
  const day = await screen.findByRole("button", { name: "Sunday, November 22, 2026 (full)" });
  expect(day).toBeEnabled();
  await userEvent.click(day);
  expect(await screen.findByText("Sunday, November 22 is fully booked.")).toBeInTheDocument();
  expect(screen.queryByText(lookup("flow.noTimes"))).not.toBeInTheDocument();
  // Signing in stays offered, back to the same choice.
  expect(screen.getByRole("link", { name: lookup("flow.waitlist.signInLink") })).toHaveAttribute(
    "href",
    `/entrar?next=${encodeURIComponent("/barbearia/navalha/agendar?service=10&barber=2&date=2026-11-22&step=when")}`,
  );
  // Nothing typed: the fields say what they need, nothing is sent.
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.askGuest") }));
  expect(screen.getByText(lookup("flow.nameError"))).toBeInTheDocument();
  expect(screen.getByText(lookup("flow.phoneError"))).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText("Full name"), "Carla Souza");
  await userEvent.type(screen.getByLabelText("Mobile phone"), "11912345678");
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.askGuest") }));
  const entry = { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-22", name: "Carla Souza", phone: "(11) 91234-5678" };
  expect(post).toHaveBeenCalledWith("/waitlist/guest", entry);
  // The server wants the phone proved: the code sent by WhatsApp is asked for, then the same entry is sent with it.
  expect(await screen.findByText(/^We sent a 6-digit code by WhatsApp to/)).toHaveTextContent(
    "We sent a 6-digit code by WhatsApp to (11) 91234-5678. Enter it to confirm the alert.",
  );
  expect(screen.getByLabelText(lookup("flow.code"))).toHaveFocus();
  await userEvent.keyboard("123456");
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.confirmCode") }));
  expect(post).toHaveBeenLastCalledWith("/waitlist/guest", { ...entry, phone_code: "123456" });
  expect(await screen.findByText(/Done: we will tell you on WhatsApp/)).toHaveTextContent(
    "✓ Done: we will tell you on WhatsApp, at (11) 91234-5678, if a time frees up on this day.",
  );
  // The line replaces the button just pressed and takes the focus (it would fall to the page).
  expect(screen.getByText(/Done: we will tell you on WhatsApp/)).toHaveFocus();
  // Asking is not the booking's submit: the step stays.
  expect(screen.getByText("Sunday, November 22 is fully booked.")).toBeInTheDocument();
  expect(window.location.search).toContain("date=2026-11-22");
  expect(mockPush).not.toHaveBeenCalled();
  guest.unmount();
  // Back on the page in the same tab, it shows as asked and can be taken back with the answer's token.
  const again = renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  // Shown as asked on opening the page: the line does not take the focus.
  expect(await screen.findByText(/Done: we will tell you on WhatsApp/)).not.toHaveFocus();
  await userEvent.click(await screen.findByRole("button", { name: lookup("flow.waitlist.undo") }));
  expect(remove).toHaveBeenCalledWith("/waitlist/guest/41", { params: { token: "tok-41" } });
  expect(await screen.findByText(lookup("flow.waitlist.undone"))).toHaveFocus();
  // The name and phone given stay for this tab's booking: its details step starts with them.
  expect(JSON.parse(sessionStorage.getItem("navalha:guest-contact")!)).toEqual({ name: "Carla Souza", phone: "(11) 91234-5678" });
  again.unmount();
  sessionStorage.clear();

  mockSession = { token: "t", user: null };
  post.mockReset().mockResolvedValue({ data: { entry: { id: 42 } } });
  remove.mockReset().mockResolvedValue({ data: null });
  renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  await userEvent.click(await screen.findByRole("button", { name: lookup("flow.waitlist.ask") }));
  expect(post).toHaveBeenCalledWith("/client/waitlist", { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-22" });
  expect(await screen.findByText(/Done: we will tell you/)).toHaveFocus();
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.undo") }));
  expect(remove).toHaveBeenCalledWith("/client/waitlist/42");
  expect(await screen.findByText(lookup("flow.waitlist.undone"))).toHaveFocus();
});

it("a guest's alert is checked with the contract's rules before anything is sent, the code with its six digits; taken back, the form keeps the name and phone", async () => {
  const FULL = { ...DAYS, days: [{ date: "2026-11-22", available: false, full: true }, ...DAYS.days.slice(1)] };
  answer({ ...TIMES, date: "2026-11-22", morning: [], afternoon: [] }, FULL);
  const { post, delete: remove } = api as unknown as Record<"post" | "delete", jest.Mock>;
  post
    .mockReset()
    .mockRejectedValueOnce(apiError(428, "PHONE_VERIFICATION_REQUIRED", enErrors.PHONE_VERIFICATION_REQUIRED))
    .mockResolvedValue({ data: { entry: { id: 51 }, token: "tok-51" } });
  remove.mockReset().mockResolvedValue({ data: null });
  sessionStorage.clear();
  renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  const name = await screen.findByLabelText("Full name");
  const phone = screen.getByLabelText("Mobile phone");
  // A landline is no phone WhatsApp reaches, and "Al" is too short: said at once, nothing sent.
  await userEvent.type(name, "Al");
  await userEvent.type(phone, "1133334444");
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.askGuest") }));
  expect(await screen.findByText(lookup("flow.phoneError"))).toBeInTheDocument();
  expect(screen.getByText(lookup("flow.nameError"))).toBeInTheDocument();
  expect(phone).toHaveAttribute("aria-invalid", "true");
  expect(post).not.toHaveBeenCalled();
  // Enter in a field asks too (the booking's own form is not sent).
  await userEvent.clear(name);
  await userEvent.type(name, "  Carla Souza ");
  await userEvent.clear(phone);
  await userEvent.type(phone, "11912345678{Enter}");
  const entry = { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-22", name: "Carla Souza", phone: "(11) 91234-5678" };
  expect(post).toHaveBeenCalledWith("/waitlist/guest", entry);
  expect(screen.queryByText(lookup("flow.phoneError"))).not.toBeInTheDocument();
  // The code's field says nothing until the code is sent; five digits are not sent.
  const code = await screen.findByLabelText(lookup("flow.code"));
  await userEvent.type(code, "12a345");
  expect(code).toHaveValue("12345");
  expect(screen.queryByText(lookup("flow.codeError"))).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.confirmCode") }));
  expect(await screen.findByText(lookup("flow.codeError"))).toBeInTheDocument();
  expect(post).toHaveBeenCalledTimes(1);
  await userEvent.type(code, "6");
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.confirmCode") }));
  expect(post).toHaveBeenLastCalledWith("/waitlist/guest", { ...entry, phone_code: "123456" });
  await userEvent.click(await screen.findByRole("button", { name: lookup("flow.waitlist.undo") }));
  expect(remove).toHaveBeenCalledWith("/waitlist/guest/51", { params: { token: "tok-51" } });
  expect(await screen.findByText(lookup("flow.waitlist.undone"))).toHaveFocus();
  expect(screen.getByLabelText("Full name")).toHaveValue("Carla Souza");
  expect(screen.getByLabelText("Mobile phone")).toHaveValue("(11) 91234-5678");
  sessionStorage.clear();
});

it("on a full day a client keeps to the periods they can come: the entry is for those, all of them is the whole day", async () => {
  mockSession = { token: "t", user: null };
  const FULL = { ...DAYS, days: [{ date: "2026-11-22", available: false, full: true }, ...DAYS.days.slice(1)] };
  answer({ ...TIMES, date: "2026-11-22", morning: [], afternoon: [], full_periods: ["morning", "afternoon", "night"] }, FULL);
  const { post, delete: remove } = api as unknown as Record<"post" | "delete", jest.Mock>;
  post.mockReset().mockResolvedValue({ data: { entry: { id: 44 } } });
  remove.mockReset().mockResolvedValue({ data: null });
  mockWaitlistEntries = [];
  const view = renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  const group = await screen.findByRole("group", { name: "When can you come?" });
  const morning = within(group).getByRole("button", { name: /Morning/ });
  // Every period is chosen at first: the whole day.
  expect(
    within(group)
      .getAllByRole("button")
      .map((b) => b.getAttribute("aria-pressed")),
  ).toEqual(["true", "true", "true"]);
  expect(screen.getByRole("button", { name: lookup("flow.waitlist.ask") })).toBeEnabled();
  await userEvent.click(morning);
  await userEvent.click(within(group).getByRole("button", { name: /Afternoon/ }));
  await userEvent.click(within(group).getByRole("button", { name: /Night/ }));
  // None chosen: nothing to ask for, and it says so.
  expect(screen.getByText("Choose at least one part of the day.")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: lookup("flow.waitlist.ask") })).toBeDisabled();
  await userEvent.click(within(group).getByRole("button", { name: /Night/ }));
  await userEvent.click(morning);
  expect(morning).toHaveAttribute("aria-pressed", "true");
  await userEvent.click(screen.getByRole("button", { name: "Tell me if a time frees up in the morning or at night" }));
  expect(post).toHaveBeenCalledWith("/client/waitlist", { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-22", periods: ["morning", "night"] });
  expect(await screen.findByText(/Done: we will tell you if a time frees up in the morning or at night on this day\./)).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.undo") }));
  expect(remove).toHaveBeenCalledWith("/client/waitlist/44");
  // All three again: the entry is the whole day's.
  await userEvent.click(within(await screen.findByRole("group", { name: "When can you come?" })).getByRole("button", { name: /Afternoon/ }));
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.ask") }));
  expect(post).toHaveBeenLastCalledWith("/client/waitlist", { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-22" });
  expect(await screen.findByText(`✓ ${lookup("flow.waitlist.asked")}`)).toBeInTheDocument();
  view.unmount();

  // A waitlist entry for some periods, made on an earlier visit, shows as asked for them.
  mockWaitlistEntries = [{ id: 45, barbershop: { id: 7 }, date: "2026-11-22", periods: ["afternoon"], notified_at: null }];
  renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  expect(await screen.findByText(/Done: we will tell you if a time frees up in the afternoon on this day\./)).toBeInTheDocument();
});

it("a waitlist entry made on an earlier visit shows as asked; a waitlist entry the server refuses says why", async () => {
  mockSession = { token: "t", user: null };
  const FULL = { ...DAYS, days: [{ date: "2026-11-22", available: false, full: true }, ...DAYS.days.slice(1)] };
  answer({ ...TIMES, date: "2026-11-22", morning: [], afternoon: [] }, FULL);
  const { post } = api as unknown as Record<"post", jest.Mock>;
  mockWaitlistEntries = [{ id: 9, barbershop: { id: 7 }, date: "2026-11-22", periods: [], notified_at: null }];
  post.mockReset().mockRejectedValue(apiError(422, "WAITLIST_DAY_HAS_TIMES", enErrors.WAITLIST_DAY_HAS_TIMES));
  const earlier = renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  expect(await screen.findByRole("button", { name: lookup("flow.waitlist.undo") })).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  earlier.unmount();

  mockWaitlistEntries = [];
  renderFlow("?service=10&barber=2&date=2026-11-22&step=when");
  await userEvent.click(await screen.findByRole("button", { name: lookup("flow.waitlist.ask") }));
  expect(await screen.findByRole("alert")).toHaveTextContent(enErrors.WAITLIST_DAY_HAS_TIMES);
  expect(screen.getByRole("button", { name: lookup("flow.waitlist.ask") })).toBeEnabled();
});

it("a period that bookings filled, on a day with other times, is a tab of its own where a client asks to be told about that period", async () => {
  mockSession = { token: "t", user: null };
  answer({ ...TIMES, afternoon: [], full_periods: ["afternoon"] });
  const { post } = api as unknown as Record<"post", jest.Mock>;
  post.mockReset().mockResolvedValue({ data: { entry: { id: 43 } } });
  // The evening was asked for on an earlier visit: asking for the afternoon adds it, and taking the afternoon
  // back keeps the evening.
  mockWaitlistEntries = [{ id: 43, barbershop: { id: 7 }, date: "2026-11-23", periods: ["night"], notified_at: null }];
  renderFlow("?service=10&barber=2&date=2026-11-23&step=when");
  expect(await screen.findByRole("button", { name: "09:00" })).toBeInTheDocument();
  const tab = screen.getByRole("button", { name: "Afternoon (full)" });
  expect(tab).toHaveTextContent("Afternoon (0)");
  expect(screen.queryByRole("button", { name: /^Night/ })).not.toBeInTheDocument();
  await userEvent.click(tab);
  expect(screen.getByText("No free times are left in the afternoon on this day.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "09:00" })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Tell me if a time frees up in the afternoon" }));
  expect(post).toHaveBeenCalledWith("/client/waitlist", {
    barbershop_id: 7,
    barber_id: 2,
    services: [10],
    date: "2026-11-23",
    periods: ["afternoon", "night"],
  });
  expect(await screen.findByText(/Done: we will tell you if a time frees up in the afternoon on this day\./)).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: lookup("flow.waitlist.undo") }));
  expect(post).toHaveBeenLastCalledWith("/client/waitlist", { barbershop_id: 7, barber_id: 2, services: [10], date: "2026-11-23", periods: ["night"] });
  expect(await screen.findByText(lookup("flow.waitlist.undone"))).toBeInTheDocument();
  // Back to the morning's times.
  await userEvent.click(screen.getByRole("button", { name: "Morning (1)" }));
  expect(screen.getByRole("button", { name: "09:00" })).toBeInTheDocument();
});
