export function PublicApp() {
  return null;
}
