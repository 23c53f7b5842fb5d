import { NextRequest } from "next/server";
import { route } from "./handler";

// What the server writes to its log when a handler fails: the path, never the query or the token.
describe("route", () => {
  const secret = "s3cr3t-manage-token-0123456789";
  const bearer = "eyJhbGciOiJIUzI1NiJ9.payload.signature";

  it("logs only the method and path of a failing request, not its query string or Authorization", async () => {
    const logged: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    try {
      const handler = route(async () => {
        throw new Error("boom");
      });
      const req = new NextRequest(`http://localhost/v3/client/appointments/7?manage_token=${secret}&token=${secret}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      const res = await handler(req);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { code: string };
      expect(body.code).toBe("INTERNAL");
      expect(JSON.stringify(body)).not.toContain("boom");
    } finally {
      spy.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: "error", where: "GET /v3/client/appointments/7" });
    expect(logged[0]).not.toContain(secret);
    expect(logged[0]).not.toContain(bearer);
  });
});
