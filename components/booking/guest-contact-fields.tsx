import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useT } from "@/lib/i18n/words";
import { maskPhoneBr } from "@/lib/text/phone-mask";
import { nameErrorText } from "./field-errors";
import { LabelledInput } from "./labelled-input";

/**
 * A guest's name and mobile phone, as the booking's details step and the waitlist ask for them: the same labels,
 * hints and errors, and the phone masked as it is typed. The fields are the caller's form's (`register("name")`,
 * `register("phone")`), registered in this order so that a submit with errors focuses the name first.
 */
export function GuestContactFields({
  nameField,
  phoneField,
  nameError,
  phoneError,
}: {
  nameField: UseFormRegisterReturn<"name">;
  phoneField: UseFormRegisterReturn<"phone">;
  nameError?: FieldError;
  phoneError?: FieldError;
}) {
  const { t } = useT("booking");
  return (
    <>
      <LabelledInput
        label={t("flow.name")}
        error={nameError ? nameErrorText(nameError.message, t) : null}
        autoComplete="name"
        placeholder={t("flow.namePlaceholder")}
        {...nameField}
        maxLength={120}
        required
      />
      <LabelledInput
        label={t("flow.phone")}
        error={phoneError ? t("flow.phoneError") : null}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t("flow.phonePlaceholder")}
        {...phoneField}
        onChange={(e) => {
          e.target.value = maskPhoneBr(e.target.value);
          return phoneField.onChange(e);
        }}
        required
      />
    </>
  );
}
