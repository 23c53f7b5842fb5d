// The demo's pictures as the site shows them: each drawing in public/demo/*.svg (the source, kept) rendered
// once to WebP beside it, at its own size, as an uploaded photo is (lib/server/uploads/avatar.ts). The demo
// shops point at the WebP files: a picture sent as SVG costs the phone a whole document of its own (Chromium
// builds one per <img>), which no real shop's photo does (decision 0033: refusing the shop page's five SVG
// pictures took its main-thread work in Lighthouse from 1,854 to 1,536 ms, median of 5).
//
//   npx tsx scripts/seed/demo-images.ts     # after changing a drawing; commit the .webp files it writes
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const DIR = path.join(process.cwd(), "public/demo");

async function main() {
  const drawings = (await readdir(DIR)).filter((f) => f.endsWith(".svg")).sort();
  for (const name of drawings) {
    const webp = await sharp(await readFile(path.join(DIR, name)))
      .webp({ quality: 82 })
      .toBuffer();
    await writeFile(path.join(DIR, name.replace(/\.svg$/, ".webp")), webp);
    console.log(`${name} → ${name.replace(/\.svg$/, ".webp")} (${(webp.length / 1024).toFixed(1)} KB)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
