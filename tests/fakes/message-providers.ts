import { resetEnvCache } from "@/lib/server/env";
import { startSmtpInbox } from "./smtp";
import { type FakeCloudApi, startFakeCloudApi } from "./whatsapp-cloud";

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/**
 * For a test file that sends booking messages: a real SMTP server and the fake WhatsApp Cloud API, started
 * once and pointed at by the app's settings (with `extra` settings of the file's own), emptied before each
 * test, and the settings put back after the file. The servers are on the returned object once its
 * beforeAll has run.
 */
export function useMessageProviders(extra: Record<string, string> = {}): { mail: SmtpInbox; cloud: FakeCloudApi } {
  const providers = {} as { mail: SmtpInbox; cloud: FakeCloudApi };
  const settings = {
    PUBLIC_SITE_URL: "https://navalha.test",
    WHATSAPP_TOKEN: "test-token",
    WHATSAPP_PHONE_NUMBER_ID: "123456",
    REMINDER_LEADS: "24h,2h",
    ...extra,
  };
  beforeAll(async () => {
    providers.mail = await startSmtpInbox();
    providers.cloud = await startFakeCloudApi({ token: settings.WHATSAPP_TOKEN, phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID });
    Object.assign(process.env, { ...settings, SMTP_URL: providers.mail.url, WHATSAPP_API_URL: providers.cloud.url });
    resetEnvCache();
  });
  afterAll(async () => {
    for (const k of [...Object.keys(settings), "SMTP_URL", "WHATSAPP_API_URL"]) delete process.env[k];
    resetEnvCache();
    await providers.cloud.close();
    await providers.mail.close();
  });
  beforeEach(() => {
    providers.mail.clear();
    providers.cloud.sent.length = 0;
    providers.cloud.unreachable.clear();
    providers.cloud.failLater.clear();
    providers.cloud.refused.length = 0;
  });
  return providers;
}
