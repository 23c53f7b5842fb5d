"use client";
import { useT } from "next-i18next/client";
import { useEffect, useId, useState } from "react";
import { dropPushSubscription, savePushSubscription, usePushSettings } from "@/lib/api/alerts";
import { errorMessage } from "@/lib/api/errors";

// "Receive in the browser": this browser's Web Push subscription for the member's alerts at the shop
// (docs/decisions/0054-web-push.md). Permission is asked on the click, never on arrival.

type Support = "checking" | "unsupported" | "blocked" | "ready";

const toBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toBase64url = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : null;

function browserSupport(): Support {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "ready";
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Registers the console's service worker and subscribes with the site's key (a subscription of an older key is replaced). */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const old = await reg.pushManager.getSubscription();
  if (old && toBase64url(old.options.applicationServerKey) === publicKey) return old;
  await old?.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(publicKey) });
}

export function PushToggle({ shopId }: { shopId: string }) {
  const { t } = useT("alerts");
  const id = useId();
  const { data, mutate } = usePushSettings(shopId);
  const [support, setSupport] = useState<Support>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const found = browserSupport();
      const sub = found === "unsupported" ? null : await currentSubscription().catch(() => null);
      if (!live) return;
      setEndpoint(sub?.endpoint ?? null);
      setSupport(found);
    })();
    return () => {
      live = false;
    };
  }, []);

  const on = Boolean(data?.push && endpoint && data.push_devices > 0);
  const usable = support === "ready" && Boolean(data?.enabled && data.public_key);

  async function change(want: boolean) {
    if (!data?.public_key) return;
    setBusy(true);
    setMessage(null);
    try {
      if (want) {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          if (permission === "denied") setSupport("blocked");
          setMessage({ ok: false, text: t("push.denied") });
          return;
        }
        const sub = (await subscribe(data.public_key)).toJSON();
        const saved = await savePushSubscription(shopId, { endpoint: sub.endpoint!, keys: { p256dh: sub.keys!.p256dh, auth: sub.keys!.auth } });
        setEndpoint(sub.endpoint!);
        void mutate(saved.data, { revalidate: false });
        setMessage({ ok: true, text: t("push.turnedOn") });
      } else if (endpoint) {
        const saved = await dropPushSubscription(shopId, endpoint);
        void mutate(saved.data, { revalidate: false });
        setEndpoint(null);
        setMessage({ ok: true, text: t("push.turnedOff") });
      }
    } catch (err) {
      setMessage({ ok: false, text: err instanceof DOMException ? t("push.failed") : errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  if (!data || support === "checking") return <div className="h-11 w-48 animate-pulse rounded bg-white/10" aria-hidden="true" />;
  const why = !data.enabled
    ? t("push.siteOff")
    : support === "unsupported"
      ? t("push.unsupported")
      : support === "blocked"
        ? t("push.blocked")
        : t("push.hint");
  return (
    <div className="grid gap-1">
      <label className="flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          className="mt-1 size-5 accent-[#E5B817]"
          checked={on}
          disabled={!usable || busy}
          aria-describedby={`${id}-why`}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>
          <span className="block">{t("push.label")}</span>
          <span id={`${id}-why`} className="block text-sm text-muted">
            {why}
          </span>
        </span>
      </label>
      <p role="status" aria-live="polite" className={message?.ok === false ? "text-sm text-danger" : "text-sm text-muted"}>
        {message?.text}
      </p>
    </div>
  );
}
