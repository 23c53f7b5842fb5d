import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, type Page, test } from "./clock";
import { logIn, setSession } from "./booking-fixtures";

// The shop's agenda on a desktop, at the front desk: a booking dragged with the mouse to a later time keeps its
// length, its bottom edge dragged gives it a new end, dropped on a colleague's taken time it is refused and stays, and
// a pen drags it as a mouse does.
test.use({ locale: "pt-BR" });

const DESK = { login: "recepcao@navalha.app", password: "demo1234" };

type Booking = { id: number; barber_id: number; start_hour: string; end_hour: string; status: string };
type Agenda = {
  date: string;
  step_minutes: number;
  columns: { barber: { id: number; name: string }; days: { hours: { start: string; end: string }[] }[] }[];
  services: { id: number; name: string; duration_minutes: number }[];
  bookings: Booking[];
};

const minutes = (hour: string) => Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3, 5));
const hour = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function freeStarts(request: APIRequestContext, shopId: number, barberId: number, serviceId: number, day: string): Promise<string[] | null> {
  const res = await request.get(`/v3/appointment/available-times?barbershop_id=${shopId}&barber_id=${barberId}&services=${serviceId}&date=${day}`);
  // A service this barber does not perform is refused (422).
  if (res.status() !== 200) return null;
  const times = (await res.json()) as { morning: string[]; afternoon: string[]; night: string[] };
  return [...times.morning, ...times.afternoon, ...times.night];
}

/** Presses the mouse at (x, y), moves it by (dx, dy) in a few steps, as a hand does, and lets go. */
async function dragBy(page: Page, x: number, y: number, dx: number, dy: number) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** The same with a pen: Chromium's input as a stylus gives it (pointerType "pen"), through the DevTools protocol. */
async function penDragBy(page: Page, x: number, y: number, dx: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  const pen = { button: "left", pointerType: "pen", clickCount: 1 } as const;
  await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, buttons: 1, ...pen });
  for (let i = 1; i <= 8; i++) await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: x + (dx * i) / 8, y: y + (dy * i) / 8, buttons: 1, ...pen });
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", x: x + dx, y: y + dy, buttons: 0, ...pen });
  await cdp.detach();
}

