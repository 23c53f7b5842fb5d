import { addressBlock, clientIp } from "./request-ip";

const req = (forwardedFor?: string, extra: Record<string, string> = {}) =>
  new Request("http://localhost/", { headers: forwardedFor === undefined ? extra : { "x-forwarded-for": forwardedFor, ...extra } });

describe("clientIp", () => {
  it("with no proxy, takes the address next start wrote from the socket", () => {
    expect(clientIp(req("198.51.100.7"), 0)).toBe("198.51.100.7");
  });

  it("with one proxy, takes the entry it appended, not what the client wrote before it", () => {
    expect(clientIp(req("203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(req("1.1.1.1, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(req("6.6.6.6, 7.7.7.7, 203.0.113.9"), 1)).toBe("203.0.113.9");
  });

  it("with two proxies, skips the inner proxy's entry and takes the client's", () => {
    expect(clientIp(req("203.0.113.9, 10.0.0.2"), 2)).toBe("203.0.113.9");
    expect(clientIp(req("1.1.1.1, 2.2.2.2, 203.0.113.9, 10.0.0.2"), 2)).toBe("203.0.113.9");
  });

  it("does not believe X-Real-IP, which the client can write", () => {
    expect(clientIp(req("203.0.113.9", { "x-real-ip": "1.1.1.1" }), 1)).toBe("203.0.113.9");
    expect(clientIp(req(undefined, { "x-real-ip": "1.1.1.1" }), 1)).toBe("local");
  });

  it("gives one spelling per address and no key for what is not an address", () => {
    expect(clientIp(req("::ffff:198.51.100.7"), 0)).toBe("198.51.100.7");
    expect(clientIp(req("198.51.100.7:4711"), 0)).toBe("198.51.100.7");
    expect(clientIp(req("[2001:DB8::1]:443"), 0)).toBe("2001:db8::1");
    expect(clientIp(req("not-an-address"), 0)).toBe("local");
    expect(clientIp(req(""), 1)).toBe("local");
  });

  it("takes the leftmost entry when there are fewer entries than proxies", () => {
    expect(clientIp(req("203.0.113.9"), 2)).toBe("203.0.113.9");
  });
});

describe("addressBlock", () => {
  it("counts an IPv6 address by its /64, whatever its spelling", () => {
    expect(addressBlock("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("2001:db8:1:2::ffff:1")).toBe(addressBlock("2001:db8:1:2:1234::9"));
    expect(addressBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
    expect(addressBlock("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBlock("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });

  it("tells apart two /64s and leaves IPv4 as it is", () => {
    expect(addressBlock("2001:db8:1:2::1")).not.toBe(addressBlock("2001:db8:1:3::1"));
    expect(addressBlock("198.51.100.7")).toBe("198.51.100.7");
    expect(addressBlock("local")).toBe("local");
  });
});
