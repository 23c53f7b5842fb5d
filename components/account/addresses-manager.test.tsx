/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import en from "@/locales/en/account.json";
import { createAddress } from "@/lib/api/addresses";
import { AddressesManager } from "./addresses-manager";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("@/lib/browser/toast", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/api/addresses", () => ({ createAddress: jest.fn(), updateAddress: jest.fn(), deleteAddress: jest.fn() }));
jest.mock("@/lib/api/data", () => ({ useAddresses: () => ({ data: { items: [] }, error: undefined, isLoading: false, mutate: jest.fn() }) }));
jest.mock("@/lib/api/client", () => ({ call: async (run: () => Promise<unknown>) => run() }));
jest.mock("./use-require-session", () => ({ useRequireSession: () => ({ token: "t", user: { id: 3 } }) }));

it("shows the location the browser gives and saves the address with it", async () => {
  const getCurrentPosition = jest.fn((ok: PositionCallback) => ok({ coords: { latitude: -23.5613991, longitude: -46.6565712 } } as GeolocationPosition));
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  (createAddress as jest.Mock).mockResolvedValueOnce({ address: { id: 1 } });

  render(<AddressesManager />);
  await userEvent.click(screen.getByRole("button", { name: en.addresses.add }));
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(en.fields.street), "Avenida Paulista");
  await userEvent.type(screen.getByLabelText(en.fields.city), "São Paulo");
  await userEvent.type(screen.getByLabelText(en.fields.state), "SP");
  await userEvent.click(screen.getByRole("button", { name: en.addresses.useMyLocation }));
  // The form shows the coordinates as soon as they are set (rounded to 6 places).
  expect(await screen.findByRole("status")).toHaveTextContent(lookup("addresses.locationSet", { latitude: -23.561399, longitude: -46.656571 }));

  await userEvent.click(screen.getByRole("button", { name: en.addresses.save }));
  expect(createAddress).toHaveBeenCalledWith(
    expect.objectContaining({ street: "Avenida Paulista", city: "São Paulo", state: "SP", latitude: -23.561399, longitude: -46.656571 }),
  );
}, 30_000);
