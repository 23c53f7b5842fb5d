import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets several builds or dev servers share one checkout (tests, benchmarks).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "postgres", "nodemailer"],
  images: { unoptimized: true },
};

export default nextConfig;
