// The floor of `npm run bench:lighthouse`: a bare Next.js page, built and measured in the same run.
export const metadata = { title: "Bare Next.js page" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
