/** @jest-environment jsdom */
import { render, waitFor } from "@testing-library/react";
import { LanguageSync } from "./language-sync";
import { LANG_COOKIE, LANG_STORAGE_KEY } from "@/lib/i18n/settings";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const cookies = { get: jest.fn(), set: jest.fn() };
jest.mock("js-cookie", () => ({ __esModule: true, default: cookies }));

function browserSays(languages: string[]) {
  Object.defineProperty(window.navigator, "languages", { value: languages, configurable: true });
}

describe("LanguageSync", () => {
  beforeEach(() => {
    refresh.mockReset();
    cookies.get.mockReset();
    cookies.set.mockReset();
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("keeps the page's language when the browser agrees, without reading the cookie", async () => {
    browserSays(["en-US", "en"]);
    render(<LanguageSync lng="en" />);
    await waitFor(() => expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("en"));
    expect(cookies.get).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a stored choice the server did not know (no cookie) becomes the cookie and the page is rendered again", async () => {
    browserSays(["pt-BR"]);
    localStorage.setItem(LANG_STORAGE_KEY, "es");
    cookies.get.mockReturnValue(undefined);
    render(<LanguageSync lng="pt-BR" />);
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(cookies.set).toHaveBeenCalledWith(LANG_COOKIE, "es", expect.objectContaining({ path: "/" }));
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("es");
  });

  it("a cookie wins over what the browser says: nothing is set, the page stays", async () => {
    browserSays(["es"]);
    cookies.get.mockReturnValue("pt-BR");
    render(<LanguageSync lng="pt-BR" />);
    await waitFor(() => expect(cookies.get).toHaveBeenCalledWith(LANG_COOKIE));
    await waitFor(() => expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("pt-BR"));
    expect(cookies.set).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("an address that names its language is followed and remembered, not overridden", async () => {
    browserSays(["pt-BR"]);
    window.history.replaceState(null, "", "/?lng=en");
    render(<LanguageSync lng="en" />);
    await waitFor(() => expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("en"));
    expect(cookies.set).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
