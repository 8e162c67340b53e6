// Placeholder: replaced by the real screen.
export default function Screen() {
  return <h1>not-found</h1>;
}
