export function App() {
  return (
    <main>
      <h1>Petstore Desk</h1>
    </main>
  );
}
