import { missingProductionSettings } from "@/lib/server/env";

describe("a production server's settings", () => {
  it("refuses to go without the site's public address, saying which setting and why", () => {
    const message = missingProductionSettings({ NODE_ENV: "production" });
    expect(message).toMatch(/^PUBLIC_SITE_URL is not set/);
    expect(message).toContain("links in messages and calendar files");
    expect(missingProductionSettings({ NODE_ENV: "production", PUBLIC_SITE_URL: "  " })).not.toBeNull();
  });

  it("takes one that is set, and lets development and tests use the default", () => {
    expect(missingProductionSettings({ NODE_ENV: "production", PUBLIC_SITE_URL: "https://navalha.app" })).toBeNull();
    expect(missingProductionSettings({ NODE_ENV: "development" })).toBeNull();
    expect(missingProductionSettings({ NODE_ENV: "test" })).toBeNull();
    expect(missingProductionSettings({})).toBeNull();
  });
});
