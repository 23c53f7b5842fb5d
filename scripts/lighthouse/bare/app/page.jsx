export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>Nothing but the framework: the floor that the pages of the site are measured against.</p>
    </main>
  );
}
