/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { Link, PageLangProvider, withLang } from "./link";

// Next's Link as the props it is given: what is tested here is what this wrapper asks of it.
const given: { href: unknown; prefetch: unknown }[] = [];
jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ href, prefetch, children, ...rest }: { href: string; prefetch: unknown; children: React.ReactNode }) => {
    given.push({ href, prefetch });
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
}));

describe("withLang", () => {
  it("adds the page's language to internal links on English and Spanish pages", () => {
    expect(withLang("/faq", "en")).toBe("/faq?lng=en");
    expect(withLang("/barbearias?latitude=1&longitude=2", "es")).toBe("/barbearias?latitude=1&longitude=2&lng=es");
    expect(withLang("/barbearia/x#ratings", "en")).toBe("/barbearia/x?lng=en#ratings");
  });
  it("leaves Portuguese pages, other sites, anchors and links that name their language alone", () => {
    expect(withLang("/faq", "pt-BR")).toBe("/faq");
    expect(withLang("https://wa.me/55", "en")).toBe("https://wa.me/55");
    expect(withLang("//evil.example", "en")).toBe("//evil.example");
    expect(withLang("#main", "en")).toBe("#main");
    expect(withLang("/faq?lng=es", "en")).toBe("/faq?lng=es");
  });
});

describe("Link", () => {
  beforeEach(() => {
    given.length = 0;
  });
  const last = () => given[given.length - 1];

  it("does not prefetch on sight; a finger, a pointer or keyboard focus on it lets Next prefetch", () => {
    for (const show of [
      (a: HTMLElement) => fireEvent.pointerEnter(a, { pointerType: "touch" }),
      (a: HTMLElement) => fireEvent.pointerEnter(a, { pointerType: "mouse" }),
      (a: HTMLElement) => fireEvent.focus(a),
    ]) {
      const { unmount } = render(
        <PageLangProvider value="en">
          <Link href="/faq">FAQ</Link>
        </PageLangProvider>,
      );
      expect(last()).toEqual({ href: "/faq?lng=en", prefetch: false });
      show(screen.getByRole("link", { name: "FAQ" }));
      expect(last()).toEqual({ href: "/faq?lng=en", prefetch: null });
      unmount();
    }
  });

  it("keeps a prefetch the link names, and its own handlers", () => {
    const onFocus = jest.fn();
    render(
      <Link href="/x" prefetch={false} onFocus={onFocus}>
        X
      </Link>,
    );
    fireEvent.focus(screen.getByRole("link", { name: "X" }));
    expect(last().prefetch).toBe(false);
    expect(onFocus).toHaveBeenCalledTimes(1);
  });
});
