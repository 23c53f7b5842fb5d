/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FiltersForm } from "./filters-form";
import { FiltersPanel } from "./filters-panel";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const labels = { title: "Filtros e ordenação", open: "Filtros", active: "2 filtros ativos", close: "Fechar" };

function Panel({ listKey = "/barbearias?latitude=-23.5&longitude=-46.6" }: { listKey?: string }) {
  return (
    <FiltersPanel labels={labels} count={2} listKey={listKey}>
      <FiltersForm>
        <input type="hidden" name="latitude" value="-23.5" />
        <input type="hidden" name="longitude" value="-46.6" />
        <label>
          Categoria
          <select name="category" defaultValue="">
            <option value="">Todas</option>
            <option value="beard">Barba</option>
          </select>
        </label>
        <button type="submit">Aplicar filtros</button>
      </FiltersForm>
    </FiltersPanel>
  );
}

beforeEach(() => {
  push.mockClear();
  window.innerWidth = 375;
  window.history.replaceState(null, "", "/barbearias?latitude=-23.5&longitude=-46.6");
});

describe("FiltersPanel on a phone", () => {
  it("opens the filters in a sheet from the button that counts them, and Escape closes it back to that button", async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const button = screen.getByRole("button", { name: "Filtros 2 filtros ativos" });
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(button);
    const sheet = screen.getByRole("dialog", { name: "Filtros e ordenação" });
    expect(sheet).toContainElement(screen.getByRole("combobox", { name: "Categoria" }));

    // What the browser does with Escape on a modal dialog: it fires `cancel` at it.
    fireEvent(sheet, new Event("cancel", { cancelable: true }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
  });

  it("closes with its close button too", async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const button = screen.getByRole("button", { name: /^Filtros/ });
    await user.click(button);
    await user.click(screen.getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
  });

  it("applies the chosen filters by the list's URL without scrolling to the top, and closes the sheet", async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByRole("button", { name: /^Filtros/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "beard");
    await user.click(screen.getByRole("button", { name: "Aplicar filtros" }));
    expect(push).toHaveBeenCalledWith("/barbearias?latitude=-23.5&longitude=-46.6&category=beard", { scroll: false });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("once the new list arrives, brings its results into view and focus to their count", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <>
        <Panel />
        <p id="list-results" tabIndex={-1}>
          3 barbearias
        </p>
      </>,
    );
    const results = screen.getByText("3 barbearias");
    const scrollIntoView = jest.fn();
    results.scrollIntoView = scrollIntoView;
    await user.click(screen.getByRole("button", { name: /^Filtros/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "beard");
    await user.click(screen.getByRole("button", { name: "Aplicar filtros" }));
    expect(scrollIntoView).not.toHaveBeenCalled();

    rerender(
      <>
        <Panel listKey="/barbearias?latitude=-23.5&longitude=-46.6&category=beard" />
        <p id="list-results" tabIndex={-1}>
          3 barbearias
        </p>
      </>,
    );
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "start" });
    expect(results).toHaveFocus();
  });

  it("keeps the page where it is when the filters chosen are the list's own", async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByRole("button", { name: /^Filtros/ }));
    await user.click(screen.getByRole("button", { name: "Aplicar filtros" }));
    expect(push).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("FiltersPanel on a larger screen", () => {
  it("keeps the filters folded in the page, as before", () => {
    window.innerWidth = 1280;
    render(<Panel />);
    expect(screen.queryByRole("button", { name: /^Filtros/ })).toBeNull();
    expect(screen.getByText("Filtros e ordenação").closest("details")).not.toBeNull();
  });
});
