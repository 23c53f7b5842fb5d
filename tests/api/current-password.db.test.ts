import { PUT as changePassword } from "@/app/v3/user/password/route";
import { POST as updateEmail } from "@/app/v3/update-email/route";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { LIMITS } from "@/lib/server/rate-limit/limiter";
import { call, makeAccount, PASSWORD, randomIp } from "@/tests/factories/account";

// A sensitive change asks for the current password, and wrong guesses count like failed sign-ins: at most
// LIMITS.loginFailuresPerIdentifier.points of them are compared in its window, however many arrive at once.
// Each attempt is claimed before the password is compared, so 40 parallel guesses cannot check an 11th.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const LIMIT = LIMITS.loginFailuresPerIdentifier.points;

type Guess = (token: string, password: string, n: number) => Promise<Response>;
const paths: [string, Guess][] = [
  [
    "PUT /v3/user/password",
    (token, current_password) =>
      changePassword(
        call("/v3/user/password", {
          method: "PUT",
          token,
          ip: randomIp(),
          body: { current_password, password: "nova-senha-1", password_confirmation: "nova-senha-1" },
        }),
      ),
  ],
  [
    "POST /v3/update-email",
    (token, current_password, n) =>
      updateEmail(call("/v3/update-email", { token, ip: randomIp(), body: { email: `novo-${n}@example.com`, current_password } })),
  ],
];

describe.each(paths)("%s with a wrong current password", (_, guess) => {
  it(`compares at most ${LIMIT} of 40 parallel guesses; the others answer 429 with Retry-After, in the caller's language`, async () => {
    const me = await makeAccount(db());
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => guess(me.token, `errada-${n}`, n)));
    const bodies = await Promise.all(
      answers.map(async (res) => ({
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        ...((await res.json()) as { code: string; error: string }),
      })),
    );
    const compared = bodies.filter((b) => b.code === "WRONG_PASSWORD");
    const refused = bodies.filter((b) => b.status === 429);
    expect({ compared: compared.length, refused: refused.length }).toEqual({ compared: LIMIT, refused: 40 - LIMIT });
    for (const b of refused) {
      expect(b).toMatchObject({ code: "TOO_MANY_REQUESTS", error: "Too many attempts. Please wait and try again." });
      expect(Number(b.retryAfter)).toBeGreaterThan(0);
    }
    // The right password is not compared either until the window is over: the guesser spent it.
    const right = await guess(me.token, PASSWORD, 99);
    expect(right.status).toBe(429);
  });

  it("lets the right password through after a few wrong ones, and starts the count afresh", async () => {
    const me = await makeAccount(db());
    for (let n = 0; n < LIMIT - 1; n++) expect((await guess(me.token, `errada-${n}`, n)).status).toBe(400);
    const right = await guess(me.token, PASSWORD, 50);
    expect(right.status).toBeLessThan(300);
  });
});