test(
  "the front desk drags a booking to a later time, stretches it by its bottom edge, is refused a colleague's taken time, and drags it with a pen",
  { tag: "@desktop" },
  async ({ page, request }, info) => {
    // The desktop project only: the columns are side by side, and a mouse drags (a finger scrolls).
    const desk = await logIn(request, DESK);
    const auth = { authorization: `Bearer ${desk.token}` };
    const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
    const readAgenda = async (day?: string) =>
      (await (await request.get(`/v3/staff/shops/${shop.id}/agenda${day ? `?date=${day}` : ""}`, { headers: auth })).json()) as Agenda;
    const bookingOn = async (day: string, id: number) => (await readAgenda(day)).bookings.find((b) => b.id === id);
    const today = (await readAgenda()).date;

    // A day of its own, nine days ahead or the first one after on which two barbers work (the other journeys book the
    // shop's next two days, and the client journeys the first free times from tomorrow on), and a service both offer,
    // with a time of the first barber that leaves room below it for the move and the longer end, where the second is free.
    const STRETCH = 15;
    let plan: { day: string; agenda: Agenda; service: Agenda["services"][number]; start: number; moved: number } | null = null;
    search: for (let offset = 9; offset < 16; offset++) {
      const day = addDays(today, offset);
      const agenda = await readAgenda(day);
      const working = agenda.columns.filter((c) => c.days[0]?.hours.length);
      if (working.length < 2) continue;
      const [a, b] = working;
      for (const service of agenda.services) {
        const mine = await freeStarts(request, shop.id, a.barber.id, service.id, day);
        const theirs = await freeStarts(request, shop.id, b.barber.id, service.id, day);
        if (!mine?.length || !theirs?.length) continue;
        const step = agenda.step_minutes;
        // Latest first: the earliest times are where other journeys book.
        for (const first of [...mine].reverse()) {
          const start = minutes(first);
          // On the grid's rows: a drag snaps the start to them.
          if (start % step !== 0) continue;
          const moved = start + 2 * step;
          // Every start from here to the moved booking's longer end is free for the first barber.
          const room = Array.from({ length: Math.ceil((2 * step + STRETCH) / step) + 1 }, (_, k) => hour(start + k * step));
          if (room.every((t) => mine.includes(t)) && theirs.includes(hour(moved))) {
            plan = { day, agenda: { ...agenda, columns: [a, b] }, service, start, moved };
            break search;
          }
        }
      }
    }
    expect(plan, "a day nine or more days ahead with two barbers and room for the moves").not.toBeNull();
    const { day, agenda, service, start, moved } = plan!;
    const [mine, theirs] = agenda.columns.map((c) => c.barber);
    const length = service.duration_minutes;
    const walkIn = async (barberId: number, at: number, name: string, phone: string) => {
      const res = await request.post(`/v3/staff/shops/${shop.id}/agenda/bookings`, {
        headers: { ...auth, "idempotency-key": `agenda-drag-e2e-${info.project.name}-${barberId}-${Date.now()}` },
        data: { barber_id: barberId, services: [service.id], date: day, start_hour: hour(at), client: { name, phone } },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { booking: Booking }).booking;
    };
    const booking = await walkIn(mine.id, start, "Cliente Arrasto E2E", "(11) 97777-6601");
    expect(booking).toMatchObject({ start_hour: hour(start), end_hour: hour(start + length) });

    await setSession(page, desk);
    await page.goto(`/painel/${shop.id}/agenda?dia=${day}`);
    await expect(page.getByRole("status").filter({ hasText: "Ao vivo" })).toBeVisible();
    const column = page.getByRole("region", { name: mine.name, exact: true });
    const card = (from: number, to: number) => column.getByRole("button", { name: new RegExp(`^${hour(from)} às ${hour(to)}: Cliente Arrasto E2E`) });
    await expect(card(start, start + length)).toBeVisible();
    await expectAccessible(page);

    // The grid's scale, read from the page: the distance between two free times of the column, by the minutes between.
    const free = column.getByRole("button", { name: /^\d\d:\d\d livre com .*: agendar$/ });
    const rows = await Promise.all(
      (await free.all()).map(async (b) => ({ at: minutes((await b.getAttribute("aria-label"))!), y: (await b.boundingBox())!.y })),
    );
    expect(rows.length, "two free times in the column").toBeGreaterThan(1);
    const [first, last] = [rows[0], rows[rows.length - 1]];
    const perMinute = (last.y - first.y) / (last.at - first.at);
    expect(perMinute).toBeGreaterThan(0);

    // Dragged down by two rows: the booking starts two steps later and keeps its length.
    await card(start, start + length).evaluate((el) => el.scrollIntoView({ block: "center" }));
    let box = (await card(start, start + length).boundingBox())!;
    await dragBy(page, box.x + box.width / 2, box.y + Math.min(12, box.height / 3), 0, 2 * agenda.step_minutes * perMinute);
    await expect(card(moved, moved + length)).toBeVisible();
    await expect
      .poll(async () => await bookingOn(day, booking.id))
      .toMatchObject({ barber_id: mine.id, start_hour: hour(moved), end_hour: hour(moved + length) });

    // Its bottom edge dragged down by a quarter of an hour: the same start, a later end.
    box = (await card(moved, moved + length).boundingBox())!;
    await dragBy(page, box.x + box.width / 2, box.y + box.height - 3, 0, STRETCH * perMinute);
    const stretched = moved + length + STRETCH;
    await expect(card(moved, stretched)).toBeVisible();
    await expect.poll(async () => await bookingOn(day, booking.id)).toMatchObject({ barber_id: mine.id, start_hour: hour(moved), end_hour: hour(stretched) });

    // A colleague's client takes the same time in his column; the booking dropped there is refused, and stays.
    const other = await walkIn(theirs.id, moved, "Cliente Vizinho E2E", "(11) 97777-6602");
    const colleague = page.getByRole("region", { name: theirs.name, exact: true });
    await expect(colleague.getByRole("button", { name: new RegExp(`^${hour(moved)} às .*Cliente Vizinho E2E`) })).toBeVisible();
    box = (await card(moved, stretched).boundingBox())!;
    const target = (await colleague.boundingBox())!;
    await dragBy(page, box.x + box.width / 2, box.y + Math.min(12, box.height / 3), target.x + target.width / 2 - (box.x + box.width / 2), 0);
    // (Next.js keeps an empty alert region of its own for route changes.)
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Este horário acabou de ser reservado. Escolha outro.");
    await expect(card(moved, stretched)).toBeVisible();
    expect(await bookingOn(day, booking.id)).toMatchObject({ barber_id: mine.id, start_hour: hour(moved), end_hour: hour(stretched), status: booking.status });
    expect(await bookingOn(day, other.id)).toMatchObject({ barber_id: theirs.id, start_hour: hour(moved) });

    // A pen drags it back up a row: the earlier time, the same longer length.
    box = (await card(moved, stretched).boundingBox())!;
    await penDragBy(page, box.x + box.width / 2, box.y + Math.min(12, box.height / 3), 0, -agenda.step_minutes * perMinute);
    const back = moved - agenda.step_minutes;
    await expect(card(back, stretched - agenda.step_minutes)).toBeVisible();
    await expect
      .poll(async () => await bookingOn(day, booking.id))
      .toMatchObject({ barber_id: mine.id, start_hour: hour(back), end_hour: hour(stretched - agenda.step_minutes) });

    // The day left as it was found, for a run again on the same server.
    for (const id of [booking.id, other.id]) {
      const res = await request.post(`/v3/staff/shops/${shop.id}/agenda/bookings/${id}/cancel`, {
        headers: auth,
        data: { reason: "Fim do teste de arrastar" },
      });
      expect(res.ok()).toBeTruthy();
    }
  },
);
