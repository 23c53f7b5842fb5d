import { readLocalUpload } from "@/lib/server/uploads/storage";

// Files written to public/ after the build are not served by `next start`: uploads are read here.
export async function GET(_req: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const data = await readLocalUpload(name);
  if (!data) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(new Uint8Array(data), {
    headers: {
      "content-type": "image/webp",
      // Names are random and never reused.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
