import { sniffImageType } from "./avatar";

describe("sniffImageType", () => {
  it("recognises JPEG, PNG and WebP by their first bytes only", () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffImageType(new Uint8Array(Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ")))).toBe("webp");
  });

  it("refuses everything else, including look-alikes", () => {
    expect(sniffImageType(new Uint8Array(Buffer.from("GIF89a")))).toBeNull();
    expect(sniffImageType(new Uint8Array(Buffer.from("<svg xmlns=")))).toBeNull();
    expect(sniffImageType(new Uint8Array(Buffer.from("RIFF\u0000\u0000\u0000\u0000WAVE")))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
