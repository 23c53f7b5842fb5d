import "server-only";

/**
 * MJML → HTML that Gmail and Outlook read (tables, inline styles, VML buttons). About 10 ms a message,
 * so messages are stored as MJML when written (inside a booking's transaction) and rendered here when sent.
 */
export async function renderMjml(mjml: string): Promise<string> {
  const { default: mjml2html } = await import("mjml");
  const out = await Promise.resolve(mjml2html(mjml, { validationLevel: "strict", keepComments: false }));
  if (out.errors?.length) throw new Error(`MJML: ${out.errors.map((e) => e.formattedMessage).join("; ")}`);
  return out.html;
}
