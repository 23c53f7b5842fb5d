/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import en from "@/locales/en/booking.json";
import { ReviewForm } from "./review-form";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

const post = jest.fn();
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/api/client", () => ({ ...jest.requireActual("@/lib/api/client"), api: { post: (...a: unknown[]) => post(...a) } }));

it("asks for a rating with the contract's rules, then sends the review", async () => {
  post.mockResolvedValue({ data: { review: { id: 1 } } });
  const onDone = jest.fn();
  render(<ReviewForm appointmentId={42} onDone={onDone} />);

  await userEvent.click(screen.getByRole("button", { name: lookup("review.submit") }));
  expect(await screen.findByText(lookup("review.chooseRating"))).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole("radio", { name: lookup("review.star", { count: 4 }) }));
  await userEvent.type(screen.getByLabelText(lookup("review.comment")), "  Ótimo corte ");
  await userEvent.click(screen.getByRole("button", { name: lookup("review.submit") }));
  await waitFor(() => expect(post).toHaveBeenCalledWith("/client/add-review", { appointment_id: 42, rating: 4, comment: "Ótimo corte" }));
  expect(onDone).toHaveBeenCalled();
});

describe("opened from the history's \"Rate\" (its page's #review)", () => {
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockReset();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("goes to the form and puts the focus on the first star", () => {
    window.history.replaceState(null, "", "/agendamento/42#review");
    render(<ReviewForm appointmentId={42} onDone={() => {}} />);
    expect(screen.getByRole("radio", { name: lookup("review.star", { count: 1 }) })).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it("leaves the page where it is when opened otherwise", () => {
    window.history.replaceState(null, "", "/agendamento/42");
    render(<ReviewForm appointmentId={42} onDone={() => {}} />);
    expect(document.body).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
