// Placeholder until the console lands: the router lazy-loads this module's default export under /admin/*.
export default function AdminApp() {
  return null;
}
