"use client";
import { useT } from "next-i18next/client";
import type { TAppointmentStatus } from "@/lib/contract/appointments";

const STYLES: Record<TAppointmentStatus, string> = {
  pending: "border-primary/60 text-primary",
  confirmed: "border-success/60 text-success",
  cancelled: "border-danger/60 text-danger",
  completed: "border-line text-muted",
};

export function StatusBadge({ status }: { status: TAppointmentStatus }) {
  const { t } = useT("booking");
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border px-3 py-1 text-sm font-medium ${STYLES[status]}`}>{t(`status.${status}`)}</span>
  );
}
