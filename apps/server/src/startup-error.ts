/** A failure to start that a person can fix (a setting, a service that is down): printed as one line. */
export class StartupError extends Error {}
