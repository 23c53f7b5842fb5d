/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TStaffReviews } from "@/lib/contract/reviews";
import en from "@/locales/en/reviews.json";
import { catalogueText } from "@/tests/catalogue-text";
import { ReviewsList } from "./reviews-list";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
type State = { page?: TStaffReviews; answer: "all" | null; posted: unknown[]; keys: (string | null)[] };
function state() {
  return (globalThis as unknown as { reviewsState: State }).reviewsState;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup, i18n: { language: "en" } }) }));
jest.mock("@/components/team/use-console-shop", () => ({
  useConsoleShop: () => ({
    data: { shop: { timezone: "America/Sao_Paulo" } },
    permissions: { "shop.view": "all", "reviews.answer": state().answer },
    isLoading: false,
    error: undefined,
    mutate: jest.fn(),
  }),
}));
jest.mock("@/lib/api/swr", () => ({
  useApiPages: (key: (i: number, p: null) => string | null) => {
    state().keys.push(key(0, null));
    return { data: state().page ? [state().page] : undefined, error: undefined, isValidating: false, size: 1, setSize: jest.fn(), mutate: jest.fn() };
  },
}));
jest.mock("@/lib/api/reviews", () => ({
  reviewsPath: (shopId: string) => `/staff/shops/${shopId}/reviews`,
  answerReview: async (_shopId: string, id: number, body: unknown) => {
    state().posted.push({ id, body });
    return { data: {} };
  },
}));

const review = (id: number, answer: { text: string; at: string } | null = null) => ({
  id,
  rating: 4,
  comment: "Bom corte",
  comment_lang: "pt-BR" as const,
  client_name: `Cliente ${id}`,
  created_at: "2026-11-20T15:00:00Z",
  barber_id: 1,
  barber_name: "Zeca",
  answer,
});

beforeEach(() => {
  (globalThis as unknown as { reviewsState: State }).reviewsState = {
    page: { items: [review(2), review(1, { text: "Obrigado!", at: "2026-11-21T15:00:00Z" })], next_before: null, total: 2, unanswered: 1 },
    answer: "all",
    posted: [],
    keys: [],
  };
});

it("answers a review once: the form opens on its field, refuses an empty text and sends the trimmed one", async () => {
  const user = userEvent.setup();
  render(<ReviewsList shopId="7" />);
  const [open, answered] = within(screen.getByRole("list", { name: en.title })).getAllByRole("listitem");
  expect(within(answered).queryByRole("button", { name: en.answer })).toBeNull();
  expect(within(answered).getByText("Obrigado!")).toBeTruthy();
  await user.click(within(open).getByRole("button", { name: en.answer }));
  const field = within(open).getByRole("textbox", { name: "Your answer to Cliente 2" });
  expect(document.activeElement).toBe(field);
  await user.click(within(open).getByRole("button", { name: en.send }));
  expect(within(open).getByRole("alert").textContent).toBe("errors:validation.required");
  expect(state().posted).toEqual([]);
  await user.type(field, "  Valeu, volte sempre!  ");
  await user.click(within(open).getByRole("button", { name: en.send }));
  expect(state().posted).toEqual([{ id: 2, body: { text: "Valeu, volte sempre!" } }]);
  expect(await within(open).findByText(en.saved)).toBeTruthy();
});

it("asks the unanswered alone at a tap, with the counts on the buttons", async () => {
  const user = userEvent.setup();
  render(<ReviewsList shopId="7" />);
  expect(state().keys.at(-1)).toBe("/staff/shops/7/reviews?limit=20");
  await user.click(screen.getByRole("button", { name: `${en.unanswered} (1)` }));
  expect(state().keys.at(-1)).toBe("/staff/shops/7/reviews?limit=20&filter=unanswered");
});

it("lets a member without reviews.answer read, not answer", () => {
  state().answer = null;
  render(<ReviewsList shopId="7" />);
  expect(screen.getByText(en.readOnly)).toBeTruthy();
  expect(screen.queryByRole("button", { name: en.answer })).toBeNull();
});
