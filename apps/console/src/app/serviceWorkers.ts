/** The console works without service workers (SPEC.md section 2) and removes any left registered. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Not allowed here (insecure context, privacy mode): nothing is registered then either.
  }
}
