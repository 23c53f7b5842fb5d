import { downloadAppointmentIcs } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";
import type { Translate } from "@/lib/i18n/translate";

/** The appointment's .ics, downloaded as a file the phone's calendar opens. */
export async function downloadIcs(id: number, link: { manage_token: string } | undefined, t: Translate): Promise<void> {
  const res = await call(() => downloadAppointmentIcs(id, link), { t, errorKey: "ACTION_ERROR" });
  if (!res) return;
  const url = URL.createObjectURL(res);
  const a = document.createElement("a");
  a.href = url;
  a.download = `navalha-${id}.ics`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
