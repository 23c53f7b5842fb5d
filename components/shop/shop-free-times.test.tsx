/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ShopFreeTimes } from "./shop-free-times";

// The shop page's next free times, read when the page opens (the page itself is cached).
const labels = {
  title: "Próximos horários livres",
  titleFor: "Próximos horários livres para {service}",
  today: "Hoje",
  tomorrow: "Amanhã",
  zone: "horário da barbearia, UTC{offset}",
  bookAt: "Agendar {when} na Navalha",
  none: "Nenhum horário livre hoje nem amanhã.",
  other: "Ver outros dias",
  see: "Ver os horários livres",
  loading: "Carregando os próximos horários livres…",
};
/** "YYYY-MM-DD" in São Paulo, days from now. */
const spDay = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const answer = (body: unknown, ok = true) => {
  global.fetch = jest.fn().mockResolvedValue({ ok, status: ok ? 200 : 500, json: async () => body }) as unknown as typeof fetch;
};
const show = (title = labels.title) =>
  render(<ShopFreeTimes shopId={7} slug="navalha" bookHref="/barbearia/navalha/agendar" labels={{ ...labels, title }} lng="pt-BR" serviceId={10} />);

afterEach(() => jest.restoreAllMocks());

it("tells a visitor whose clock is in another zone (Manaus) the shop's", async () => {
  jest.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(240);
  answer({ items: [{ starts_at: `${spDay(1)}T09:00:00-03:00`, barber_id: null, service_id: 10, service_name: "Corte" }] });
  show();
  await screen.findByRole("link", { name: "Agendar Amanhã 09:00 na Navalha" });
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Próximos horários livres · horário da barbearia, UTC-03:00");
});

it("shows grey chips while loading, then each time as a link that opens the booking with it chosen", async () => {
  answer({
    items: [
      { starts_at: `${spDay(0)}T23:30:00-03:00`, barber_id: 3, service_id: 10, service_name: "Corte" },
      { starts_at: `${spDay(1)}T09:00:00-03:00`, barber_id: null, service_id: 10, service_name: "Corte" },
    ],
  });
  jest.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(180);
  show();
  expect(screen.getByRole("status", { name: labels.loading })).toBeInTheDocument();
  const first = await screen.findByRole("link", { name: "Agendar Hoje 23:30 na Navalha" });
  expect(first).toHaveAttribute("href", `/barbearia/navalha/agendar?service=10&barber=3&date=${spDay(0)}&time=23%3A30`);
  expect(first).toHaveTextContent("Hoje23:30");
  expect(screen.getByRole("link", { name: "Agendar Amanhã 09:00 na Navalha" })).toHaveAttribute(
    "href",
    `/barbearia/navalha/agendar?service=10&barber=any&date=${spDay(1)}&time=09%3A00`,
  );
  // A visitor in São Paulo's zone (the test's clock is moved there) is not told the zone.
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(/^Próximos horários livres$/);
  expect(global.fetch).toHaveBeenCalledWith(
    "/v3/barbershop/7/next-free-times",
    expect.objectContaining({ headers: expect.objectContaining({ "accept-language": "pt-BR" }) }),
  );
});

it("says so when nothing is free today or tomorrow, and links to the booking's other days; a failed read links to its times", async () => {
  answer({ items: [] });
  const empty = show();
  expect(await screen.findByText(/Nenhum horário livre hoje nem amanhã\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: labels.other })).toHaveAttribute("href", "/barbearia/navalha/agendar");
  empty.unmount();

  answer({}, false);
  show();
  expect(await screen.findByRole("link", { name: labels.see })).toHaveAttribute("href", "/barbearia/navalha/agendar");
  expect(screen.queryByRole("link", { name: labels.other })).not.toBeInTheDocument();
  expect(screen.queryByText(/Nenhum horário/)).not.toBeInTheDocument();
});

it("names the service the times answered stand for when it is no longer the one the cached page named (one the page never listed too)", async () => {
  jest.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(180);
  answer({ items: [{ starts_at: `${spDay(1)}T09:00:00-03:00`, barber_id: null, service_id: 11, service_name: "Pezinho" }] });
  const moved = show("Próximos horários livres para Corte");
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(/^Próximos horários livres para Corte$/);
  await screen.findByRole("link", { name: "Agendar Amanhã 09:00 na Navalha" });
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(/^Próximos horários livres para Pezinho$/);
  moved.unmount();

  answer({ items: [{ starts_at: `${spDay(1)}T09:00:00-03:00`, barber_id: null, service_id: 10, service_name: "Corte" }] });
  show("Próximos horários livres para Corte");
  await screen.findByRole("link", { name: "Agendar Amanhã 09:00 na Navalha" });
  expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(/^Próximos horários livres para Corte$/);
});
