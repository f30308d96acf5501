export default function HomePage() {
  return (
    <main>
      <h1>Token Price Index</h1>
      <p>The website is being built; the API serves the index at /api/otpi.</p>
    </main>
  );
}
