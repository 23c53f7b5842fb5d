/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { part, usePart, type Part } from "./use-part";

type Mod = { Greeting: () => React.JSX.Element };
const mod: Mod = { Greeting: () => <p>loaded</p> };

function Show({ p, needed = true }: { p: Part<Mod>; needed?: boolean }) {
  const m = usePart(p, needed);
  if (m === "failed") return <p role="alert">failed</p>;
  return m ? <m.Greeting /> : <p>loading</p>;
}

it("loads a part when it is needed, and not before", async () => {
  const importer = jest.fn(async () => mod);
  const p = part(importer);
  const view = render(<Show p={p} needed={false} />);
  expect(screen.getByText("loading")).toBeInTheDocument();
  expect(importer).not.toHaveBeenCalled();
  view.rerender(<Show p={p} needed />);
  expect(await screen.findByText("loaded")).toBeInTheDocument();
  expect(importer).toHaveBeenCalledTimes(1);
});

it("renders a part loaded ahead at once, with no loading state in between", async () => {
  const importer = jest.fn(async () => mod);
  const p = part(importer);
  await p.load();
  await p.load();
  expect(importer).toHaveBeenCalledTimes(1);
  render(<Show p={p} />);
  // Synchronously, on the first render.
  expect(screen.getByText("loaded")).toBeInTheDocument();
});

it("says so when the part cannot be loaded (offline)", async () => {
  const p = part<Mod>(() => Promise.reject(new Error("ChunkLoadError")));
  render(<Show p={p} />);
  expect(await screen.findByRole("alert")).toHaveTextContent("failed");
});
