import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "./clock";

/**
 * The serious and critical accessibility violations of the page as it stands, each as "where: rule (elements)". Every
 * rule runs (or those of `tags`); axe keeps the details of its violations only, not of the rules that passed, which
 * it would otherwise gather for every element of the page.
 *
 * A page without frames is scanned by one `axe.run` inside it (AxeBuilder's legacy mode): the same rules and the same
 * findings, 2–2.5 times faster here than the default, which scans each frame apart and then opens a blank page of its
 * own to put the results together. A page with a frame gets the default, which also looks inside the frame (decision 0064).
 */
export async function seriousViolations(page: Page, where = page.url(), tags?: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(page.frames().length === 1);
  if (tags) builder = builder.withTags(tags);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id}, ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page, where?: string, tags?: string[]) {
  expect(await seriousViolations(page, where, tags)).toEqual([]);
}
