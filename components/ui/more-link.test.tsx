/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { MoreLink } from "./more-link";

describe("MoreLink", () => {
  it("loads in place on a plain click, and leaves a click for a new tab to the link", () => {
    const onMore = jest.fn();
    render(
      <MoreLink href="/barbearias?shown=40#more" onMore={onMore} loading={false} className="btn">
        Load more
      </MoreLink>,
    );
    const link = screen.getByRole("link", { name: "Load more" });
    expect(link).toHaveAttribute("href", "/barbearias?shown=40#more");
    // fireEvent returns false when the default (following the link) was prevented.
    expect(fireEvent.click(link)).toBe(false);
    expect(onMore).toHaveBeenCalledTimes(1);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it("says it is busy while loading, and is a button only past what the server renders", () => {
    const onMore = jest.fn();
    const { rerender } = render(
      <MoreLink href="/x?reviews=15#more-reviews" onMore={onMore} loading className="btn">
        Loading
      </MoreLink>,
    );
    expect(screen.getByRole("link")).toHaveAttribute("aria-busy", "true");
    rerender(
      <MoreLink href={null} onMore={onMore} loading={false} className="btn">
        Load more
      </MoreLink>,
    );
    expect(screen.queryByRole("link")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(onMore).toHaveBeenCalledTimes(1);
    rerender(
      <MoreLink href={null} onMore={onMore} loading className="btn">
        Loading
      </MoreLink>,
    );
    expect(screen.getByRole("button")).toBeDisabled();
    expect(screen.getByRole("button")).toHaveAttribute("aria-busy", "true");
  });
});
