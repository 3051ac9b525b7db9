// The tracker's version: the status page shows it, so an operator can tell which release a server runs.
// Bumped with each release (kept out of package.json, whose changes make `make` reinstall node_modules).
export const TRACKER_VERSION = '0.1.0';
