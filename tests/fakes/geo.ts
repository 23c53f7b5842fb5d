import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";

// Local stand-ins for the three outside services of shop onboarding, on one port, each speaking its service's HTTP
// and keeping its rules, so that what would fail against the real one fails here:
// - /ws/{cep}/json/ answers as ViaCEP: 200 with the address, 200 `{ "erro": "true" }` for a CEP it does not know,
//   400 for one that is not eight digits;
// - /search?q=…&format=jsonv2 answers as Nominatim: a JSON array of { lat, lon, display_name } (strings), [] when
//   nothing matches; 403 without a User-Agent that names an application (a library's default is refused, as the
//   usage policy says), 429 for a second request within a second from the same client;
// - /tiles/{z}/{x}/{y}.png answers a small PNG tile, 400 outside the tile grid.
// Run by scripts/e2e-server.sh and scripts/demo-start.sh (`tsx tests/fakes/geo.ts <port>`) and by the API tests.

export type GeoPlace = { cep: string; street: string; neighborhood: string; city: string; state: string; latitude: number; longitude: number };

/** Streets the fakes know (their CEP and their point), and the cities' centres. */
export const KNOWN_PLACES: GeoPlace[] = [
  { cep: "01414001", street: "Rua Haddock Lobo", neighborhood: "Cerqueira César", city: "São Paulo", state: "SP", latitude: -23.5614, longitude: -46.6655 },
  { cep: "05422010", street: "Rua dos Pinheiros", neighborhood: "Pinheiros", city: "São Paulo", state: "SP", latitude: -23.5665, longitude: -46.6841 },
  {
    cep: "04538133",
    street: "Avenida Brigadeiro Faria Lima",
    neighborhood: "Itaim Bibi",
    city: "São Paulo",
    state: "SP",
    latitude: -23.5869,
    longitude: -46.6821,
  },
  { cep: "22071900", street: "Avenida Atlântica", neighborhood: "Copacabana", city: "Rio de Janeiro", state: "RJ", latitude: -22.9707, longitude: -43.1824 },
  { cep: "30130010", street: "Avenida Afonso Pena", neighborhood: "Centro", city: "Belo Horizonte", state: "MG", latitude: -19.9245, longitude: -43.9352 },
  // A street the geocoder does not find: the owner places the pin by hand.
  { cep: "01310930", street: "Travessa Sem Mapa", neighborhood: "Bela Vista", city: "São Paulo", state: "SP", latitude: Number.NaN, longitude: Number.NaN },
];
export const CITY_CENTRES: { city: string; state: string; latitude: number; longitude: number }[] = [
  { city: "São Paulo", state: "SP", latitude: -23.5505, longitude: -46.6333 },
  { city: "Rio de Janeiro", state: "RJ", latitude: -22.9068, longitude: -43.1729 },
  { city: "Belo Horizonte", state: "MG", latitude: -19.9167, longitude: -43.9345 },
];

export type FakeGeo = {
  url: string;
  cepUrl: string;
  geocoderUrl: string;
  tileUrl: string;
  /** Every geocoder request, with its User-Agent and what it was answered. */
  geocoderRequests: { q: string; userAgent: string | undefined; status: number }[];
  tileRequests: number;
  close: () => Promise<void>;
};

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Nominatim's usage policy refuses requests without an identifying User-Agent; libraries' defaults are refused too. */
const GENERIC_AGENTS = /^(node|undici|axios|python-requests|curl|wget|go-http-client|java|okhttp|mozilla\/5\.0$)/i;

function pngTile(size = 8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x2a)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json; charset=utf-8") {
  res.writeHead(status, { "content-type": type, "access-control-allow-origin": "*" });
  res.end(Buffer.isBuffer(body) ? body : typeof body === "string" ? body : JSON.stringify(body));
}

export async function startFakeGeo(port = 0): Promise<FakeGeo> {
  const tile = pngTile();
  const lastByClient = new Map<string, number>();
  const fake = { geocoderRequests: [], tileRequests: 0 } as unknown as FakeGeo;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const cep = /^\/ws\/([^/]*)\/json\/?$/.exec(url.pathname);
    if (cep) {
      if (!/^\d{8}$/.test(cep[1])) return send(res, 400, "<h1>Bad Request</h1>", "text/html");
      const place = KNOWN_PLACES.find((p) => p.cep === cep[1]);
      if (!place) return send(res, 200, { erro: "true" });
      return send(res, 200, {
        cep: `${place.cep.slice(0, 5)}-${place.cep.slice(5)}`,
        logradouro: place.street,
        complemento: "",
        bairro: place.neighborhood,
        localidade: place.city,
        uf: place.state,
        ibge: "",
        ddd: "",
      });
    }
    if (url.pathname === "/search") {
      const q = url.searchParams.get("q") ?? "";
      const agent = req.headers["user-agent"];
      const record = (status: number) => fake.geocoderRequests.push({ q, userAgent: agent, status });
      if (!agent || GENERIC_AGENTS.test(agent.trim())) {
        record(403);
        return send(res, 403, "<html><body>Access blocked: identify your application in the User-Agent (usage policy).</body></html>", "text/html");
      }
      const client = `${req.socket.remoteAddress}|${agent}`;
      const now = Date.now();
      const last = lastByClient.get(client) ?? 0;
      lastByClient.set(client, now);
      if (now - last < 1000) {
        record(429);
        return send(res, 429, "<html><body>Too Many Requests: at most one request a second.</body></html>", "text/html");
      }
      record(200);
      const words = fold(q);
      const streets = KNOWN_PLACES.filter((p) => !Number.isNaN(p.latitude) && words.includes(fold(p.street)) && words.includes(fold(p.city)));
      const found = streets.length
        ? streets.map((p) => {
            // Each house number a few metres along the street, so that two numbers are two points.
            const n = Number(/\b(\d{1,5})\b/.exec(words.replace(fold(p.street), ""))?.[1] ?? 0);
            return {
              lat: String(p.latitude + n * 0.000005),
              lon: String(p.longitude + n * 0.000005),
              display_name: `${p.street}, ${p.neighborhood}, ${p.city}, ${p.state}, Brasil`,
            };
          })
        : CITY_CENTRES.filter((c) => words === fold(`${c.city} ${c.state}`) || words === fold(`${c.city} ${c.state} brasil`)).map((c) => ({
            lat: String(c.latitude),
            lon: String(c.longitude),
            display_name: `${c.city}, ${c.state}, Brasil`,
          }));
      return send(
        res,
        200,
        found.map((f, i) => ({ place_id: i + 1, licence: "Data © OpenStreetMap contributors, ODbL 1.0.", ...f })),
      );
    }
    const t = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (t) {
      const [z, x, y] = t.slice(1).map(Number);
      if (z > 19 || x >= 2 ** z || y >= 2 ** z) return send(res, 400, "Bad tile", "text/plain");
      fake.tileRequests++;
      res.writeHead(200, { "content-type": "image/png", "cache-control": "public, max-age=86400", "access-control-allow-origin": "*" });
      return res.end(tile);
    }
    send(res, 404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  fake.cepUrl = `${base}/ws`;
  fake.geocoderUrl = base;
  fake.tileUrl = `${base}/tiles/{z}/{x}/{y}.png`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

// `tsx tests/fakes/geo.ts 3499`: serves the fakes until stopped (the e2e server and the demo).
if (process.argv[1] && /tests\/fakes\/geo\.ts$/.test(process.argv[1])) {
  void startFakeGeo(Number(process.argv[2] ?? 0)).then((f) => console.log(`fake CEP, geocoder and tiles on ${f.url}`));
}
