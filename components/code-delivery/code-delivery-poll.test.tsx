/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import en from "@/locales/en/code-delivery.json";
import type { TCodeDelivery } from "@/lib/contract/code-delivery";
import { namespacedTranslator } from "@/lib/i18n/words";
import { CodeDeliveryNotice } from "./code-delivery-notice";

// The answers GET /code-delivery/{id} gives, one per poll (the last one repeats).
const mockAnswers: TCodeDelivery[] = [];
const mockAsked: string[] = [];
jest.mock("@/lib/api/fetcher", () => ({
  fetcher: async (url: string) => {
    mockAsked.push(url);
    return mockAnswers.length > 1 ? mockAnswers.shift() : mockAnswers[0];
  },
}));

const t = namespacedTranslator({ "code-delivery": en }, "code-delivery", "en");
const fresh = (ui: React.ReactNode) => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
jest.setTimeout(15_000);

beforeEach(() => {
  mockAnswers.length = 0;
  mockAsked.length = 0;
});

it("polls while the code is on its way, then says WhatsApp failed and names the e-mail, and stops asking", async () => {
  mockAnswers.push(
    { state: "queued", reason: null, fallback: null },
    { state: "failed", reason: "not_on_whatsapp", fallback: { channel: "email", to: "j***@example.com", state: "sent" } },
  );
  fresh(<CodeDeliveryNotice deliveryId="AbCdEfGhIjKlMnOpQrStUv" t={t} />);
  const status = screen.getByRole("status");
  expect(status).toBeEmptyDOMElement();
  expect(await screen.findByText("WhatsApp could not deliver the code; we sent it by e-mail to j***@example.com.", {}, { timeout: 6000 })).toBe(status);
  expect(mockAsked[0]).toBe("/code-delivery/AbCdEfGhIjKlMnOpQrStUv");
  const asked = mockAsked.length;
  await new Promise((r) => setTimeout(r, 2500));
  expect(mockAsked.length).toBe(asked);
});

it("asks nothing without a reference, and says plainly what to do when there is no e-mail", async () => {
  fresh(<CodeDeliveryNotice deliveryId={null} t={t} />);
  await new Promise((r) => setTimeout(r, 100));
  expect(mockAsked).toEqual([]);

  mockAnswers.push({ state: "failed", reason: "other", fallback: null });
  fresh(<CodeDeliveryNotice deliveryId="ZZZZZZZZZZZZZZZZZZZZZZ" t={t} other="email" />);
  expect(await screen.findByText(en.failed.email)).toBeInTheDocument();
});
